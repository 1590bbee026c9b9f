import { Container, Text } from '@mantine/core'
import { useQuery } from '@tanstack/react-query'
import { createFileRoute } from '@tanstack/react-router'
import { APPLICATION_SIGN_IN } from '../../shared/registry-applications'
import { DisclaimerBox } from '../components/disclaimer-box'
import { PageHero } from '../components/page-hero'
import { ApplicationPage } from '../components/registry-application'
import { useFormPost } from '../lib/form-post'
import { routeHead } from '../lib/seo'
import { useSite } from '../lib/site'
import { useTRPC } from '../lib/trpc'

type Search = { new?: 1; answered?: 1; added?: 1 }

export const Route = createFileRoute('/registry/application')({
  head: routeHead({
    title: 'Your Application',
    description: 'An application to the council’s registry: its state, the council’s questions and the documents sent.',
    path: '/registry/application',
  }),
  // Where the button of the mailed link leads, and the forms' outcomes (decision 048).
  validateSearch: (search: Record<string, unknown>): Search => ({
    ...(String(search.new) === '1' ? { new: 1 as const } : {}),
    ...(String(search.answered) === '1' ? { answered: 1 as const } : {}),
    ...(String(search.added) === '1' ? { added: 1 as const } : {}),
  }),
  // One applicant's page, by the cookie its link set: never kept.
  staticData: { private: true },
  codeSplitGroupings: [['loader', 'component']],
  loader: async ({ context }) => {
    await context.queryClient.ensureQueryData(context.trpc.registry.application.queryOptions()).catch(() => null)
  },
  component: ApplicantPage,
})

function ApplicantPage() {
  const trpc = useTRPC()
  const site = useSite()
  const search = Route.useSearch()
  const answerPost = useFormPost('registry-answer')
  const documentsPost = useFormPost('registry-documents')
  const application = useQuery({ ...trpc.registry.application.queryOptions(), retry: false })
  return (
    <>
      <PageHero title="Your application" />
      {application.data ? (
        <ApplicationPage
          application={application.data}
          site={site}
          search={search}
          post={answerPost ?? documentsPost}
        />
      ) : application.data === null || application.isError ? (
        <Container size="sm" py={48}>
          <Text role="alert">{APPLICATION_SIGN_IN}</Text>
        </Container>
      ) : null}
      <DisclaimerBox />
    </>
  )
}
