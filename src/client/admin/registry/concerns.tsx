import { Button, Group, NativeSelect, Stack, Text } from '@mantine/core'
import { Link, useNavigate } from '@tanstack/react-router'
import { useRef } from 'react'
import { CONCERN_STATE_LABELS } from '../../../shared/registry-applications'
import { AdminList } from '../ui/list'
import classes from '../ui/lists.module.css'
import { ConcernScreen } from './concern'
import { Age, ConcernStateBadge } from './queue-words'
import { useConcernQueue } from './queues'
import { StatusBadge } from './status-words'
import type { ConcernQueue, ConcernSummary } from './types'
import { CONCERN_FILTERS, type ConcernFilter } from './view-search'

export const concernRowId = (row: Pick<ConcernSummary, 'id'>) => `concern-${row.id}`

const FILTER_LABELS: Record<ConcernFilter, string> = {
  open: 'Not closed (new or looking into it)',
  ...CONCERN_STATE_LABELS,
  all: 'All',
}
const EMPTY: Record<ConcernFilter, string> = {
  open: 'No concern is waiting: every concern raised has been closed.',
  new: 'No new concerns.',
  looking: 'No concern is being looked into.',
  closed: 'No concern has been closed yet.',
  all: 'No concerns yet. They arrive from each listing’s page.',
}

const counted = (label: string, count: number | undefined) => (count === undefined ? label : `${label} (${count})`)

function ConcernRow({ row, state }: { row: ConcernSummary; state: ConcernFilter }) {
  return (
    <li className={classes.card} data-testid="concern-row" data-reference={row.reference}>
      <Group justify="space-between" align="flex-start" wrap="wrap" gap="sm">
        <Stack gap={4} className={classes.wrap} style={{ flex: '1 1 220px' }}>
          <Text fw={700}>{row.listing.name}</Text>
          <Group gap="xs">
            <ConcernStateBadge state={row.state} />
            <Text size="sm" c="dark.7">
              {row.reference} · {row.listing.number}
            </Text>
            <StatusBadge status={row.listing.status} />
          </Group>
          <Text size="sm" c="dark.6">
            Raised by {row.name} <Age at={row.receivedAt} />
          </Text>
        </Stack>
        <Button
          id={concernRowId(row)}
          variant="light"
          h={44}
          renderRoot={(props) => (
            <Link
              to="/admin/registry"
              search={{ view: 'concerns', concern: row.id, state: state === 'open' ? undefined : state }}
              {...props}
            />
          )}
        >
          Open<span className="visually-hidden"> {row.reference}</span>
        </Button>
      </Group>
    </li>
  )
}

function ConcernQueueList({ state }: { state: ConcernFilter }) {
  const navigate = useNavigate({ from: '/admin/registry' })
  const queue = useConcernQueue(state)
  const headingRef = useRef<HTMLHeadingElement>(null)
  const counts: ConcernQueue['counts'] | null = queue.data?.counts ?? null
  return (
    <AdminList
      heading={{ title: 'Concerns', id: 'concerns-heading', ref: headingRef }}
      filters={
        <NativeSelect
          label="State"
          size="md"
          value={state}
          data={CONCERN_FILTERS.map((value) => ({ value, label: counted(FILTER_LABELS[value], counts?.[value]) }))}
          onChange={(event) => {
            const next = event.currentTarget.value
            void navigate({
              search: (previous) => ({ q: previous.q, view: 'concerns', state: next === 'open' ? undefined : next }),
              replace: true,
            })
          }}
        />
      }
      aside={
        <Text size="sm" c="dark.6" mb="sm">
          Oldest first. Concerns are the council’s alone: nothing here is ever public.
        </Text>
      }
      list={queue}
      noun="concerns"
      empty={EMPTY[state]}
      focusId={concernRowId}
      data-testid="concerns-list"
    >
      {(row) => <ConcernRow key={row.id} row={row} state={state} />}
    </AdminList>
  )
}

/** The concerns' view: the queue, or the one concern its address names. */
export function ConcernsView({ state, openId }: { state: ConcernFilter; openId: string | null }) {
  return openId ? <ConcernScreen id={openId} state={state} /> : <ConcernQueueList state={state} />
}
