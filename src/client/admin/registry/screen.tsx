import { Button, Group, Stack, Tabs } from '@mantine/core'
import { useNavigate, useSearch } from '@tanstack/react-router'
import { useRef, useState } from 'react'
import { useListSearch } from '../ui/search'
import { ApplicationsView } from './applications'
import { ConcernsView } from './concerns'
import { ListingForm } from './form'
import { NO_FILTERS, RegistryList } from './list'
import { useRegistryList } from './list-query'
import { useQueueCounts } from './queues'
import type { RegistryFilters } from './types'
import { useListingEditor } from './use-listing-editor'
import { applicationFilter, concernFilter, type RegistryView } from './view-search'

/**
 * The listings (issue 37, item 3): a new listing starts from its kind, a facility or a chamber
 * model; a stored one opens in the same editor with its number, status and history. The list
 * below has the kit's search, the filters and their counts.
 */
function ListingsView() {
  const q = useListSearch()
  const [filters, setFilters] = useState<RegistryFilters>(NO_FILTERS)
  const listings = useRegistryList(filters, q)
  const editor = useListingEditor()
  const headingRef = useRef<HTMLHeadingElement>(null)

  return (
    <Stack gap="xl">
      <Group gap="sm">
        <Button variant="light" onClick={() => editor.openNew('facility')}>
          New facility
        </Button>
        <Button variant="light" onClick={() => editor.openNew('chamber')}>
          New chamber model
        </Button>
      </Group>
      <ListingForm editor={editor} />
      <RegistryList
        list={listings}
        counts={listings.data?.counts ?? null}
        total={listings.data?.total ?? null}
        filters={filters}
        onFilters={setFilters}
        onOpen={(row) => editor.openStored(row.id)}
        headingRef={headingRef}
      />
    </Stack>
  )
}

const withCount = (label: string, count: number | null) => (count === null ? label : `${label} (${count})`)

/**
 * The registry (issues 37 and 38): its listings, the applications waiting for the council and the
 * concerns not yet closed, as three tabs (arrow keys move between them) whose counts are what waits.
 * The view, the queue's state and the record open live in the address (view-search.ts).
 */
export function RegistryScreen() {
  const search = useSearch({ from: '/admin/registry' })
  const navigate = useNavigate({ from: '/admin/registry' })
  const counts = useQueueCounts()
  const view: RegistryView = search.view ?? 'listings'
  const show = (next: string | null) => {
    if (next !== 'applications' && next !== 'concerns' && next !== 'listings') return
    void navigate({ search: (previous) => ({ q: previous.q, view: next === 'listings' ? undefined : next }) })
  }

  return (
    <Tabs value={view} onChange={show} keepMounted={false}>
      <Tabs.List aria-label="The registry’s views" mb="lg">
        <Tabs.Tab value="listings">Listings</Tabs.Tab>
        <Tabs.Tab value="applications" data-testid="applications-tab">
          {withCount('Applications', counts.applications)}
        </Tabs.Tab>
        <Tabs.Tab value="concerns" data-testid="concerns-tab">
          {withCount('Concerns', counts.concerns)}
        </Tabs.Tab>
      </Tabs.List>
      <Tabs.Panel value="listings">
        <ListingsView />
      </Tabs.Panel>
      <Tabs.Panel value="applications">
        <ApplicationsView state={applicationFilter(search.state)} openId={search.application ?? null} />
      </Tabs.Panel>
      <Tabs.Panel value="concerns">
        <ConcernsView state={concernFilter(search.state)} openId={search.concern ?? null} />
      </Tabs.Panel>
    </Tabs>
  )
}
