import { Button, Checkbox, Group, NativeSelect, Stack, Text } from '@mantine/core'
import type { RefObject } from 'react'
import {
  EXPIRING_SOON_DAYS,
  LISTING_KIND_LABELS,
  LISTING_KINDS,
  LISTING_STATUS_LABELS,
  LISTING_STATUSES,
} from '../../../shared/registry'
import { AdminList, type ListQuery } from '../ui/list'
import classes from '../ui/lists.module.css'
import { useListSearch } from '../ui/search'
import { ListingDay, StatusBadge } from './status-words'
import type { ListingRow, RegistryCounts, RegistryFilters } from './types'

export const NO_FILTERS: RegistryFilters = { status: 'all', kind: 'all', expiringSoon: false, superseded: false }

export const rowId = (row: Pick<ListingRow, 'id'>) => `listing-${row.id}`

const counted = (label: string, count: number | undefined) => (count === undefined ? label : `${label} (${count})`)

/** The filters beside the search, each choice with its count (all kinds: the counts are the registry's). */
function Filters({
  filters,
  counts,
  onChange,
}: {
  filters: RegistryFilters
  counts: RegistryCounts | null
  onChange: (filters: RegistryFilters) => void
}) {
  const set = (next: Partial<RegistryFilters>) => onChange({ ...filters, ...next })
  return (
    <>
      <NativeSelect
        label="Status"
        size="md"
        value={filters.status}
        data={[
          { value: 'all', label: counted('All', counts?.all) },
          ...LISTING_STATUSES.map((status) => ({
            value: status,
            label: counted(LISTING_STATUS_LABELS[status], counts?.[status]),
          })),
        ]}
        onChange={(event) => set({ status: event.currentTarget.value as RegistryFilters['status'] })}
      />
      <NativeSelect
        label="Kind"
        size="md"
        value={filters.kind}
        data={[
          { value: 'all', label: 'All kinds' },
          ...LISTING_KINDS.map((kind) => ({ value: kind, label: LISTING_KIND_LABELS[kind] })),
        ]}
        onChange={(event) => set({ kind: event.currentTarget.value as RegistryFilters['kind'] })}
      />
      <Stack gap={8} style={{ alignSelf: 'center' }}>
        <Checkbox
          label={counted(`Expiring within ${EXPIRING_SOON_DAYS} days`, counts?.expiringSoon)}
          checked={filters.expiringSoon}
          onChange={(event) => set({ expiringSoon: event.currentTarget.checked })}
        />
        <Checkbox
          label={counted('Declares a superseded version', counts?.superseded)}
          checked={filters.superseded}
          onChange={(event) => set({ superseded: event.currentTarget.checked })}
        />
      </Stack>
    </>
  )
}

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`

/** "12 listings: 9 listed, 2 suspended, 1 withdrawn, 0 expired" (the registry's, whatever is filtered). */
function CountLine({ counts, shown }: { counts: RegistryCounts | null; shown: number | null }) {
  if (!counts) return null
  const statuses = LISTING_STATUSES.map((status) => `${counts[status]} ${LISTING_STATUS_LABELS[status].toLowerCase()}`)
  return (
    <Text size="sm" c="dark.6" mb="sm" data-testid="registry-counts">
      {plural(counts.all, 'listing', 'listings')}: {statuses.join(', ')}.
      {shown !== null ? ` ${plural(shown, 'listing matches', 'listings match')} the search and filters.` : ''}
    </Text>
  )
}

/** Under the name: a facility's place; a chamber model's organisation (its name is already maker and model). */
const place = (row: ListingRow) =>
  row.kind === 'facility' ? [row.city, row.region, row.postalCode].filter(Boolean).join(', ') : row.organisationName

type Props = {
  list: ListQuery<ListingRow>
  counts: RegistryCounts | null
  total: number | null
  filters: RegistryFilters
  onFilters: (filters: RegistryFilters) => void
  onOpen: (row: ListingRow) => void
  headingRef: RefObject<HTMLHeadingElement | null>
}

/** The registry's listings, newest first: number, name, kind, status in words, place and expiry. */
export function RegistryList({ list, counts, total, filters, onFilters, onOpen, headingRef }: Props) {
  const filtered = filters.status !== 'all' || filters.kind !== 'all' || filters.expiringSoon || filters.superseded
  const searched = Boolean(useListSearch())
  return (
    <AdminList
      heading={{ title: 'Listings', id: 'listings-heading', ref: headingRef }}
      search={{ description: 'Number, name, city, region, postal code, maker or model' }}
      filters={<Filters filters={filters} counts={counts} onChange={onFilters} />}
      aside={<CountLine counts={counts} shown={filtered || searched ? total : null} />}
      list={list}
      noun="listings"
      empty="No listings yet. A new listing gets its number when it is added."
      filtered={filtered}
      noMatch="No listings match these filters."
      focusId={rowId}
      data-testid="registry-list"
    >
      {(row) => (
        <li
          key={row.id}
          id={rowId(row)}
          tabIndex={-1}
          className={classes.card}
          data-testid="registry-row"
          data-number={row.number}
        >
          <Group justify="space-between" align="flex-start" wrap="wrap" gap="sm">
            <Stack gap={4} className={classes.wrap} style={{ flex: '1 1 220px' }}>
              <Text fw={700}>{row.name}</Text>
              <Group gap="xs">
                <StatusBadge status={row.status} />
                <Text size="sm" c="dark.7">
                  {row.number} · {LISTING_KIND_LABELS[row.kind]}
                </Text>
              </Group>
              {place(row) ? (
                <Text size="sm" c="dark.6">
                  {place(row)}
                </Text>
              ) : null}
              <Text size="sm" c="dark.6">
                Expires <ListingDay day={row.expiresOn} />
                {row.supersededDeclarations > 0
                  ? ` · ${plural(row.supersededDeclarations, 'superseded version', 'superseded versions')} declared`
                  : ''}
              </Text>
            </Stack>
            <Button variant="light" h={44} onClick={() => onOpen(row)}>
              Open<span className="visually-hidden"> {row.name}</span>
            </Button>
          </Group>
        </li>
      )}
    </AdminList>
  )
}
