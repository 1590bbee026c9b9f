import { Button, Group, Stack } from '@mantine/core'
import { useRef, useState } from 'react'
import { useListSearch } from '../ui/search'
import { ListingForm } from './form'
import { NO_FILTERS, RegistryList } from './list'
import { useRegistryList } from './list-query'
import type { RegistryFilters } from './types'
import { useListingEditor } from './use-listing-editor'

/**
 * The registry (issue 37, item 3): a new listing starts from its kind, a facility or a chamber
 * model; a stored one opens in the same editor with its number, status and history. The list
 * below has the kit's search, the filters and their counts.
 */
export function RegistryScreen() {
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
