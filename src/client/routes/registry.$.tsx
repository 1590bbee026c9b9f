import { createFileRoute, notFound, redirect } from '@tanstack/react-router'
import { normalizeListingNumber } from '../../shared/registry'
import { couldBeListingNumber } from '../components/registry-number'

/**
 * A listing's address written with its number as printed: /registry/MHBOT-SC/L-0001, or
 * MHBOT-SC%2FL-0001, which the server decodes to the same path before matching. It leads to the one
 * address the listing has (MHBOT-SC-L-0001); anything else here is not found.
 */
export const Route = createFileRoute('/registry/$')({
  codeSplitGroupings: [['loader']],
  loader: async ({ context, params }) => {
    const typed = params._splat ?? ''
    const wanted = typed.includes('/') && couldBeListingNumber(typed) ? normalizeListingNumber(typed) : null
    if (wanted === null) throw notFound()
    const listing = await context.queryClient.ensureQueryData(
      context.trpc.registry.listing.queryOptions({ number: wanted }),
    )
    if (!listing) throw notFound()
    throw redirect({ to: '/registry/$number', params: { number: listing.key }, statusCode: 301 })
  },
})
