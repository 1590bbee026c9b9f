import { useQuery } from '@tanstack/react-query'
import { createFileRoute } from '@tanstack/react-router'
import { DisclaimerBox } from '../components/disclaimer-box'
import { PageHero } from '../components/page-hero'
import { ApplyForm } from '../components/registry-apply'
import { useFormPost } from '../lib/form-post'
import { routeHead } from '../lib/seo'
import { useTRPC } from '../lib/trpc'

export const Route = createFileRoute('/registry/apply')({
  head: routeHead({
    title: 'Apply to the Registry',
    description:
      'Apply to list a mild hyperbaric facility or chamber model in the council’s registry: declare the published standards you follow and attach the evidence.',
    path: '/registry/apply',
  }),
  // ?renew=: a listing's renewal link (its token): the form starts from the listing, and the page is
  // that contact's alone, so it is never kept.
  validateSearch: (search: Record<string, unknown>): { renew?: string } =>
    typeof search.renew === 'string' && search.renew !== '' ? { renew: search.renew } : {},
  staticData: { freeText: ['renew'] },
  codeSplitGroupings: [['loader', 'component']],
  loaderDeps: ({ search }) => ({ renew: search.renew }),
  loader: async ({ context, deps }) => {
    await context.queryClient.ensureQueryData(context.trpc.registry.applyOptions.queryOptions())
    if (deps.renew)
      await context.queryClient
        .ensureQueryData(context.trpc.registry.renewal.queryOptions({ token: deps.renew }))
        .catch(() => null)
  },
  component: ApplyPage,
})

function ApplyPage() {
  const trpc = useTRPC()
  const { renew } = Route.useSearch()
  const post = useFormPost('registry-application')
  const options = useQuery(trpc.registry.applyOptions.queryOptions()).data
  const renewal = useQuery({
    ...trpc.registry.renewal.queryOptions({ token: renew ?? '' }),
    enabled: Boolean(renew),
    retry: false,
  })
  return (
    <>
      <PageHero title={renew ? 'Renew a listing' : 'Apply to the registry'} />
      {renew && renewal.isError ? (
        <p role="alert" style={{ maxWidth: 640, margin: '32px auto', padding: '0 16px' }}>
          {renewal.error.message}
        </p>
      ) : options ? (
        <ApplyForm options={options} renewal={renewal.data ?? null} renewToken={renew ?? null} post={post} />
      ) : null}
      <DisclaimerBox />
    </>
  )
}
