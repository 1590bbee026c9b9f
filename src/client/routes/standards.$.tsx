import { createFileRoute, notFound, redirect } from '@tanstack/react-router'
import { isStandardNumber } from '../components/standard-routing'

/** A document's number with its slash, then what follows it in the address, if anything. */
const SLASHED = /^(.+?)(\/compare|\/v\/[^/]+(?:\/comments)?)?$/

/**
 * A document's address written with its number as printed: /standards/MHBOT-SC/001, or
 * MHBOT-SC%2F001, which the server decodes to the same path before matching (ssr/render.tsx). It
 * leads to the one address the document has (MHBOT-SC-001); anything else here is not found.
 */
export const Route = createFileRoute('/standards/$')({
  codeSplitGroupings: [['loader']],
  loader: async ({ context, params }) => {
    const match = SLASHED.exec(params._splat ?? '')
    const number = match?.[1] ?? ''
    if (!number.includes('/') || !isStandardNumber(number)) throw notFound()
    const document = await context.queryClient.ensureQueryData(context.trpc.standards.document.queryOptions({ number }))
    if (!document) throw notFound()
    throw redirect({ href: `/standards/${document.key}${match?.[2] ?? ''}`, statusCode: 301 })
  },
})
