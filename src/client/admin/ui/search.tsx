import { TextInput } from '@mantine/core'
import { useDebouncedCallback } from '@mantine/hooks'
import { useNavigate, useSearch } from '@tanstack/react-router'
import { useEffect, useState } from 'react'
import { SEARCH_MAX } from '../../../shared/schemas/admin'

/** An admin list's search lives in the address (`?q=`), so the activity log can link to what it names. */
export type ListSearch = { q?: string }

/** Every admin route's validateSearch: a text `q`, or none. */
export const readListSearch = (search: Record<string, unknown>): ListSearch =>
  typeof search.q === 'string' && search.q.trim() ? { q: search.q.trim().slice(0, SEARCH_MAX) } : {}

/** The search of the screen being shown. */
export function useListSearch(): string | undefined {
  return useSearch({ strict: false, select: (search) => readListSearch(search).q })
}

/**
 * The box that sets it: typing replaces the address (no history entry per letter), a link that
 * brings another `q` fills the box.
 */
export function SearchBox({ label, description }: { label: string; description: string }) {
  const q = useListSearch() ?? ''
  const navigate = useNavigate()
  const [typed, setTyped] = useState(q)
  useEffect(() => {
    setTyped((current) => (current.trim() === q ? current : q))
  }, [q])
  const send = useDebouncedCallback((text: string) => {
    void navigate({
      to: '.',
      search: (previous: Record<string, unknown>) => ({ ...previous, q: text.trim() || undefined }),
      replace: true,
      resetScroll: false,
    })
  }, 300)
  return (
    <TextInput
      type="search"
      label={label}
      description={description}
      value={typed}
      maxLength={SEARCH_MAX}
      onChange={(event) => {
        setTyped(event.currentTarget.value)
        send(event.currentTarget.value)
      }}
    />
  )
}
