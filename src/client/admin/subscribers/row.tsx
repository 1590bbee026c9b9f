import { Button, Group, Text } from '@mantine/core'
import type { ConsentSource, SubscriberStatus, SuppressionReason } from '../../../shared/constants'
import { StateBadge } from '../ui/badges'
import { AdminDate } from '../ui/dates'
import lists from '../ui/lists.module.css'
import classes from './subscribers.module.css'
import type { Subscriber } from './types'

const STATUS = {
  active: { tone: 'done', label: 'Active', title: undefined },
  pending: { tone: 'pending', label: 'Pending', title: 'Waiting for the address to confirm by e-mail' },
  unsubscribed: { tone: 'off', label: 'Unsubscribed', title: undefined },
  suppressed: {
    tone: 'off',
    label: 'Suppressed',
    title: 'The mail provider reported that mail to this address bounced or was marked as spam',
  },
} as const

const SUPPRESSION: Record<SuppressionReason, string> = {
  hard_bounce: 'the address bounced',
  soft_bounces: 'too many soft bounces',
  complaint: 'marked an issue as spam',
}

/** Why and when the newsletter stopped going to the address, and after which issue. */
function SuppressionLine({ subscriber }: { subscriber: Subscriber }) {
  const { status, suppressedAt, suppressedReason, suppressedAfter } = subscriber
  if (status !== 'suppressed' || !suppressedReason) return null
  return (
    <Text size="sm" c="dark.6" data-testid="subscriber-suppressed">
      Suppressed {suppressedAt ? <AdminDate value={suppressedAt} time={false} /> : null} ·{' '}
      {SUPPRESSION[suppressedReason]}
      {suppressedAfter ? ` · after “${suppressedAfter}”` : ''}
    </Text>
  )
}

export function SubscriberStatusBadge({ status }: { status: SubscriberStatus }) {
  const { tone, label, title } = STATUS[status]
  return (
    <StateBadge tone={tone} title={title}>
      {label}
    </StateBadge>
  )
}

const SOURCE_LABEL: Record<ConsentSource, string> = {
  form: 'form',
  resubscribe: 'subscribed again',
  mail_off: 'mail off, not confirmed',
}

/**
 * When and how the subscription asked for last was consented to: "Confirmed {date} · form". With
 * mail off, becoming active is the only moment there is, so that reads "Active since".
 */
function ConsentLine({ subscriber }: { subscriber: Subscriber }) {
  const { confirmedAt, consentSource, status } = subscriber
  const label = consentSource ? SOURCE_LABEL[consentSource] : null
  if (confirmedAt) {
    return (
      <Text size="sm" c="dark.6" data-testid="subscriber-consent">
        {consentSource === 'mail_off' ? 'Active since' : 'Confirmed'} <AdminDate value={confirmedAt} time={false} />
        {label ? ` · ${label}` : ''}
      </Text>
    )
  }
  if (label && status === 'pending') {
    return (
      <Text size="sm" c="dark.6" data-testid="subscriber-consent">
        Not confirmed yet · {label}
      </Text>
    )
  }
  if (status === 'active') {
    return (
      <Text size="sm" c="dark.6" data-testid="subscriber-consent">
        Consent not recorded
      </Text>
    )
  }
  return null
}

export const deleteButtonId = (subscriber: Pick<Subscriber, 'id'>) => `subscriber-${subscriber.id}-delete`

type Props = {
  subscriber: Subscriber
  deactivating: boolean
  onDeactivate: () => void
  onDelete: () => void
}

/** One address: when it subscribed and consented, its state, and what the council may do with it. */
export function SubscriberRow({ subscriber, deactivating, onDeactivate, onDelete }: Props) {
  return (
    <li className={classes.row} data-testid="subscriber-row" data-status={subscriber.status}>
      <Text fw={600} className={lists.wrap}>
        {subscriber.email}
      </Text>
      <div>
        <Text size="sm" c="dark.6">
          Subscribed <AdminDate value={subscriber.subscribedAt} time={false} />
        </Text>
        <ConsentLine subscriber={subscriber} />
        <SuppressionLine subscriber={subscriber} />
      </div>
      <div>
        <SubscriberStatusBadge status={subscriber.status} />
      </div>
      <Group gap="xs" wrap="wrap">
        {subscriber.status === 'unsubscribed' || subscriber.status === 'suppressed' ? (
          <Text size="xs" c="dark.6" data-testid="subscriber-only-they-can">
            Only they can subscribe again
          </Text>
        ) : subscriber.status === 'active' ? (
          <Button
            size="xs"
            variant="default"
            aria-label={`Deactivate ${subscriber.email}`}
            loading={deactivating}
            onClick={onDeactivate}
          >
            Deactivate
          </Button>
        ) : null}
        <Button
          size="xs"
          variant="outline"
          color="red"
          id={deleteButtonId(subscriber)}
          aria-label={`Delete ${subscriber.email} for good`}
          onClick={onDelete}
        >
          Delete
        </Button>
      </Group>
    </li>
  )
}
