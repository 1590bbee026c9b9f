import { useQuery } from '@tanstack/react-query'
import { createFileRoute, notFound, redirect } from '@tanstack/react-router'
import { normalizeListingNumber } from '../../shared/registry'
import { DisclaimerBox } from '../components/disclaimer-box'
import { ListingHero, ListingView, listingMeta, listingStructuredData } from '../components/registry-listing'
import { couldBeListingNumber } from '../components/registry-number'
import { useFormPost } from '../lib/form-post'
import { jsonLd } from '../lib/json-ld'
import { pageHead } from '../lib/seo'
import { useSite } from '../lib/site'
import { useTRPC } from '../lib/trpc'

export const Route = createFileRoute('/registry/$number')({
  // The loader and the page travel together, after the first load of any other page
  // (docs/decisions/021-first-load-budget.md): the registry's words stay out of the router's bundle.
  codeSplitGroupings: [['loader', 'component']],
  // ?concern=sent: where a concern posted without JavaScript lands (its acknowledgement).
  validateSearch: (search: Record<string, unknown>): { concern?: 'sent' } =>
    search.concern === 'sent' ? { concern: 'sent' } : {},
  // No such listing (or not a number at all) is the site's not-found page; any other way of writing
  // the number (mhbot-sc-l-1, L-0001, 0001) is sent to the one address the listing has.
  loader: async ({ context, params }) => {
    const wanted = couldBeListingNumber(params.number) ? normalizeListingNumber(params.number) : null
    if (wanted === null) throw notFound()
    const listing = await context.queryClient.ensureQueryData(
      context.trpc.registry.listing.queryOptions({ number: wanted }),
    )
    if (!listing) throw notFound()
    if (listing.key !== params.number) {
      throw redirect({ to: '/registry/$number', params: { number: listing.key }, statusCode: 301 })
    }
    return { meta: listingMeta(listing), structured: listingStructuredData(listing, context.site) }
  },
  // The title, description and structured data come with the page's data, from the loader's chunk.
  head: ({ match, loaderData }) =>
    loaderData ? { ...pageHead(loaderData.meta, match.context.site), scripts: [jsonLd(loaderData.structured)] } : {},
  component: ListingPage,
})

function ListingPage() {
  const trpc = useTRPC()
  const site = useSite()
  const { number } = Route.useParams()
  const search = Route.useSearch()
  const post = useFormPost('registry-concern')
  const wanted = normalizeListingNumber(number)
  const listing = useQuery({
    ...trpc.registry.listing.queryOptions({ number: wanted ?? '' }),
    enabled: wanted !== null,
  }).data
  if (!listing) return null
  return (
    <>
      <ListingHero listing={listing} />
      <ListingView listing={listing} site={site} concern={{ sent: search.concern === 'sent', post }} />
      <DisclaimerBox />
    </>
  )
}
