import { useInfiniteQuery } from '@tanstack/react-query'
import { screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { StudyList } from '../../src/client/admin/studies/list'
import { PAGED } from '../../src/client/admin/ui/list'
import { useListSearch } from '../../src/client/admin/ui/search'
import { useTRPC } from '../../src/client/lib/trpc'
import { fakeServer, Refusal } from './fake-server'
import { pending, type Study, study } from './fixtures'
import { renderApp } from './render'

/** The studies screen's list as the screen wires it (admin/studies/screen.tsx), without its form. */
function Studies() {
  const trpc = useTRPC()
  const q = useListSearch()
  const list = useInfiniteQuery(trpc.researchStudies.adminList.infiniteQueryOptions({ q }, PAGED))
  return <StudyList list={list} deletingId={null} onEdit={() => {}} onDelete={() => {}} />
}

const LIST = 'researchStudies.adminList'
type Page = { items: Study[]; nextCursor: number | null }
const cursorOf = (input: unknown) => (input as { cursor?: number | null } | undefined)?.cursor ?? null
const titles = () => screen.queryAllByTestId('admin-study-card').map((card) => card.querySelector('p')?.textContent)

describe('AdminList', () => {
  it('says it is loading until the first page comes, then shows its rows', async () => {
    const answer = pending<Page>()
    await renderApp(<Studies />, fakeServer({ [LIST]: () => answer.promise }))
    expect(await screen.findByText('Loading studies...')).toBeTruthy()
    answer.settle({ items: [study(1, 'Oxygen and sleep')], nextCursor: null })
    await screen.findByText('Oxygen and sleep')
    expect(screen.queryByText('Loading studies...')).toBeNull()
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull()
  })

  it('says the list is empty, in its own words, or that nothing matches the search', async () => {
    const server = fakeServer({ [LIST]: () => ({ items: [], nextCursor: null }) })
    const empty = await renderApp(<Studies />, server)
    expect(await screen.findByText('No studies added yet.')).toBeTruthy()
    empty.unmount()
    await renderApp(<Studies />, server, { at: '/admin?q=lung' })
    expect(await screen.findByText('No studies match “lung”.')).toBeTruthy()
    expect(server.calls.at(-1)?.input).toMatchObject({ q: 'lung' })
  })

  it('says it could not load, and loads on Try again', async () => {
    let up = false
    const server = fakeServer({
      [LIST]: () => {
        if (!up) throw new Refusal('INTERNAL_SERVER_ERROR', 'The database is away')
        return { items: [study(1, 'Oxygen and sleep')], nextCursor: null }
      },
    })
    await renderApp(<Studies />, server)
    const alert = await screen.findByRole('alert')
    expect(alert.textContent).toContain('The studies could not be loaded')
    up = true
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }))
    await screen.findByText('Oxygen and sleep')
    expect(screen.queryByRole('alert')).toBeNull()
    expect(server.count(LIST)).toBe(2)
  })

  it('loads the next page on "Load more" and moves the focus to the first new row', async () => {
    const pages: Record<string, Page> = {
      first: { items: [study(1), study(2)], nextCursor: 2 },
      2: { items: [study(3), study(4)], nextCursor: null },
    }
    const server = fakeServer({ [LIST]: (input) => pages[cursorOf(input) ?? 'first'] })
    await renderApp(<Studies />, server)
    await screen.findByText('Study 2')
    expect(titles()).toEqual(['Study 1', 'Study 2'])

    const more = screen.getByRole('button', { name: 'Load more' })
    await userEvent.click(more)
    await screen.findByText('Study 4')
    expect(titles()).toEqual(['Study 1', 'Study 2', 'Study 3', 'Study 4'])
    expect(cursorOf(server.calls.at(-1)?.input)).toBe(2)
    // The button left with the last page; the keyboard goes on where the new rows start.
    await waitFor(() => expect(document.activeElement?.id).toBe('study-3'))
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull()
  })
})
