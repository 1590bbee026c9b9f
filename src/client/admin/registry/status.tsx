import { Alert, Anchor, Button, Group, Modal, Stack, Text, TextInput, Title } from '@mantine/core'
import { useEffect, useRef, useState } from 'react'
import {
  actionsFrom,
  LISTING_STATUS_LABELS,
  listingBadgePath,
  listingPath,
  STATUS_ACTION_LABELS,
} from '../../../shared/registry'
import { STATUS_REASON_MAX, StatusChangeSchema } from '../../../shared/schemas/registry'
import { focusFirstError } from '../../lib/focus-first-error'
import { useTRPC } from '../../lib/trpc'
import { CountedTextarea } from '../ui/counted-textarea'
import { AdminDate } from '../ui/dates'
import fieldClasses from '../ui/fields.module.css'
import { useAdminForm } from '../ui/form'
import classes from '../ui/lists.module.css'
import { refusalOf, useAdminMutation } from '../ui/mutation'
import { ListingDay, printedDay, StatusBadge } from './status-words'
import type { AdminListing, StatusAction } from './types'

type StatusValues = { id: string; action: StatusAction; reason: string; expiresOn: string }

/** A day as the date field holds it, `days` from today in the reader's zone. */
const dayFromToday = (days: number) => {
  const day = new Date()
  day.setDate(day.getDate() + days)
  const pad = (n: number) => String(n).padStart(2, '0')
  return `${day.getFullYear()}-${pad(day.getMonth() + 1)}-${pad(day.getDate())}`
}

/** What each move does, said before it is made (the reason's publicity is said for all). */
const CONSEQUENCES: Record<StatusAction, (listing: AdminListing) => string> = {
  suspend: () =>
    'The listing stops being listed until it is reinstated: its page, its badge and the registry’s feed will say it is suspended.',
  reinstate: (listing) => `The listing is listed again, until ${printedDay(listing.expiresOn)}.`,
  renew: () => 'The listing is listed until the new expiry date.',
  withdraw: () =>
    'Withdrawing is final: the listing can never be listed again, and its number is never given to another listing.',
}

const CONFIRM_LABELS: Record<StatusAction, string> = {
  suspend: 'Suspend the listing',
  reinstate: 'Reinstate the listing',
  renew: 'Renew the listing',
  withdraw: 'Withdraw for good',
}

const DONE: Record<StatusAction, string> = {
  suspend: 'suspended',
  reinstate: 'reinstated',
  renew: 'renewed',
  withdraw: 'withdrawn',
}

/** The dialog of one move: its consequence, the public reason, a renewal's new expiry date. */
function StatusDialog({
  listing,
  action,
  onClose,
  onClosed,
}: {
  listing: AdminListing
  action: StatusAction | null
  onClose: () => void
  onClosed: () => void
}) {
  const trpc = useTRPC()
  // The move is kept while the dialog fades out, so its words do not change under the reader.
  const [shown, setShown] = useState<StatusAction>(action ?? 'suspend')
  if (action && action !== shown) setShown(action)
  const form = useAdminForm<StatusValues>(StatusChangeSchema, {
    id: listing.id,
    action: shown,
    reason: '',
    expiresOn: '',
  })
  const { setFieldValue } = form
  const checked = form.getValues().action
  // The form checks the move being asked for (a renewal needs its date).
  useEffect(() => {
    if (checked !== shown) setFieldValue('action', shown)
  }, [checked, shown, setFieldValue])
  const change = useAdminMutation(trpc.registry.admin.changeStatus.mutationOptions(), {
    refresh: [trpc.registry.pathKey()],
    form,
    success: (_done, variables) => `${listing.number} ${DONE[variables.action]}`,
    failure: (_variables, error) => refusalOf(error) ?? 'The status could not be changed',
    afterRefresh: onClose,
  })
  const withdraw = shown === 'withdraw'
  const title = `${STATUS_ACTION_LABELS[shown]} ${listing.number}?`

  return (
    <Modal
      opened={action !== null}
      onClose={change.isPending ? () => {} : onClose}
      onExitTransitionEnd={() => {
        form.reset()
        change.reset()
        onClosed()
      }}
      returnFocus={false}
      title={title}
      centered
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      <form
        noValidate
        data-testid="status-dialog"
        onSubmit={form.onSubmit(
          (values) => change.mutate(StatusChangeSchema.parse({ ...values, id: listing.id, action: shown })),
          focusFirstError,
        )}
      >
        <Stack gap="md">
          <Text size="sm" fw={withdraw ? 700 : undefined} className={classes.wrap}>
            {CONSEQUENCES[shown](listing)}
          </Text>
          <Text size="sm" data-testid="reason-is-public">
            The reason you give is public: it is shown in the listing’s history on the registry and in the feed of
            changes.
          </Text>
          {shown === 'renew' ? (
            <TextInput
              type="date"
              label="New expiry date"
              required
              min={dayFromToday(1)}
              classNames={fieldClasses}
              {...form.getInputProps('expiresOn')}
            />
          ) : null}
          <CountedTextarea
            label="Public reason"
            required
            data-autofocus
            rows={[3, 8]}
            max={STATUS_REASON_MAX}
            value={form.getValues().reason}
            {...form.getInputProps('reason')}
          />
          {change.error && refusalOf(change.error) ? (
            <Alert color="red" variant="light" title="Not done" role="alert">
              <Text size="sm" c="dark.8">
                {refusalOf(change.error)}
              </Text>
            </Alert>
          ) : null}
          <Group gap="sm" justify="flex-end">
            <Button variant="default" onClick={onClose} disabled={change.isPending}>
              Cancel
            </Button>
            <Button
              type="submit"
              color={withdraw || shown === 'suspend' ? 'red.9' : undefined}
              loading={change.isPending}
            >
              {CONFIRM_LABELS[shown]}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  )
}

const moveWords = (from: AdminListing['status'] | null, to: AdminListing['status']) =>
  from ? `${LISTING_STATUS_LABELS[from]} → ${LISTING_STATUS_LABELS[to]}` : LISTING_STATUS_LABELS[to]

/** The listing's public history, newest first here (the public page reads it oldest first). */
function History({ listing }: { listing: AdminListing }) {
  const entries = [...listing.history].reverse()
  return (
    <section aria-labelledby="listing-history-heading">
      <Title order={3} size="h5" id="listing-history-heading" mb="xs">
        History, newest first
      </Title>
      <ul className={classes.list} data-testid="listing-history">
        {entries.map((entry) => (
          <li key={`${entry.at}-${entry.to}`} className={classes.card}>
            <Text size="sm" fw={700}>
              {moveWords(entry.from, entry.to)}
            </Text>
            <Text size="sm" c="dark.6">
              <AdminDate value={entry.at} /> · expires <ListingDay day={entry.expiresOn} />
            </Text>
            <Text size="sm" className={classes.wrap}>
              {entry.reason}
            </Text>
          </li>
        ))}
      </ul>
    </section>
  )
}

/**
 * A stored listing's number, status and dates, its public page and badge, the moves its status
 * allows (each asks for a public reason), and its history. A move replaces the buttons: the focus
 * goes to the status heading once the dialog has closed.
 */
export function StatusPanel({ listing }: { listing: AdminListing }) {
  const [action, setAction] = useState<StatusAction | null>(null)
  const headingRef = useRef<HTMLHeadingElement>(null)
  const actions = actionsFrom(listing.status)
  return (
    <Stack gap="md" data-testid="listing-status-panel">
      <Stack gap={6}>
        <Title order={3} size="h4" id="listing-status-heading" ref={headingRef} tabIndex={-1}>
          <span data-testid="listing-number">{listing.number}</span>
        </Title>
        <Group gap="xs">
          <StatusBadge status={listing.status} />
          <Text size="sm" c="dark.7">
            Listed on <ListingDay day={listing.listedOn} /> · expires <ListingDay day={listing.expiresOn} />
          </Text>
        </Group>
        <Group gap="md">
          <Anchor href={listingPath(listing.key)} target="_blank" rel="noopener" size="sm">
            Public page<span className="visually-hidden"> of {listing.number} (opens in a new tab)</span>
          </Anchor>
          <Anchor href={listingBadgePath(listing.key)} target="_blank" rel="noopener" size="sm">
            Badge<span className="visually-hidden"> of {listing.number} (opens in a new tab)</span>
          </Anchor>
        </Group>
      </Stack>
      {actions.length > 0 ? (
        <Group gap="sm">
          {actions.map((move) => (
            <Button
              key={move}
              variant={move === 'withdraw' || move === 'suspend' ? 'outline' : 'light'}
              color={move === 'withdraw' || move === 'suspend' ? 'red.9' : undefined}
              h={44}
              onClick={() => setAction(move)}
            >
              {STATUS_ACTION_LABELS[move]}
              <span className="visually-hidden"> {listing.number}</span>
            </Button>
          ))}
        </Group>
      ) : (
        <Text size="sm" c="dark.7">
          Withdrawn listings stay withdrawn: nothing can list this one again.
        </Text>
      )}
      <History listing={listing} />
      <StatusDialog
        listing={listing}
        action={action}
        onClose={() => setAction(null)}
        onClosed={() => headingRef.current?.focus()}
      />
    </Stack>
  )
}
