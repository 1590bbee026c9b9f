import { Anchor, Box, Button, Container, Group, Paper, Text, Title } from '@mantine/core'
import { useQuery } from '@tanstack/react-query'
import { createFileRoute, Link, notFound, redirect } from '@tanstack/react-router'
import { DisclaimerBox } from '../components/disclaimer-box'
import { PrintButton } from '../components/print-button'
import { StandardBody } from '../components/standard-body'
import { StandardHistory } from '../components/standard-history'
import { MetaList, ReviewCallout, StandardDate, StandardHero } from '../components/standard-parts'
import { isStandardNumber, standardPdfPath } from '../components/standard-routing'
import { type PageMeta, pageHead } from '../lib/seo'
import { useSite } from '../lib/site'
import { useTRPC } from '../lib/trpc'

export const Route = createFileRoute('/standards/$number/')({
  // The loader and the page travel together, after the first load of any other page
  // (docs/decisions/021-first-load-budget.md): its helpers stay out of the router's bundle.
  codeSplitGroupings: [['loader', 'component']],
  // Not there (or not a number at all) is the site's not-found page; any other spelling of the
  // number (MHBOT-SC%2F001, lower case) is sent to the one address the document has.
  loader: async ({ context, params }) => {
    if (!isStandardNumber(params.number)) throw notFound()
    const document = await context.queryClient.ensureQueryData(
      context.trpc.standards.document.queryOptions({ number: params.number }),
    )
    if (!document) throw notFound()
    if (document.key !== params.number) {
      throw redirect({ to: '/standards/$number', params: { number: document.key }, statusCode: 301 })
    }
    const meta: PageMeta = {
      title: document.title,
      description: document.description,
      path: `/standards/${document.key}`,
    }
    return { meta }
  },
  // The page's title and description come with its data, from the loader's chunk.
  head: ({ match, loaderData }) => (loaderData ? pageHead(loaderData.meta, match.context.site) : {}),
  component: StandardPage,
})

function StandardPage() {
  const trpc = useTRPC()
  const site = useSite()
  const { number } = Route.useParams()
  const document = useQuery(trpc.standards.document.queryOptions({ number })).data
  if (!document) return null
  const current = document.current

  return (
    <>
      <StandardHero title={document.title}>{document.description}</StandardHero>
      <Container size="lg" py={56} component="article" aria-labelledby="standard-text-heading">
        {document.review ? (
          <Box mb="xl">
            <ReviewCallout documentKey={document.key} review={document.review} />
          </Box>
        ) : null}
        <Paper withBorder radius="md" p={{ base: 'md', sm: 'xl' }} data-testid="document-meta">
          <Title order={2} size="h3" id="standard-text-heading">
            {current ? `${document.number}, version ${current.version}` : document.number}
          </Title>
          <MetaList
            items={[
              { label: 'Document number', value: document.number, testId: 'document-number' },
              ...(current
                ? [
                    { label: 'Version', value: current.version, testId: 'document-version' },
                    {
                      label: 'Effective date',
                      value: <StandardDate value={current.effectiveDate} />,
                      testId: 'document-date',
                    },
                  ]
                : []),
              { label: 'Issued by', value: site.name, testId: 'document-issuer' },
            ]}
          />
          <Group mt="xl" data-print-hide>
            {current ? (
              <>
                <Button component="a" href={standardPdfPath(document.key, current.version)}>
                  Download PDF
                </Button>
              </>
            ) : null}
            <Anchor href="#version-history" underline="always">
              Version history
            </Anchor>
            {current ? <PrintButton /> : null}
          </Group>
        </Paper>

        {current ? (
          <Box mt={48}>
            <StandardBody html={current.html} testId="standard-body" />
          </Box>
        ) : (
          <Text mt={48} size="lg">
            No version of this document is in effect yet.
          </Text>
        )}

        <Box component="section" aria-labelledby="version-history" mt={64} data-print-hide>
          <Title order={2} id="version-history">
            Version history
          </Title>
          <Text mt="xs" mb="md" c="dark.7">
            Every public version of {document.number}, newest first. Each keeps its own address and PDF.{' '}
            <Anchor component={Link} to="/standards" underline="always">
              All standards
            </Anchor>
          </Text>
          <Text mb="md" c="dark.7">
            A facility or chamber maker that follows this standard may{' '}
            <Anchor component={Link} to="/registry/apply" underline="always">
              apply to be listed in the registry
            </Anchor>
            .
          </Text>
          <Box maw={860}>
            <StandardHistory
              documentKey={document.key}
              versions={document.versions}
              current={current?.version ?? null}
            />
          </Box>
        </Box>
      </Container>
      <DisclaimerBox />
    </>
  )
}
