import { Alert, Box, Button, Group, Loader, NativeSelect, Stack, Text, Title } from '@mantine/core'
import { useInfiniteQuery } from '@tanstack/react-query'
import { useEffect, useRef, useState } from 'react'
import { ADMIN_PAGE_SIZE, AUDIT_ENTITIES, type AuditEntity } from '../../shared/constants'
import { type RouterOutputs, useTRPC } from '../lib/trpc'
import classes from './admin-lists.module.css'
import { formatDateTime, isoString } from './format'

export type ActivityRow = RouterOutputs['activity']['list']['items'][number]
type Filter = AuditEntity | 'all'

const ENTITY_NAMES: Record<AuditEntity, { one: string; many: string }> = {
  research_study: { one: 'research study', many: 'Research studies' },
  message: { one: 'message', many: 'Messages' },
  testimonial: { one: 'testimonial', many: 'Testimonials' },
  resource: { one: 'resource', many: 'Resources' },
  subscriber: { one: 'subscriber', many: 'Subscribers' },
  file: { one: 'file', many: 'Uploaded files' },
}

const ACTIONS: Record<string, string> = { create: 'added', update: 'updated', delete: 'deleted' }

const FILTERS = [
  { value: 'all', label: 'All' },
  ...AUDIT_ENTITIES.map((entity) => ({ value: entity, label: ENTITY_NAMES[entity].many })),
]

/** "updated message #12": the row's action in words. */
export function describeChange(row: Pick<ActivityRow, 'action' | 'entity' | 'entityId'>): string {
  const entity = ENTITY_NAMES[row.entity as AuditEntity]?.one ?? row.entity
  return `${ACTIONS[row.action] ?? row.action} ${entity} #${row.entityId}`
}

const capitalized = (text: string) => text.charAt(0).toUpperCase() + text.slice(1)

/** "attachmentFileId" → "Attachment file id": the stored keys, readable. */
const fieldName = (key: string) => {
  const words = key
    .replace(/_/g, ' ')
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .toLowerCase()
  return capitalized(words)
}

const MAX_VALUE_CHARS = 200

/** Strings as written; anything else as JSON. Long texts are cut: the log is for seeing what moved. */
function formatValue(value: unknown): string {
  if (value === undefined || value === null) return '(none)'
  if (value === '') return '(empty)'
  const text = typeof value === 'string' ? value : JSON.stringify(value)
  return text.length > MAX_VALUE_CHARS ? `${text.slice(0, MAX_VALUE_CHARS)}…` : text
}

type Snapshot = Record<string, unknown> | null
const asSnapshot = (value: unknown): Snapshot =>
  value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : null

/**
 * The fields a row touched: on an update only those whose value moved, with the old value and the
 * new; on an add the new values; on a delete what was there.
 */
export function changedEntries(row: Pick<ActivityRow, 'before' | 'after'>) {
  const before = asSnapshot(row.before)
  const after = asSnapshot(row.after)
  // Alphabetical: jsonb hands keys back shortest first, an order no reader would guess.
  const keys = [...new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})])].sort()
  return keys
    .filter((key) => !before || !after || JSON.stringify(before[key]) !== JSON.stringify(after[key]))
    .map((key) => ({
      key,
      label: fieldName(key),
      before: before ? formatValue(before[key]) : null,
      after: after ? formatValue(after[key]) : null,
    }))
}

function Changes({ row }: { row: ActivityRow }) {
  const entries = changedEntries(row)
  if (entries.length === 0) return null
  return (
    <ul className={classes.changes} data-testid="activity-changes">
      {entries.map((entry) => (
        <li key={entry.key} className={classes.wrap}>
          <Text span fw={600} size="sm">
            {entry.label}:
          </Text>{' '}
          {entry.before !== null ? (
            <span className={classes.changeValue}>
              {entry.after !== null ? null : <span className="visually-hidden">was </span>}
              {entry.before}
            </span>
          ) : null}
          {entry.before !== null && entry.after !== null ? (
            <>
              {' '}
              <span aria-hidden="true">→</span>
              <span className="visually-hidden"> changed to</span>{' '}
            </>
          ) : null}
          {entry.after !== null ? <span className={classes.changeValue}>{entry.after}</span> : null}
        </li>
      ))}
    </ul>
  )
}

/** The activity screen: every admin change, newest first, read-only. */
export function ActivityScreen() {
  const trpc = useTRPC()
  const [filter, setFilter] = useState<Filter>('all')
  const focusFromIndex = useRef<number | null>(null)
  // Other screens change things without telling this list: it is fetched afresh on every visit.
  const activity = useInfiniteQuery(
    trpc.activity.list.infiniteQueryOptions(
      { entity: filter === 'all' ? undefined : filter, limit: ADMIN_PAGE_SIZE.activity },
      { getNextPageParam: (last) => last.nextCursor, staleTime: 0 },
    ),
  )
  const items = activity.data?.pages.flatMap((page) => page.items) ?? []

  // As on the messages screen: after "Load more", focus moves to the first of the new rows.
  useEffect(() => {
    const from = focusFromIndex.current
    if (from === null || items.length <= from) return
    focusFromIndex.current = null
    const next = items[from]
    if (next) document.getElementById(`activity-${next.id}`)?.focus()
  }, [items])

  const empty =
    filter === 'all' ? 'No changes recorded yet.' : `No changes to ${ENTITY_NAMES[filter].many.toLowerCase()} yet.`

  return (
    <Stack gap="lg">
      <NativeSelect
        label="Show changes to"
        data={FILTERS}
        value={filter}
        onChange={(event) => setFilter(event.currentTarget.value as Filter)}
        size="md"
        maw={{ base: '100%', xs: 320 }}
      />
      <Box component="section" aria-labelledby="activity-heading">
        <Title order={2} size="h3" id="activity-heading" mb="md">
          {filter === 'all' ? 'All changes' : `Changes to ${ENTITY_NAMES[filter].many.toLowerCase()}`}
        </Title>
        {activity.isPending ? (
          <Group gap="xs">
            <Loader size="xs" />
            <Text>Loading activity...</Text>
          </Group>
        ) : activity.isError ? (
          <Alert color="red" variant="light" title="The activity could not be loaded">
            <Stack gap="sm" align="flex-start">
              <Text size="sm">Check the connection and try again.</Text>
              <Button variant="default" onClick={() => activity.refetch()}>
                Try again
              </Button>
            </Stack>
          </Alert>
        ) : items.length === 0 ? (
          <Text c="dark.6">{empty}</Text>
        ) : (
          <Stack gap="md">
            <ul className={classes.list} data-testid="activity-list">
              {items.map((row) => (
                <li
                  key={row.id}
                  id={`activity-${row.id}`}
                  tabIndex={-1}
                  className={classes.card}
                  data-testid="activity-row"
                >
                  <Text fw={700} className={classes.wrap}>
                    {capitalized(describeChange(row))}
                  </Text>
                  <Text size="sm" c="dark.6" className={classes.wrap}>
                    <time dateTime={isoString(row.at)}>{formatDateTime(row.at)}</time> by {row.actorEmail}
                  </Text>
                  <Changes row={row} />
                </li>
              ))}
            </ul>
            {activity.hasNextPage ? (
              <Button
                variant="default"
                style={{ alignSelf: 'flex-start' }}
                loading={activity.isFetchingNextPage}
                onClick={() => {
                  focusFromIndex.current = items.length
                  void activity.fetchNextPage()
                }}
              >
                Load more
              </Button>
            ) : null}
          </Stack>
        )}
      </Box>
    </Stack>
  )
}
