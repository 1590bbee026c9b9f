import { Anchor, Box, Stack, Text, Title } from '@mantine/core'
import { useQuery } from '@tanstack/react-query'
import { VERSION_STATE_LABELS } from '../../../shared/constants'
import { versionPath } from '../../../shared/schemas/standards'
import { useTRPC } from '../../lib/trpc'
import { useAdminPermissions } from '../session'
import { STATE_TONES } from '../standards/versions'
import { StateBadge } from '../ui/badges'
import { AdminDate } from '../ui/dates'
import lists from '../ui/lists.module.css'
import { QueryState } from '../ui/query-state'
import { CommentCard } from './comment'
import classes from './comments.module.css'
import type { CommentedVersion } from './types'

/**
 * One version's comments, the council's whole record of them: hidden ones, e-mail addresses and
 * answers included. What the member may do comes with their role: hide spam ('visitors'), answer
 * while the version is in review ('content'); once it is published the answers are fixed.
 */
export function VersionComments({ version }: { version: CommentedVersion }) {
  const trpc = useTRPC()
  const { permissions } = useAdminPermissions()
  const comments = useQuery(
    trpc.standards.adminComments.queryOptions({ number: version.key, version: version.version }),
  )
  const headingId = 'comments-heading'

  return (
    <Box component="section" aria-labelledby={headingId}>
      <Title order={2} size="h3" id={headingId} className={lists.wrap}>
        {version.number} version {version.version}
      </Title>
      <Text c="dark.6" className={lists.wrap}>
        {version.title}
      </Text>
      <div className={classes.head} style={{ margin: '8px 0 16px' }}>
        <StateBadge tone={STATE_TONES[version.state]}>{VERSION_STATE_LABELS[version.state]}</StateBadge>
        {version.state === 'review' && version.reviewClosesAt ? (
          <Text size="sm" c="dark.6">
            {version.reviewOpen ? 'Open until ' : 'Closed '}
            <AdminDate value={version.reviewClosesAt} />
          </Text>
        ) : null}
        <Anchor href={versionPath(version.key, version.version)} size="sm">
          Public page
        </Anchor>
      </div>
      <QueryState
        query={comments}
        loading="Loading the comments..."
        failed="The comments could not be loaded"
        empty="No comments on this version yet."
        isEmpty={(data) => data.comments.length === 0}
      >
        {(data) => {
          const waiting = data.comments.filter((comment) => !comment.hidden && !comment.disposition).length
          const inReview = data.state === 'review'
          return (
            <Stack gap="md">
              <Text fw={700} aria-live="polite" data-testid="comments-waiting">
                {waiting} waiting for an answer
                <Text span c="dark.6" fw={400}>
                  {' '}
                  · {data.comments.length} in all
                </Text>
              </Text>
              {inReview ? null : (
                <Text size="sm" c="dark.6">
                  This version is {VERSION_STATE_LABELS[data.state].toLowerCase()}: its answers can no longer be
                  recorded or changed.
                </Text>
              )}
              <ul className={lists.list} data-testid="admin-comments">
                {data.comments.map((comment) => (
                  <CommentCard
                    key={comment.id}
                    comment={comment}
                    moderate={permissions.includes('visitors')}
                    answer={inReview && permissions.includes('content')}
                  />
                ))}
              </ul>
            </Stack>
          )
        }}
      </QueryState>
    </Box>
  )
}
