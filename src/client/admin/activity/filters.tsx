import { NativeSelect, TextInput } from '@mantine/core'
import { useQuery } from '@tanstack/react-query'
import { AUDIT_ENTITIES } from '../../../shared/constants'
import { useTRPC } from '../../lib/trpc'
import { ENTITY_NAMES } from './describe'
import type { ActivityFilters } from './types'

export const NO_FILTERS: ActivityFilters = { entity: 'all', actor: '', from: '', until: '' }

const KINDS = [
  { value: 'all', label: 'All' },
  ...AUDIT_ENTITIES.map((entity) => ({ value: entity, label: ENTITY_NAMES[entity] })),
]

/** The start of a day in the reader's own time zone: "from" is inclusive, "until" takes its whole day. */
const startOfDay = (day: string, plusDays = 0) => {
  const [year = 0, month = 1, date = 1] = day.split('-').map(Number)
  return new Date(year, month - 1, date + plusDays)
}

/** The filters as the activity procedure takes them (shared/schemas/admin.ts, ActivityQuerySchema). */
export const activityQuery = (filters: ActivityFilters) => ({
  entity: filters.entity === 'all' ? undefined : filters.entity,
  actor: filters.actor || undefined,
  from: filters.from ? startOfDay(filters.from) : undefined,
  to: filters.until ? startOfDay(filters.until, 1) : undefined,
})

type Props = { filters: ActivityFilters; onChange: (filters: ActivityFilters) => void }

const DAYS = [
  { key: 'from', label: 'From', bound: { attribute: 'max', other: 'until' } },
  { key: 'until', label: 'Until', bound: { attribute: 'min', other: 'from' } },
] as const

/** By kind of thing, by person, by day: size="md" so a phone does not zoom into them. */
export function ActivityFilterFields({ filters, onChange }: Props) {
  const trpc = useTRPC()
  const people = useQuery({ ...trpc.activity.people.queryOptions(), staleTime: 0 })
  const set = (next: Partial<ActivityFilters>) => onChange({ ...filters, ...next })
  return (
    <>
      <NativeSelect
        label="Show changes to"
        data={KINDS}
        value={filters.entity}
        onChange={(event) => set({ entity: event.currentTarget.value as ActivityFilters['entity'] })}
        size="md"
      />
      <NativeSelect
        label="Changes by"
        data={[
          { value: '', label: 'Anyone' },
          ...(people.data ?? []).map((person) => ({
            value: person.email,
            label: person.name ? `${person.name} (${person.email})` : person.email,
          })),
        ]}
        value={filters.actor}
        onChange={(event) => set({ actor: event.currentTarget.value })}
        size="md"
      />
      {DAYS.map(({ key, label, bound }) => (
        <TextInput
          key={key}
          type="date"
          label={label}
          value={filters[key]}
          // Each day field keeps the other's side of the range.
          {...{ [bound.attribute]: filters[bound.other] || undefined }}
          onChange={(event) => set({ [key]: event.currentTarget.value })}
          size="md"
        />
      ))}
    </>
  )
}
