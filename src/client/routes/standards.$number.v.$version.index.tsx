import { Alert, Anchor, Box, Button, Container, Group, Paper, Text, Title } from '@mantine/core'
import { useQuery } from '@tanstack/react-query'
import { createFileRoute, Link, lazyRouteComponent, notFound, redirect, useRouter } from '@tanstack/react-router'
import { type ReactNode, Suspense, useState } from 'react'
import { DisclaimerBox } from '../components/disclaimer-box'
import { PrintButton } from '../components/print-button'
import { StandardBody } from '../components/standard-body'
import {
  DocumentNumber,
  MetaList,
  StandardDate,
  StandardHero,
  standardDate,
  VersionStateBadge,
} from '../components/standard-parts'
import { comparePath, isStandardNumber, isVersionLabel, standardPdfPath } from '../components/standard-routing'
import { type PageMeta, pageHead } from '../lib/seo'
import { useSite } from '../lib/site'
import { type RouterOutputs, useTRPC } from '../lib/trpc'

type Version = NonNullable<RouterOutputs['standards']['version']>

/**
 * The comment form is fetched only where a review is open: its inputs and form state are about
 * 14 KB gzip, which would put every version's page over the first-load budget, and most versions
 * never show it (docs/decisions/021-first-load-budget.md). The loader preloads it when the review is
 * open, so the server renders the form in full; in the browser the server's markup of the form
 * stays until this chunk has arrived and hydrated it. src/tools/first-load.mjs counts only the
 * entry's own dynamic imports as deferred, so on a page in review it lists this chunk as fetched
 * after the HTML; importing it from the entry instead made every page's first load 1 KB heavier.
 */
const DeferredCommentForm = lazyRouteComponent(
  () => import('../components/standard-comment-form'),
  'StandardCommentForm',
)

export const Route = createFileRoute('/standards/$number/v/$version/')({
  // The loader and the page travel together, after the first load of any other page
  // (docs/decisions/021-first-load-budget.md): its helpers stay out of the router's bundle.
  codeSplitGroupings: [['loader', 'component']],
  // A draft, a version never made public and one that does not exist are all the not-found page.
  loader: async ({ context, params }) => {
    if (!isStandardNumber(params.number) || !isVersionLabel(params.version)) throw notFound()
    const version = await context.queryClient.ensureQueryData(
      context.trpc.standards.version.queryOptions({ number: params.number, version: params.version }),
    )
    if (!version) throw notFound()
    if (version.key !== params.number) {
      throw redirect({
        to: '/standards/$number/v/$version',
        params: { number: version.key, version: version.version },
        statusCode: 301,
      })
    }
    // The server renders the form in full: its code is loaded before the page is. A comment posted
    // without JavaScript and refused (a review closed meanwhile) is shown in it again.
    if (version.reviewOpen || context.formPost?.form === 'comment') await DeferredCommentForm.preload?.()
    const meta: PageMeta = {
      title: `${version.title}, version ${version.version}`,
      description:
        version.state === 'review'
          ? `Draft version ${version.version} of ${version.number}, in public review. ${version.description}`
          : `Version ${version.version} of ${version.number}. ${version.description}`,
      path: `/standards/${version.key}/v/${version.version}`,
    }
    return { meta }
  },
  // ?commented=1: where a comment posted without JavaScript lands (docs/decisions/030-forms-without-javascript.md).
  validateSearch: (search: Record<string, unknown>): { commented?: 1 } =>
    String(search.commented) === '1' ? { commented: 1 } : {},
  // The page's title and description come with its data, from the loader's chunk.
  head: ({ match, loaderData }) => (loaderData ? pageHead(loaderData.meta, match.context.site) : {}),
  component: VersionPage,
})

/** Where this version stands, said first: superseded, withdrawn, in review, or in effect. */
function VersionNotice({ version }: { version: Version }) {
  const current = version.current
  const currentLink = current ? (
    <Anchor
      renderRoot={(props) => <Link {...props} to="/standards/$number" params={{ number: version.key }} />}
      fw={700}
      underline="always"
    >
      Read the current version ({current.version})
    </Anchor>
  ) : null
  const notice = (title: string, color: string, children: ReactNode) => (
    <Alert
      variant="light"
      color={color}
      title={title}
      mb="xl"
      data-testid="version-notice"
      styles={{ title: { color: 'var(--mantine-color-dark-8)' }, message: { color: 'var(--mantine-color-dark-7)' } }}
    >
      {children}
    </Alert>
  )
  switch (version.state) {
    case 'superseded':
      return notice(
        'This version is superseded',
        'gray',
        <>
          A later version of {version.number} has replaced it. It stays here, unchanged, for reference. {currentLink}
        </>,
      )
    case 'withdrawn':
      return notice(
        'This version was withdrawn',
        'red',
        <>The council withdrew this draft after its public review; it never took effect. {currentLink}</>,
      )
    case 'review':
      return version.reviewOpen
        ? notice(
            `Draft for public review: open for comment until ${standardDate(version.reviewClosesAt)}`,
            'orange',
            <>
              This is a draft, not yet in effect.{' '}
              <Anchor href="#comment-form" fw={700} underline="always">
                Send a comment
              </Anchor>{' '}
              by <StandardDate value={version.reviewClosesAt} />. {currentLink}
            </>,
          )
        : notice(
            'Public review closed',
            'orange',
            <>
              The review closed on <StandardDate value={version.reviewClosesAt} />; the council is answering the
              comments. {currentLink}
            </>,
          )
    case 'published':
      return null
    case 'draft':
      return null
  }
}

function VersionPage() {
  const trpc = useTRPC()
  const site = useSite()
  const params = Route.useParams()
  const version = useQuery(trpc.standards.version.queryOptions({ number: params.number, version: params.version })).data
  // A refused comment is shown again in its form even once the review has closed (the form says why).
  const context = useRouter().options.context
  const [refusedComment] = useState(() => context.formPost?.form === 'comment')
  if (!version) return null
  const isCurrent = version.current?.version === version.version

  return (
    <>
      <StandardHero title={version.title}>
        {version.number} · Version {version.version}
        {version.state === 'review' ? ' · Draft for public review' : ''}
      </StandardHero>
      <Container size="lg" py={56} component="article" aria-labelledby="version-heading">
        <VersionNotice version={version} />
        <Paper withBorder radius="md" p={{ base: 'md', sm: 'xl' }} data-testid="document-meta">
          <Group gap="sm" align="center">
            <Title order={2} size="h3" id="version-heading">
              {version.number}, version {version.version}
            </Title>
            <VersionStateBadge state={version.state} />
          </Group>
          <MetaList
            items={[
              { label: 'Document number', value: version.number, testId: 'document-number' },
              { label: 'Version', value: version.version, testId: 'document-version' },
              version.effectiveDate
                ? {
                    label: 'Effective date',
                    value: <StandardDate value={version.effectiveDate} />,
                    testId: 'document-date',
                  }
                : version.state === 'review'
                  ? {
                      label: version.reviewOpen ? 'Comments close' : 'Review closed',
                      value: <StandardDate value={version.reviewClosesAt} />,
                      testId: 'document-date',
                    }
                  : { label: 'Effective date', value: 'Never in effect', testId: 'document-date' },
              { label: 'Issued by', value: site.name, testId: 'document-issuer' },
            ]}
          />
          {version.textChangedAt ? (
            <Text mt="lg" fw={700} c="dark.8" data-testid="text-changed">
              Text changed on <StandardDate value={version.textChangedAt} /> during the public review.{' '}
              <Anchor
                renderRoot={(props) => (
                  <Link
                    {...props}
                    to="/standards/$number/v/$version/changes"
                    params={{ number: version.key, version: version.version }}
                  />
                )}
                underline="always"
              >
                Compare with the text that opened the review
              </Anchor>
            </Text>
          ) : null}
          {version.changeSummary ? (
            <Text mt="lg" c="dark.7">
              <Text component="span" fw={700} c="dark.8">
                What this version changes:
              </Text>{' '}
              {version.changeSummary}
            </Text>
          ) : null}
          <Group mt="xl" data-print-hide>
            <Button component="a" href={standardPdfPath(version.key, version.version)}>
              Download PDF
            </Button>
            <PrintButton />
          </Group>
          <Group gap="lg" mt="md" data-print-hide>
            <Anchor
              renderRoot={(props) => <Link {...props} to="/standards/$number" params={{ number: version.key }} />}
              underline="always"
            >
              All versions of <DocumentNumber>{version.number}</DocumentNumber>
            </Anchor>
            {version.current && !isCurrent ? (
              <Anchor href={comparePath(version.key, version.version, version.current.version)} underline="always">
                Compare with current
              </Anchor>
            ) : null}
            {/* A first edition was published without a review: it has no record to show. */}
            {version.recordPublic && version.reviewOpenedAt ? (
              <Anchor
                renderRoot={(props) => (
                  <Link
                    {...props}
                    to="/standards/$number/v/$version/comments"
                    params={{ number: version.key, version: version.version }}
                  />
                )}
                underline="always"
              >
                Comments and the council’s answers
              </Anchor>
            ) : null}
          </Group>
        </Paper>

        <Box mt={48}>
          <StandardBody html={version.html} testId="standard-body" />
        </Box>

        {(version.state === 'review' && version.reviewOpen) || refusedComment ? (
          <Box mt={64} maw={760} data-print-hide>
            {/* While the form's code is on its way, the server's markup of it stays (hydrated later). */}
            <Suspense fallback={null}>
              <DeferredCommentForm
                documentKey={version.key}
                documentNumber={version.number}
                version={version.version}
                closesAt={version.reviewClosesAt}
                sections={version.sections}
              />
            </Suspense>
          </Box>
        ) : null}
      </Container>
      <DisclaimerBox />
    </>
  )
}
