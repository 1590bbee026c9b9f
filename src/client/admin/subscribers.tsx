import { Alert, Badge, Box, Button, Group, Loader, Stack, Text, Title } from '@mantine/core'
import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import { useTRPC } from '../lib/trpc'
import classes from './admin-lists.module.css'
import { formatDate, isoString } from './format'

const plural = (n: number, one: string, many: string) => `${n.toLocaleString()} ${n === 1 ? one : many}`

/** The newsletter's subscribers, newest first, in numbered pages; read-only for now. */
export function SubscribersScreen() {
  const trpc = useTRPC()
  const [page, setPage] = useState(1)
  const subscribers = useQuery({
    ...trpc.subscribers.list.queryOptions({ page }),
    // The current page stays on screen while the next one loads, so the buttons do not jump.
    placeholderData: keepPreviousData,
    staleTime: 0,
  })
  const data = subscribers.data
  const pages = data ? Math.max(1, Math.ceil(data.total / data.pageSize)) : 1
  const first = data ? (data.page - 1) * data.pageSize + 1 : 0
  const last = data ? first + data.items.length - 1 : 0

  return (
    <Box component="section" aria-labelledby="subscribers-heading">
      <Title order={2} size="h3" id="subscribers-heading" mb="md">
        Newsletter subscribers
      </Title>
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
        <Text c="dark.6">No subscribers yet.</Text>
      ) : (
        <Stack gap="md">
          <Text data-testid="subscribers-total" aria-live="polite">
            {plural(data.total, 'subscriber', 'subscribers')}
            {pages > 1 ? ` · showing ${first.toLocaleString()}–${last.toLocaleString()}` : ''}
          </Text>
          <ul className={classes.list} data-testid="subscribers-list">
            {data.items.map((subscriber) => (
              <li
                key={subscriber.id}
                className={`${classes.card} ${classes.subscriberRow}`}
                data-testid="subscriber-row"
              >
                <Text fw={600} className={classes.wrap}>
                  {subscriber.email}
                </Text>
                <Text size="sm" c="dark.6">
                  Subscribed{' '}
                  <time dateTime={isoString(subscriber.subscribedAt)}>{formatDate(subscriber.subscribedAt)}</time>
                </Text>
                <div>
                  {subscriber.isActive ? (
                    <Badge color="teal.9">Active</Badge>
                  ) : (
                    <Badge variant="light" color="gray" c="dark.7">
                      Unsubscribed
                    </Badge>
                  )}
                </div>
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
    </Box>
  )
}
