import { Tabs } from '@mantine/core'
import type { FormEvent } from 'react'
import { useHydrated } from '../lib/use-hydrated'

/** The query parameter a tab sets (`/research?category=Safety+Standards`). */
const PARAM = 'category'

const keepOnPage = (event: FormEvent) => event.preventDefault()

/**
 * The id of a tab: by its position, since a category's name may hold spaces, which an id may not
 * (Mantine's own ids are built from the tab's value).
 */
export const categoryTabId = (panelId: string, categories: readonly string[], value: string) =>
  `${panelId}-tab-${value === 'all' ? 'all' : categories.indexOf(value)}`

/**
 * 'all' plus each category, as keyboard-navigable tabs (arrow keys move, Enter/Space select).
 *
 * Before the page's code runs (without JavaScript, or before the visitor's first touch has started
 * it: decision 032) each tab is a submit button of a little GET form of its own, so a click loads
 * the page for that category from the server, with the other parameters in `carry` kept. Every tab
 * is then in the Tab order, since the arrow keys need code. Once the page has hydrated the forms
 * never submit: the tabs change the category in place and only the chosen one is a Tab stop.
 */
export function CategoryTabs({
  categories,
  value,
  onChange,
  allLabel,
  label,
  panelId,
  carry = {},
}: {
  categories: readonly string[]
  value: string
  onChange: (value: string) => void
  allLabel: string
  label: string
  /** The id of the tab panel that shows the chosen category. */
  panelId: string
  /** The page's other query parameters, sent along when a tab is used before the code runs. */
  carry?: Record<string, string | undefined>
}) {
  const hydrated = useHydrated()
  const carried = Object.entries(carry).filter((entry): entry is [string, string] => Boolean(entry[1]))
  const tab = (category: string | null, text: string) => (
    // A form is a generic element in the tablist's tree (it has no name); `display: contents` leaves
    // the list's flex layout to the tabs.
    <form key={category ?? 'all'} method="get" onSubmit={keepOnPage} style={{ display: 'contents' }}>
      {carried.map(([name, kept]) => (
        <input key={name} type="hidden" name={name} value={kept} />
      ))}
      {category === null ? null : <input type="hidden" name={PARAM} value={category} />}
      <Tabs.Tab
        value={category ?? 'all'}
        type="submit"
        tabIndex={hydrated ? undefined : 0}
        id={categoryTabId(panelId, categories, category ?? 'all')}
        aria-controls={panelId}
      >
        {text}
      </Tabs.Tab>
    </form>
  )
  return (
    <Tabs
      value={value}
      onChange={(next) => onChange(next ?? 'all')}
      variant="pills"
      radius="xl"
      activateTabWithKeyboard
    >
      <Tabs.List aria-label={label} style={{ gap: 8 }}>
        {tab(null, allLabel)}
        {categories.map((category) => tab(category, category))}
      </Tabs.List>
    </Tabs>
  )
}
