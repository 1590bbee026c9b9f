import { Anchor, Badge, Box, Container, Group, Paper, Stack, Text, Title } from '@mantine/core'
import { useQuery } from '@tanstack/react-query'
import { createFileRoute, Link, notFound, redirect } from '@tanstack/react-router'
import { DISPOSITION_LABELS, type Disposition } from '../../shared/constants'
import { DisclaimerBox } from '../components/disclaimer-box'
import { StandardDate, StandardHero, VersionLinks } from '../components/standard-parts'
import { isStandardNumber, isVersionLabel } from '../components/standard-routing'
import { type PageMeta, pageHead } from '../lib/seo'
import { type RouterOutputs, useTRPC } from '../lib/trpc'

type CommentRecord = NonNullable<RouterOutputs['standards']['comments']>
type Comment = CommentRecord['comments'][number]

export const Route = createFileRoute('/standards/$number/v/$version/comments')({
  // The loader and the page travel together, after the first load of any other page
  // (docs/decisions/021-first-load-budget.md): its helpers stay out of the router's bundle.
  codeSplitGroupings: [['loader', 'component']],
  // The record is public once the version is published; before that this address is not found.
  loader: async ({ context, params }) => {
    if (!isStandardNumber(params.number) || !isVersionLabel(params.version)) throw notFound()
    const record = await context.queryClient.ensureQueryData(
      context.trpc.standards.comments.queryOptions({ number: params.number, version: params.version }),
    )
    if (!record) throw notFound()
    if (record.key !== params.number) {
      throw redirect({
        to: '/standards/$number/v/$version/comments',
        params: { number: record.key, version: record.version },
        statusCode: 301,
      })
    }
    const meta: PageMeta = {
      title: `Comments on ${record.number} version ${record.version}`,
      description: `The public comments on version ${record.version} of ${record.title}, each with the council’s written answer.`,
      path: `/standards/${record.key}/v/${record.version}/comments`,
    }
    return { meta }
  },
  // The page's title and description come with its data, from the loader's chunk.
  head: ({ match, loaderData }) => (loaderData ? pageHead(loaderData.meta, match.context.site) : {}),
  component: CommentsPage,
})

/** Each answer in colours that keep 4.5:1 at badge size. */
const DISPOSITION_COLOR: { [key in Disposition]: string } = {
  accepted: 'teal.9',
  accepted_with_changes: 'ocean.8',
  not_accepted: 'gray.8',
}

function CommentsPage() {
  const trpc = useTRPC()
  const params = Route.useParams()
  const record = useQuery(trpc.standards.comments.queryOptions({ number: params.number, version: params.version })).data
  if (!record) return null
  const count = record.comments.length

  return (
    <>
      <StandardHero title={`Comments on ${record.number} version ${record.version}`}>
        The public record of the review of version {record.version} of {record.title}: every comment received, and the
        council’s written answer to each.
      </StandardHero>
      <Container size="lg" py={56}>
        <Box maw={860}>
          <Text size="lg" c="dark.7" lh={1.7}>
            {record.reviewOpenedAt && record.reviewClosesAt ? (
              <>
                The review ran from <StandardDate value={record.reviewOpenedAt} /> to{' '}
                <StandardDate value={record.reviewClosesAt} />.{' '}
                {count === 0
                  ? 'No comments were received.'
                  : `${count} ${count === 1 ? 'comment was' : 'comments were'} received and answered.`}
              </>
            ) : (
              // The first editions were published as they stood, without a public review.
              'This version was published without a public review, so no comments were taken on it.'
            )}{' '}
            Names and organisations are shown only where the person agreed to it; e-mail addresses are never published.
          </Text>
          {record.textChangedAt ? (
            <Text mt="sm" c="dark.7" data-testid="record-text-changed">
              The text changed during the review ({record.textRevision} {record.textRevision === 1 ? 'time' : 'times'},
              last on <StandardDate value={record.textChangedAt} />
              ): each comment says which text it was made on.{' '}
              <Anchor
                renderRoot={(props) => (
                  <Link
                    {...props}
                    to="/standards/$number/v/$version/changes"
                    params={{ number: record.key, version: record.version }}
                  />
                )}
                underline="always"
              >
                What changed
              </Anchor>
            </Text>
          ) : null}
          {record.hidden > 0 ? (
            <Text mt="sm" c="dark.7" data-testid="hidden-count">
              {record.hidden} {record.hidden === 1 ? 'submission was' : 'submissions were'} removed as spam and{' '}
              {record.hidden === 1 ? 'is' : 'are'} not shown.
            </Text>
          ) : null}
          <VersionLinks documentKey={record.key} number={record.number} version={record.version} />

          {count > 0 ? (
            <Stack component="ol" gap="lg" mt={40} p={0} style={{ listStyle: 'none' }} data-testid="comment-record">
              {record.comments.map((comment, index) => (
                <li key={comment.id}>
                  <CommentEntry
                    comment={comment}
                    position={index + 1}
                    revisions={record.textChangedAt ? record.textRevision : 0}
                  />
                </li>
              ))}
            </Stack>
          ) : null}
        </Box>
      </Container>
      <DisclaimerBox />
    </>
  )
}

/** Which text a comment read, when the text changed during the review. */
function madeOn(revision: number, revisions: number): string {
  if (revision === 0) return 'Made on the text as the review opened'
  if (revision === revisions) return 'Made on the text as published'
  return `Made on the text after change ${revision} of ${revisions}`
}

function CommentEntry({ comment, position, revisions }: { comment: Comment; position: number; revisions: number }) {
  const who = [comment.name, comment.organisation].filter(Boolean).join(', ')
  return (
    <Paper
      withBorder
      radius="md"
      p={{ base: 'md', sm: 'lg' }}
      component="article"
      aria-labelledby={`comment-${comment.id}`}
      data-testid="public-comment"
    >
      <Title order={2} size="h4" id={`comment-${comment.id}`}>
        Comment {position}: {comment.section}
      </Title>
      <Text size="sm" c="dark.7" mt={4}>
        {who || 'Name withheld'}
        {revisions > 0 ? ` · ${madeOn(comment.textRevision, revisions)}` : ''}
      </Text>
      <Text mt="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
        {comment.comment}
      </Text>
      {comment.proposedChange ? (
        <>
          <Text fw={700} mt="sm" c="dark.8">
            Proposed change
          </Text>
          <Text style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>{comment.proposedChange}</Text>
        </>
      ) : null}
      <Paper mt="md" p="sm" radius="sm" bg="gray.0" data-testid="council-response">
        <Group gap="xs" align="center">
          <Text fw={700} c="dark.8">
            The council’s answer:
          </Text>
          {comment.disposition ? (
            <Badge component="span" tt="none" color={DISPOSITION_COLOR[comment.disposition]}>
              {DISPOSITION_LABELS[comment.disposition]}
            </Badge>
          ) : null}
        </Group>
        <Text mt={4} style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
          {comment.response ?? 'No answer was recorded.'}
        </Text>
      </Paper>
    </Paper>
  )
}
