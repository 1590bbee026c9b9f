import { Button, Group, NativeSelect, Stack, Text } from '@mantine/core'
import { Link, useNavigate } from '@tanstack/react-router'
import { useRef } from 'react'
import { LISTING_KIND_LABELS } from '../../../shared/registry'
import { APPLICATION_STATE_LABELS } from '../../../shared/registry-applications'
import { AdminList } from '../ui/list'
import classes from '../ui/lists.module.css'
import { ApplicationScreen } from './application'
import { Age, ApplicationStateBadge, PURPOSE_LABELS } from './queue-words'
import { useApplicationQueue } from './queues'
import type { ApplicationQueue, ApplicationSummary } from './types'
import { APPLICATION_FILTERS, type ApplicationFilter } from './view-search'

export const applicationRowId = (row: Pick<ApplicationSummary, 'id'>) => `application-${row.id}`

const FILTER_LABELS: Record<ApplicationFilter, string> = {
  open: 'Waiting (received or questions)',
  ...APPLICATION_STATE_LABELS,
  all: 'All',
}
const EMPTY: Record<ApplicationFilter, string> = {
  open: 'No application is waiting for the council.',
  received: 'No application is waiting for the council.',
  questions: 'No application is waiting for an answer.',
  approved: 'No application has been approved yet.',
  declined: 'No application has been declined.',
  all: 'No applications yet. They arrive from the registry’s application form.',
}

const counted = (label: string, count: number | undefined) => (count === undefined ? label : `${label} (${count})`)
const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`

/** The queue's rows: the reference and organisation, the state in words, and how long it has waited. */
function ApplicationRow({ row, state }: { row: ApplicationSummary; state: ApplicationFilter }) {
  return (
    <li className={classes.card} data-testid="application-row" data-reference={row.reference}>
      <Group justify="space-between" align="flex-start" wrap="wrap" gap="sm">
        <Stack gap={4} className={classes.wrap} style={{ flex: '1 1 220px' }}>
          <Text fw={700}>{row.organisationName}</Text>
          <Group gap="xs">
            <ApplicationStateBadge state={row.state} />
            <Text size="sm" c="dark.7">
              {row.reference} · {PURPOSE_LABELS[row.purpose]} · {LISTING_KIND_LABELS[row.kind]}
            </Text>
          </Group>
          <Text size="sm" c="dark.6">
            Last activity <Age at={row.lastActivityAt} /> · {plural(row.documents, 'document', 'documents')}
          </Text>
        </Stack>
        <Button
          id={applicationRowId(row)}
          variant="light"
          h={44}
          renderRoot={(props) => (
            <Link
              to="/admin/registry"
              search={{ view: 'applications', application: row.id, state: state === 'open' ? undefined : state }}
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

function ApplicationQueueList({ state }: { state: ApplicationFilter }) {
  const navigate = useNavigate({ from: '/admin/registry' })
  const queue = useApplicationQueue(state)
  const headingRef = useRef<HTMLHeadingElement>(null)
  const counts: ApplicationQueue['counts'] | null = queue.data?.counts ?? null
  return (
    <AdminList
      heading={{ title: 'Applications', id: 'applications-heading', ref: headingRef }}
      filters={
        <NativeSelect
          label="State"
          size="md"
          value={state}
          data={APPLICATION_FILTERS.map((value) => ({ value, label: counted(FILTER_LABELS[value], counts?.[value]) }))}
          onChange={(event) => {
            const next = event.currentTarget.value
            void navigate({
              search: (previous) => ({
                q: previous.q,
                view: 'applications',
                state: next === 'open' ? undefined : next,
              }),
              replace: true,
            })
          }}
        />
      }
      aside={
        <Text size="sm" c="dark.6" mb="sm">
          Oldest activity first: the application that has waited longest is at the top.
        </Text>
      }
      list={queue}
      noun="applications"
      empty={EMPTY[state]}
      focusId={applicationRowId}
      data-testid="applications-list"
    >
      {(row) => <ApplicationRow key={row.id} row={row} state={state} />}
    </AdminList>
  )
}

/** The applications' view: the queue, or the one application its address names. */
export function ApplicationsView({ state, openId }: { state: ApplicationFilter; openId: string | null }) {
  return openId ? <ApplicationScreen id={openId} state={state} /> : <ApplicationQueueList state={state} />
}
