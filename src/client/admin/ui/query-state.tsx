import { Alert, Button, Group, Loader, Text } from '@mantine/core'
import type { ReactNode } from 'react'

type Query<T> = { isPending: boolean; isError: boolean; data: T | undefined; refetch: () => unknown }

type Props<T> = {
  query: Query<T>
  /** 'Loading studies...' */
  loading: string
  /** 'The studies could not be loaded' */
  failed: string
  /** Shown when `isEmpty` says the loaded data holds nothing. */
  empty: ReactNode
  /** Whether the loaded data holds nothing; a list is empty when it has no rows. */
  isEmpty?: (data: T) => boolean
  children: (data: T) => ReactNode
}

/**
 * Every admin list's states, written once: loading, a failure with "Try again", empty, or the data.
 * A list that loaded once and then failed to refresh keeps what it showed.
 */
const noRows = (data: unknown) => Array.isArray(data) && data.length === 0

export function QueryState<T>({ query, loading, failed, empty, isEmpty = noRows, children }: Props<T>) {
  if (query.data === undefined && query.isPending) {
    return (
      <Group gap="xs" aria-live="polite">
        <Loader size="xs" />
        <Text>{loading}</Text>
      </Group>
    )
  }
  if (query.data === undefined) {
    return (
      <Alert
        color="red"
        variant="light"
        title={failed}
        role="alert"
        // Mantine's light red title and text fall under 4.5:1 on their tinted background.
        styles={{ title: { color: 'var(--mantine-color-dark-8)' }, message: { color: 'var(--mantine-color-dark-7)' } }}
      >
        <Text size="sm">Check the connection and try again.</Text>
        <Button variant="default" mt="sm" onClick={() => query.refetch()}>
          Try again
        </Button>
      </Alert>
    )
  }
  if (isEmpty(query.data)) return <Text c="dark.6">{empty}</Text>
  return <>{children(query.data)}</>
}
