import { Anchor, Stack, Text, Title } from '@mantine/core'
import { DISPOSITION_LABELS } from '../../../shared/constants'
import { StateBadge, type Tone } from '../ui/badges'
import { AdminDate } from '../ui/dates'
import lists from '../ui/lists.module.css'
import { AnswerForm } from './answer'
import classes from './comments.module.css'
import { HideControls } from './hide'
import type { AdminComment } from './types'

/** Where a comment stands: put away as spam, answered, or waiting on the council. */
export function commentState(comment: AdminComment): { tone: Tone; label: string } {
  if (comment.hidden) return { tone: 'off', label: 'Hidden' }
  if (comment.disposition) return { tone: 'done', label: 'Answered' }
  return { tone: 'waiting', label: 'Waiting for an answer' }
}

type Props = {
  comment: AdminComment
  /** The member's part: a moderator hides spam, an editor answers (while the version is in review). */
  moderate: boolean
  answer: boolean
}

/** One comment as the council keeps it: who sent it (e-mail and consent included), what it says, its answer. */
export function CommentCard({ comment, moderate, answer }: Props) {
  const state = commentState(comment)
  const answering = answer && !comment.hidden
  const headingId = `comment-${comment.id}-name`
  return (
    <li
      className={lists.card}
      aria-labelledby={headingId}
      data-testid="admin-comment"
      data-state={state.label}
      data-attention={(!comment.hidden && !comment.disposition) || undefined}
    >
      <Stack gap="sm">
        <div className={classes.head}>
          <StateBadge tone={state.tone}>{state.label}</StateBadge>
          <Title order={3} size="h5" id={headingId} className={lists.wrap}>
            {comment.name}
          </Title>
          {comment.organisation ? (
            <Text size="sm" c="dark.6" className={lists.wrap}>
              {comment.organisation}
            </Text>
          ) : null}
        </div>
        <Text size="sm" c="dark.6" className={lists.wrap}>
          <Anchor href={`mailto:${comment.email}`} size="sm" underline="always">
            {comment.email}
          </Anchor>
          {' · '}
          {comment.consent ? 'Name may be published' : 'Name not to be published'}
          {' · '}
          <AdminDate value={comment.createdAt} />
        </Text>
        <dl className={classes.fields}>
          <dt>Section</dt>
          <dd className={lists.wrap}>{comment.section}</dd>
          <dt>Comment</dt>
          <dd>
            <p className={lists.visitorText}>{comment.comment}</p>
          </dd>
          {comment.proposedChange ? (
            <>
              <dt>Proposed change</dt>
              <dd>
                <p className={lists.visitorText}>{comment.proposedChange}</p>
              </dd>
            </>
          ) : null}
          {comment.hidden ? (
            <>
              <dt>Hidden as spam{comment.hiddenBy ? ` by ${comment.hiddenBy}` : ''}</dt>
              <dd className={lists.wrap}>{comment.hiddenReason || 'No reason given'}</dd>
            </>
          ) : null}
          {comment.disposition && !answering ? (
            <>
              <dt>The council’s answer</dt>
              <dd>
                <Text fw={700} size="sm">
                  {DISPOSITION_LABELS[comment.disposition]}
                </Text>
                <p className={lists.visitorText}>{comment.response}</p>
              </dd>
            </>
          ) : null}
        </dl>
        {answering ? <AnswerForm comment={comment} /> : null}
        {moderate ? <HideControls comment={comment} /> : null}
      </Stack>
    </li>
  )
}
