import { Alert, Badge, Box, Button, Group, Loader, Modal, Stack, Text, TextInput, Title } from '@mantine/core'
import { useDebouncedValue, useMediaQuery } from '@mantine/hooks'
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useRef, useState } from 'react'
import type { ConsentSource, SubscriberStatus } from '../../shared/constants'
import { toast } from '../lib/toast'
import { type RouterOutputs, useTRPC } from '../lib/trpc'
import classes from './admin-lists.module.css'
import { formatDate, isoString } from './format'
import { useAdminFailureToast } from './session'

type Subscriber = RouterOutputs['subscribers']['list']['items'][number]

const plural = (n: number, one: string, many: string) => `${n.toLocaleString()} ${n === 1 ? one : many}`

const rowId = (id: string) => `subscriber-${id}`

export function SubscriberStatusBadge({ status }: { status: SubscriberStatus }) {
  if (status === 'active') return <Badge color="teal.9">Active</Badge>
  if (status === 'pending')
    return (
      <Badge variant="outline" color="orange.9" c="orange.9" title="Waiting for the address to confirm by e-mail">
        Pending
      </Badge>
    )
  return (
    <Badge variant="light" color="gray" c="dark.7">
      Unsubscribed
    </Badge>
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
        {consentSource === 'mail_off' ? 'Active since' : 'Confirmed'}{' '}
        <time dateTime={isoString(confirmedAt)}>{formatDate(confirmedAt)}</time>
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

/**
 * The newsletter's subscribers, newest first, 100 to a page: search by address, deactivate, delete
 * for good, and export the active ones as CSV for the council's mailing tool. There is no way to
 * make an address active from here: the server refuses it, since only the subscriber can give
 * consent (docs/decisions/017-newsletter-subscriptions.md).
 */
export function SubscribersScreen() {
  const trpc = useTRPC()
  const queryClient = useQueryClient()
  const failed = useAdminFailureToast()
  const small = useMediaQuery('(max-width: 36em)')
  const [page, setPage] = useState(1)
  const [search, setSearch] = useState('')
  const [q] = useDebouncedValue(search.trim(), 300)
  const [deleting, setDeleting] = useState<Subscriber | null>(null)
  const [deleteOpen, setDeleteOpen] = useState(false)
  const headingRef = useRef<HTMLHeadingElement>(null)
  const subscribers = useQuery({
    ...trpc.subscribers.list.queryOptions({ page, q: q || undefined }),
    // The current page stays on screen while the next one loads, so the buttons do not jump.
    placeholderData: keepPreviousData,
    staleTime: 0,
  })
  const data = subscribers.data
  const pages = data ? Math.max(1, Math.ceil(data.total / data.pageSize)) : 1
  const first = data ? (data.page - 1) * data.pageSize + 1 : 0
  const last = data ? first + data.items.length - 1 : 0

  const refresh = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: trpc.subscribers.list.pathKey() }),
      queryClient.invalidateQueries({ queryKey: trpc.activity.list.pathKey() }),
    ])

  const setActive = useMutation(
    trpc.subscribers.setActive.mutationOptions({
      onSuccess: async () => {
        toast({ title: 'Success', message: 'Subscriber deactivated', variant: 'success' })
        await refresh()
      },
      onError: (error) => failed(error, 'Failed to deactivate subscriber'),
    }),
  )
  const remove = useMutation(
    trpc.subscribers.remove.mutationOptions({
      onSuccess: async () => {
        toast({ title: 'Success', message: 'Subscriber deleted for good', variant: 'success' })
        await refresh()
        setDeleteOpen(false)
      },
      onError: (error) => failed(error, 'Failed to delete subscriber'),
    }),
  )

  /** Back to the row's Delete button, or to the heading once the row is gone. */
  const restoreFocus = () => {
    const id = deleting?.id
    setDeleting(null)
    const row = id === undefined ? null : document.querySelector<HTMLElement>(`#${rowId(id)} [data-delete]`)
    ;(row ?? headingRef.current)?.focus()
  }

  return (
    <Box component="section" aria-labelledby="subscribers-heading">
      <Title order={2} size="h3" id="subscribers-heading" mb="md" ref={headingRef} tabIndex={-1}>
        Newsletter subscribers
      </Title>
      <Group align="flex-end" gap="md" mb="md" wrap="wrap">
        <TextInput
          type="search"
          label="Search addresses"
          placeholder="name@example.org"
          value={search}
          onChange={(event) => {
            setSearch(event.currentTarget.value)
            setPage(1)
          }}
          style={{ flex: '1 1 240px', maxWidth: 420 }}
        />
        <Stack gap={4}>
          <Button component="a" href="/api/admin/subscribers.csv" download variant="default">
            Export CSV
          </Button>
        </Stack>
      </Group>
      <Stack gap={4} mb="md" maw={760}>
        <Text size="sm" c="dark.6">
          The export lists the active subscribers, each with a personal unsubscribe link for your mailing tool.
        </Text>
        <Text size="sm" c="dark.6">
          Each address shows when and how it consented: confirmed by e-mail after subscribing on the form (“form”) or
          after subscribing again once it had unsubscribed (“subscribed again”), or active at once because the website
          was sending no e-mail (“mail off, not confirmed”).
        </Text>
        <Text size="sm" c="dark.6" data-testid="subscribers-consent-note">
          Only subscribers can give their consent, so an address that unsubscribed cannot be reactivated here: the
          person subscribes again on the website and confirms through the link e-mailed to them. If the website runs
          without e-mail, delete their old address when they ask, so that they can subscribe again.
        </Text>
      </Stack>
      {subscribers.isPending ? (
        <Group gap="xs">
          <Loader size="xs" />
          <Text>Loading subscribers...</Text>
        </Group>
      ) : subscribers.isError ? (
        <Alert color="red" variant="light" title="The subscribers could not be loaded">
          <Stack gap="sm" align="flex-start">
            <Text size="sm">Check the connection and try again.</Text>
            <Button variant="default" onClick={() => subscribers.refetch()}>
              Try again
            </Button>
          </Stack>
        </Alert>
      ) : data === undefined || data.total === 0 ? (
        <Text c="dark.6">{q ? `No subscriber’s address contains “${q}”.` : 'No subscribers yet.'}</Text>
      ) : (
        <Stack gap="md">
          <Text data-testid="subscribers-total" aria-live="polite">
            {plural(data.total, 'subscriber', 'subscribers')}
            {q ? ` matching “${q}”` : ''}
            {pages > 1 ? ` · showing ${first.toLocaleString()}–${last.toLocaleString()}` : ''}
          </Text>
          <ul className={classes.list} data-testid="subscribers-list">
            {data.items.map((subscriber) => (
              <li
                key={subscriber.id}
                id={rowId(subscriber.id)}
                className={`${classes.card} ${classes.subscriberRow}`}
                data-testid="subscriber-row"
                data-status={subscriber.status}
              >
                <Text fw={600} className={classes.wrap}>
                  {subscriber.email}
                </Text>
                <div>
                  <Text size="sm" c="dark.6">
                    Subscribed{' '}
                    <time dateTime={isoString(subscriber.subscribedAt)}>{formatDate(subscriber.subscribedAt)}</time>
                  </Text>
                  <ConsentLine subscriber={subscriber} />
                </div>
                <div>
                  <SubscriberStatusBadge status={subscriber.status} />
                </div>
                <Group gap="xs" wrap="wrap">
                  {subscriber.status === 'unsubscribed' ? (
                    <Text size="xs" c="dark.6" data-testid="subscriber-only-they-can">
                      Only they can subscribe again
                    </Text>
                  ) : subscriber.status === 'active' ? (
                    <Button
                      size="xs"
                      variant="default"
                      aria-label={`Deactivate ${subscriber.email}`}
                      loading={setActive.isPending && setActive.variables?.id === subscriber.id}
                      onClick={() => setActive.mutate({ id: subscriber.id, isActive: false })}
                    >
                      Deactivate
                    </Button>
                  ) : null}
                  <Button
                    size="xs"
                    variant="outline"
                    color="red"
                    data-delete
                    aria-label={`Delete ${subscriber.email} for good`}
                    onClick={() => {
                      setDeleting(subscriber)
                      setDeleteOpen(true)
                    }}
                  >
                    Delete
                  </Button>
                </Group>
              </li>
            ))}
          </ul>
          {pages > 1 ? (
            <Group gap="sm" component="nav" aria-label="Subscriber pages">
              <Button variant="default" disabled={data.page <= 1} onClick={() => setPage(data.page - 1)}>
                Previous
              </Button>
              <Text>
                Page {data.page} of {pages}
              </Text>
              <Button variant="default" disabled={data.page >= pages} onClick={() => setPage(data.page + 1)}>
                Next
              </Button>
            </Group>
          ) : null}
        </Stack>
      )}

      <Modal
        opened={deleteOpen}
        onClose={() => setDeleteOpen(false)}
        onExitTransitionEnd={restoreFocus}
        returnFocus={false}
        title="Delete this address for good?"
        fullScreen={Boolean(small)}
        closeButtonProps={{ 'aria-label': 'Close' }}
      >
        {deleting ? (
          <Stack gap="md" data-testid="subscriber-delete-confirmation">
            <Text fw={600} className={classes.wrap}>
              {deleting.email}
            </Text>
            <Text size="sm">
              The address is removed from the database, and the activity log keeps no copy of it. This cannot be undone.
              Use it when the person asks to be forgotten; to stop the newsletter only, deactivate the address instead.
            </Text>
            <Group gap="sm">
              <Button variant="default" data-autofocus disabled={remove.isPending} onClick={() => setDeleteOpen(false)}>
                Keep the address
              </Button>
              <Button color="red" loading={remove.isPending} onClick={() => remove.mutate({ id: deleting.id })}>
                Yes, delete for good
              </Button>
            </Group>
          </Stack>
        ) : null}
      </Modal>
    </Box>
  )
}
