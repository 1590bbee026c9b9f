import { Text } from '@mantine/core'
import type { MessageStatus } from '../../../shared/constants'
import { StateBadge } from '../ui/badges'
import { AdminDate } from '../ui/dates'
import lists from '../ui/lists.module.css'
import classes from './messages.module.css'
import type { Message } from './types'

const STATUS = {
  new: { tone: 'attention', label: 'New' },
  read: { tone: 'seen', label: 'Read' },
  archived: { tone: 'off', label: 'Archived' },
} as const

export function MessageStatusBadge({ status }: { status: MessageStatus }) {
  return <StateBadge tone={STATUS[status].tone}>{STATUS[status].label}</StateBadge>
}

/**
 * The council's e-mail notice of a message that did not go out: given up ('failed'), or still
 * being retried. Nothing is shown when it was sent, is on its way, or mail is off.
 */
export function NoticeBadge({ notice }: { notice: Message['notice'] }) {
  if (notice === 'failed')
    return (
      <StateBadge tone="failed" title="The e-mail to the council about this message could not be delivered">
        Notice not sent
      </StateBadge>
    )
  if (notice === 'retrying')
    return (
      <StateBadge tone="pending" title="The mail server did not answer; it is tried again">
        Notice not sent yet
      </StateBadge>
    )
  return null
}

export const openButtonId = (message: Pick<Message, 'id'>) => `message-${message.id}-open`

/** One message in the list; its subject opens it. */
export function MessageRow({ message, onOpen }: { message: Message; onOpen: () => void }) {
  return (
    <li
      className={classes.row}
      data-status={message.status}
      data-attention={message.status === 'new' || undefined}
      data-testid="message-row"
    >
      <div className={classes.main}>
        <button type="button" id={openButtonId(message)} className={classes.openButton} onClick={onOpen}>
          {message.subject}
        </button>
        <Text size="sm" c="dark.6" className={lists.wrap}>
          {message.name} · {message.email}
        </Text>
      </div>
      <div className={classes.meta}>
        <Text size="sm" c="dark.6">
          <AdminDate value={message.createdAt} />
        </Text>
        <MessageStatusBadge status={message.status} />
        <NoticeBadge notice={message.notice} />
      </div>
    </li>
  )
}
