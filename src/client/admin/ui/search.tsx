import { TextInput } from '@mantine/core'
import { useDebouncedCallback } from '@mantine/hooks'
import { useNavigate, useSearch } from '@tanstack/react-router'
import { useEffect, useState } from 'react'
import { ADMIN_SEARCH_MAX } from '../../../shared/constants'
import { readListSearch } from './list-search'

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
      maxLength={ADMIN_SEARCH_MAX}
      onChange={(event) => {
        setTyped(event.currentTarget.value)
        send(event.currentTarget.value)
      }}
    />
  )
}
