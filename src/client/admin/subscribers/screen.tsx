import { Button, Group, Stack, Text } from '@mantine/core'
import { useInfiniteQuery, useQuery } from '@tanstack/react-query'
import { useRef } from 'react'
import { useTRPC } from '../../lib/trpc'
import { useConfirmedDelete } from '../ui/confirm'
import { AdminList, PAGED } from '../ui/list'
import { useAdminMutation } from '../ui/mutation'
import { useListSearch } from '../ui/search'
import { deleteButtonId, SubscriberRow } from './row'
import type { Subscriber } from './types'

const plural = (n: number, one: string, many: string) => `${n.toLocaleString()} ${n === 1 ? one : many}`

/** "105 subscribers · showing 1–100", "1 subscriber matching “ann”": how many, and how many are shown. */
function Total({ total, shown, q }: { total: number | undefined; shown: number; q: string | undefined }) {
  if (total === undefined || total === 0) return null
  return (
    <Text data-testid="subscribers-total" aria-live="polite" mb="md">
      {plural(total, 'subscriber', 'subscribers')}
      {q ? ` matching “${q}”` : ''}
      {shown > 0 && shown < total ? ` · showing 1–${shown.toLocaleString()}` : ''}
    </Text>
  )
}

function Notes() {
  return (
    <Stack gap={4} mb="md" maw={760}>
      <Group>
        <Button component="a" href="/api/admin/subscribers.csv" download variant="default">
          Export CSV
        </Button>
        <Button component="a" href="/api/admin/subscribers/suppressed.csv" download variant="default">
          Export suppressed (CSV)
        </Button>
      </Group>
      <Text size="sm" c="dark.6">
        The export lists the active subscribers, each with a personal unsubscribe link for your mailing tool.
      </Text>
      <Text size="sm" c="dark.6" data-testid="subscribers-suppression-note">
        An address whose mail bounced for good, bounced again and again, or was marked as spam is suppressed: the
        newsletter stops going to it, and only the subscriber can bring it back, by subscribing again and confirming.
        The second export lists those addresses with why and when, and the issue they were last sent.
      </Text>
      <Text size="sm" c="dark.6">
        Each address shows when and how it consented: confirmed by e-mail after subscribing on the form (“form”) or
        after subscribing again once it had unsubscribed (“subscribed again”), or active at once because the website was
        sending no e-mail (“mail off, not confirmed”).
      </Text>
      <Text size="sm" c="dark.6" data-testid="subscribers-consent-note">
        Only subscribers can give their consent, so an address that unsubscribed cannot be reactivated here: the person
        subscribes again on the website and confirms through the link e-mailed to them. If the website runs without
        e-mail, delete their old address when they ask, so that they can subscribe again.
      </Text>
    </Stack>
  )
}

/**
 * The newsletter's subscribers, newest first, 100 at a time: search by address, deactivate, delete
 * for good, and export the active ones as CSV for the council's mailing tool. There is no way to
 * make an address active from here: the server refuses it, since only the subscriber can give
 * consent (docs/decisions/017-newsletter-subscriptions.md).
 */
export function SubscribersScreen() {
  const trpc = useTRPC()
  const q = useListSearch()
  const headingRef = useRef<HTMLHeadingElement>(null)
  const subscribers = useInfiniteQuery(trpc.subscribers.list.infiniteQueryOptions({ q }, PAGED))
  const total = useQuery(trpc.subscribers.count.queryOptions({ q }))
  const shown = subscribers.data?.pages.reduce((sum, page) => sum + page.items.length, 0) ?? 0

  const refresh = [trpc.subscribers.pathKey()]
  const deactivate = useAdminMutation(trpc.subscribers.setActive.mutationOptions(), {
    refresh,
    success: 'Subscriber deactivated',
    failure: 'Failed to deactivate subscriber',
  })
  const remove = useConfirmedDelete<Subscriber>(trpc.subscribers.remove.mutationOptions(), {
    refresh,
    success: 'Subscriber deleted for good',
    failure: 'Failed to delete subscriber',
    title: 'Delete this address for good?',
    confirmLabel: 'Yes, delete for good',
    cancelLabel: 'Keep the address',
    fallbackFocus: headingRef,
    body: (subscriber) => (
      <Stack gap="md" data-testid="subscriber-delete-confirmation">
        <Text fw={600}>{subscriber.email}</Text>
        <Text size="sm">
          The address is removed from the database, and the activity log keeps no copy of it. This cannot be undone. Use
          it when the person asks to be forgotten; to stop the newsletter only, deactivate the address instead.
        </Text>
      </Stack>
    ),
  })

  return (
    <>
      <AdminList
        heading={{ title: 'Newsletter subscribers', id: 'subscribers-heading', ref: headingRef }}
        search={{ label: 'Search addresses', description: 'Part of the address, such as name@example.org' }}
        aside={
          <>
            <Notes />
            <Total total={total.data} shown={shown} q={q} />
          </>
        }
        list={subscribers}
        noun="subscribers"
        focusId={deleteButtonId}
        data-testid="subscribers-list"
      >
        {(subscriber) => (
          <SubscriberRow
            key={subscriber.id}
            subscriber={subscriber}
            deactivating={deactivate.isPending && deactivate.variables?.id === subscriber.id}
            onDeactivate={() => deactivate.mutate({ id: subscriber.id, isActive: false })}
            onDelete={() => remove.ask(subscriber)}
          />
        )}
      </AdminList>
      {remove.dialog}
    </>
  )
}
