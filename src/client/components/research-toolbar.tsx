import { Group, NativeSelect, TextInput } from '@mantine/core'
import { useDebouncedCallback } from '@mantine/hooks'
import { useNavigate, useSearch } from '@tanstack/react-router'
import { useEffect, useRef, useState } from 'react'
import { STUDY_SEARCH_RULE } from '../../shared/text-rules'
import { type LibrarySearch, readLibrarySearch } from '../lib/library'

/**
 * The research library's search box and sort, a chunk of their own that comes when the visitor
 * approaches them (docs/decisions/059-forms-hydrate-on-approach.md). They read and write the
 * address themselves, so that the page's other changes (a tab) do not reach them before then.
 */
export function ResearchToolbar() {
  const search = readLibrarySearch(useSearch({ from: '/research' }))
  const navigate = useNavigate({ from: '/research' })
  // A sort is a new history entry (Back returns to it); typing replaces the current one.
  const choose = (next: Partial<LibrarySearch>, replace = false) =>
    navigate({ search: (previous) => readLibrarySearch({ ...previous, ...next }), resetScroll: false, replace })
  const [typed, setTyped] = useState(search.q ?? '')
  const searchFor = useDebouncedCallback((text: string) => choose({ q: text.trim() || undefined }, true), 300)
  // What was typed before the code arrived (decision 032) is in the box, not in `typed`.
  const searchBox = useRef<HTMLInputElement>(null)
  const firstTyped = useRef<string | null>(typed)
  useEffect(() => {
    const early = searchBox.current?.value
    const hydratedWith = firstTyped.current
    firstTyped.current = null // once, on hydration
    if (hydratedWith === null || early === undefined || early === hydratedWith) return
    setTyped(early)
    searchFor(early)
  }, [searchFor])
  // A sort chosen before the toolbar hydrated is in the select, not in the address: React hydrates a
  // controlled select without writing over it and fires no change for it.
  const sortSelect = useRef<HTMLSelectElement>(null)
  const firstSort = useRef<{ sort: string; choose: typeof choose } | null>({ sort: search.sort ?? 'year', choose })
  useEffect(() => {
    const early = sortSelect.current?.value
    const hydrated = firstSort.current
    firstSort.current = null // once, on hydration
    if (hydrated === null || early === undefined || early === hydrated.sort) return
    hydrated.choose({ sort: early === 'title' ? 'title' : undefined })
  }, [])

  return (
    <Group mt="md" gap="md" align="flex-end" wrap="wrap">
      <TextInput
        ref={searchBox}
        type="search"
        label="Search studies"
        description="Title, authors, journal or summary"
        value={typed}
        maxLength={STUDY_SEARCH_RULE.max.length}
        onChange={(event) => {
          setTyped(event.currentTarget.value)
          searchFor(event.currentTarget.value)
        }}
        style={{ flex: '1 1 260px', maxWidth: 420 }}
      />
      <NativeSelect
        ref={sortSelect}
        label="Sort"
        maw={260}
        value={search.sort ?? 'year'}
        onChange={(event) => choose({ sort: event.currentTarget.value === 'title' ? 'title' : undefined })}
        data={[
          { value: 'year', label: 'Newest year first' },
          { value: 'title', label: 'Title (A–Z)' },
        ]}
      />
    </Group>
  )
}
