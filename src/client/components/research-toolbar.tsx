import { Group, NativeSelect, TextInput } from '@mantine/core'
import { useDebouncedCallback } from '@mantine/hooks'
import { useNavigate, useSearch } from '@tanstack/react-router'
import { useRef, useState } from 'react'
import { STUDY_SEARCH_RULE } from '../../shared/text-rules'
import { type LibrarySearch, readLibrarySearch, sortFromField } from '../lib/library'
import { useTypedBeforeCode } from '../lib/typed-before-code'

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
  // What was typed or chosen before the code arrived (decision 032) is in the fields, not in the state.
  const toolbar = useRef<HTMLDivElement>(null)
  useTypedBeforeCode(toolbar, ({ q, sort }) => {
    if (typeof q === 'string' && q !== typed) {
      setTyped(q)
      searchFor(q)
    }
    if (typeof sort === 'string' && sort !== (search.sort ?? 'year')) choose({ sort: sortFromField(sort) })
  })

  return (
    <Group ref={toolbar} mt="md" gap="md" align="flex-end" wrap="wrap">
      <TextInput
        type="search"
        name="q"
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
        name="sort"
        label="Sort"
        maw={260}
        value={search.sort ?? 'year'}
        onChange={(event) => choose({ sort: sortFromField(event.currentTarget.value) })}
        data={[
          { value: 'year', label: 'Newest year first' },
          { value: 'title', label: 'Title (A–Z)' },
        ]}
      />
    </Group>
  )
}
