import { Text } from '@mantine/core'
import { useInfiniteQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { useState } from 'react'
import { useTRPC } from '../../lib/trpc'
import { AdminDate } from '../ui/dates'
import { AdminList, PAGED } from '../ui/list'
import lists from '../ui/lists.module.css'
import classes from './activity.module.css'
import { Changes } from './changes'
import { describeChange, ENTITY_NAMES } from './describe'
import { ActivityFilterFields, activityQuery, NO_FILTERS } from './filters'
import type { ActivityFilters, ActivityRow } from './types'

const rowId = (row: Pick<ActivityRow, 'id'>) => `activity-${row.id}`

/** "Anna approved the testimonial of J. Smith", with a link to it while it exists. */
function Sentence({ row }: { row: ActivityRow }) {
  const change = describeChange(row)
  const named = change.named ? (
    change.link ? (
      <Link to={change.link.to as '/admin/messages'} search={change.link.search} className={classes.link}>
        {change.named}
      </Link>
    ) : (
      change.named
    )
  ) : null
  return (
    <Text fw={700} className={lists.wrap}>
      {change.who} {change.verb} {change.thing}
      {named}
    </Text>
  )
}

/** The activity screen: every admin change, newest first, read-only, by kind, person and day. */
export function ActivityScreen() {
  const trpc = useTRPC()
  const [filters, setFilters] = useState<ActivityFilters>(NO_FILTERS)
  // Other screens change things without telling this list: it is fetched afresh on every visit.
  const activity = useInfiniteQuery(
    trpc.activity.list.infiniteQueryOptions(activityQuery(filters), { ...PAGED, staleTime: 0 }),
  )
  const kind = filters.entity === 'all' ? null : ENTITY_NAMES[filters.entity].toLowerCase()

  return (
    <AdminList
      heading={{ title: kind ? `Changes to ${kind}` : 'All changes', id: 'activity-heading' }}
      filters={<ActivityFilterFields filters={filters} onChange={setFilters} />}
      list={activity}
      noun="activity"
      empty={kind ? `No changes to ${kind} yet.` : 'No changes recorded yet.'}
      filtered={Boolean(filters.actor || filters.from || filters.until)}
      noMatch="No changes match these filters."
      focusId={rowId}
      data-testid="activity-list"
    >
      {(row) => (
        <li key={row.id} id={rowId(row)} tabIndex={-1} className={lists.card} data-testid="activity-row">
          <Sentence row={row} />
          <Text size="sm" c="dark.6" className={lists.wrap}>
            <AdminDate value={row.at} /> by {row.actorEmail}
          </Text>
          <Changes row={row} />
        </li>
      )}
    </AdminList>
  )
}
