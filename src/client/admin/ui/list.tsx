import { Box, Button, Group, ScrollArea, Stack, Title } from '@mantine/core'
import type { InfiniteData, UseInfiniteQueryResult } from '@tanstack/react-query'
import { type ReactNode, type RefObject, useEffect, useRef } from 'react'
import { ADMIN_LIST_MAX_HEIGHT_PX } from '../../../shared/constants'
import classes from './lists.module.css'
import { QueryState } from './query-state'
import { SearchBox, useListSearch } from './search'

/**
 * A page of an admin list as every list procedure answers it (server/trpc/paging.ts): the next page
 * starts after the row id `nextCursor`, serial on most lists, text (a UUID) on the subscribers'.
 */
export type ListPage<Item> = { items: Item[]; nextCursor: number | string | null }

/** What a screen's list query is, for the components that show it. */
export type ListQuery<Item> = UseInfiniteQueryResult<InfiniteData<ListPage<Item>, unknown>, unknown>

/** The id of the row whose change is in flight (ids arrive as `unknown`: the schemas coerce them). */
export const pendingId = (mutation: { isPending: boolean; variables?: { id?: unknown } }) =>
  mutation.isPending && typeof mutation.variables?.id === 'number' ? mutation.variables.id : null

/**
 * The one paging model on the browser's side: pass to a list procedure's infiniteQueryOptions. A new
 * search or filter shows the list's loading state (the search box waits for a pause in typing).
 */
export const PAGED = {
  getNextPageParam: <Cursor extends number | string>(last: { nextCursor: Cursor | null }) => last.nextCursor,
} as const

type Props<Item> = {
  /**
   * The list's heading: its words, its id (the section is labelled by it) and, optionally, a ref:
   * the focus lands there when the row that had it is gone (deleted, or moved out by a filter).
   */
  heading: { title: string; id: string; ref?: RefObject<HTMLHeadingElement | null> }
  /**
   * The search box (its `q` lives in the address), and what it searches, e.g. "Title, authors or
   * journal"; its label is "Search {noun}" unless given.
   */
  search?: { label?: string; description: string }
  /** Other controls beside it. */
  filters?: ReactNode
  /** A line under the heading, such as a count. */
  aside?: ReactNode
  list: ListQuery<Item>
  /** What the rows are, in the plural: "Loading studies...", "The studies could not be loaded". */
  noun: string
  /** Nothing at all yet: "No {noun} yet." unless given. */
  empty?: string
  /** A filter other than the search is on. */
  filtered?: boolean
  /** Nothing matches the filters (the search says so by itself). */
  noMatch?: string
  /** The id of the element in an item's row that takes the focus when "Load more" brings it. */
  focusId: (item: Item) => string
  /** `always`: a box of at most 600 px (the studies' specified list); `wide`: only beside a form. */
  scroll?: 'always' | 'wide'
  'data-testid'?: string
  children: (item: Item) => ReactNode
}

/**
 * An admin list, whole: heading, search and filters, its states, the rows, and "Load more" (after
 * which the focus goes to the first new row: the button may be gone, and a keyboard user continues
 * where the new rows start).
 */
export function AdminList<Item>(props: Props<Item>) {
  const { list, focusId, noun } = props
  const empty = props.empty ?? `No ${noun} yet.`
  const q = useListSearch()
  const items = list.data?.pages.flatMap((page) => page.items) ?? []
  const focusFrom = useRef<number | null>(null)
  useEffect(() => {
    const from = focusFrom.current
    if (from === null || items.length <= from) return
    focusFrom.current = null
    const next = items[from]
    if (next) document.getElementById(focusId(next))?.focus()
  }, [items, focusId])

  const rows = (
    <ul className={classes.list} data-testid={props['data-testid']}>
      {items.map((item) => props.children(item))}
    </ul>
  )
  const scrolled =
    props.scroll === undefined ? (
      rows
    ) : (
      <ScrollArea.Autosize
        // On one column the page itself scrolls; a box that scrolls inside it is hard to use on a phone.
        mah={props.scroll === 'always' ? ADMIN_LIST_MAX_HEIGHT_PX : { base: 'none', md: ADMIN_LIST_MAX_HEIGHT_PX }}
        type="auto"
        offsetScrollbars="present"
      >
        {rows}
      </ScrollArea.Autosize>
    )

  return (
    <Box component="section" aria-labelledby={props.heading.id}>
      <Title order={2} size="h3" id={props.heading.id} ref={props.heading.ref} tabIndex={-1} mb="md">
        {props.heading.title}
      </Title>
      {props.search || props.filters ? (
        <div className={classes.toolbar}>
          {props.filters}
          {props.search ? <SearchBox label={`Search ${noun}`} {...props.search} /> : null}
        </div>
      ) : null}
      {props.aside}
      <QueryState
        query={list}
        loading={`Loading ${noun}...`}
        failed={`The ${noun} could not be loaded`}
        empty={q ? `No ${noun} match “${q}”.` : props.filtered ? (props.noMatch ?? empty) : empty}
        isEmpty={() => items.length === 0}
      >
        {() => (
          <Stack gap="md">
            {scrolled}
            {list.hasNextPage ? (
              <Group>
                <Button
                  variant="default"
                  loading={list.isFetchingNextPage}
                  onClick={() => {
                    focusFrom.current = items.length
                    void list.fetchNextPage()
                  }}
                >
                  Load more
                </Button>
              </Group>
            ) : null}
          </Stack>
        )}
      </QueryState>
    </Box>
  )
}
