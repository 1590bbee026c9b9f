import { Button, TextInput } from '@mantine/core'
import { notifications } from '@mantine/notifications'
import { useInfiniteQuery } from '@tanstack/react-query'
import { screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import { z } from 'zod'
import { useAdminForm } from '../../src/client/admin/ui/form'
import { PAGED } from '../../src/client/admin/ui/list'
import { useAdminMutation } from '../../src/client/admin/ui/mutation'
import { useTRPC } from '../../src/client/lib/trpc'
import { SESSION_EXPIRED_REDIRECT_MS, STUDY_CATEGORIES } from '../../src/shared/constants'
import { ResearchStudyInputSchema } from '../../src/shared/schemas/research-study'
import { fakeServer, Refusal } from './fake-server'
import { study } from './fixtures'
import { renderApp } from './render'

const STUDIES = 'researchStudies.adminList'
const ACTIVITY = 'activity.list'
const NEWS = 'news.adminList'
const EMPTY_PAGE = { items: [], nextCursor: null }

/**
 * A screen with three lists on show, the studies', the activity log's and the news', and a change
 * to the studies that says it shows in the studies' list.
 */
function Screen() {
  const trpc = useTRPC()
  useInfiniteQuery(trpc.researchStudies.adminList.infiniteQueryOptions({}, PAGED))
  useInfiniteQuery(trpc.activity.list.infiniteQueryOptions({}, PAGED))
  useInfiniteQuery(trpc.news.adminList.infiniteQueryOptions({}, PAGED))
  const form = useAdminForm<{ title: string }>(z.object({ title: z.string() }), { title: '' })
  const save = useAdminMutation(trpc.researchStudies.create.mutationOptions(), {
    refresh: [trpc.researchStudies.pathKey()],
    form,
    success: 'Research study added',
    failure: 'Failed to add research study',
  })
  return (
    <form
      noValidate
      onSubmit={form.onSubmit(({ title }) =>
        save.mutate(
          ResearchStudyInputSchema.parse({ title, url: 'https://example.org/a', category: STUDY_CATEGORIES[0] }),
        ),
      )}
    >
      <TextInput label="Title" {...form.getInputProps('title')} />
      <Button type="submit">Save</Button>
    </form>
  )
}

function serverWith(create: (input: unknown) => unknown) {
  return fakeServer({
    [STUDIES]: () => ({ items: [study(1)], nextCursor: null }),
    [ACTIVITY]: () => EMPTY_PAGE,
    [NEWS]: () => EMPTY_PAGE,
    'researchStudies.create': create,
  })
}

async function save(title: string) {
  await userEvent.clear(screen.getByRole('textbox', { name: 'Title' }))
  await userEvent.type(screen.getByRole('textbox', { name: 'Title' }), title)
  await userEvent.click(screen.getByRole('button', { name: 'Save' }))
}

const loaded = (server: ReturnType<typeof serverWith>) =>
  waitFor(() => expect([STUDIES, ACTIVITY, NEWS].map(server.count)).toEqual([1, 1, 1]))

describe('useAdminMutation', () => {
  it('after a success, says so and fetches again the lists it names and the activity log, and no other', async () => {
    const server = serverWith(() => study(2, 'Oxygen and sleep'))
    await renderApp(<Screen />, server)
    await loaded(server)
    await save('Oxygen and sleep')
    expect(await screen.findByText('Research study added')).toBeTruthy()
    await waitFor(() => expect(server.count(STUDIES)).toBe(2))
    await waitFor(() => expect(server.count(ACTIVITY)).toBe(2))
    expect(server.count(NEWS)).toBe(1)
  })

  it("puts the server's messages on the form's fields when it refuses them", async () => {
    const server = serverWith(() => {
      throw new Refusal('BAD_REQUEST', 'A study with this title exists', { title: 'A study with this title exists' })
    })
    await renderApp(<Screen />, server)
    await loaded(server)
    await save('Oxygen and sleep')
    const field = screen.getByRole('textbox', { name: 'Title' })
    await waitFor(() => expect(field.getAttribute('aria-invalid')).toBe('true'))
    const described = (field.getAttribute('aria-describedby') ?? '').split(' ')
    expect(described.map((id) => document.getElementById(id)?.textContent)).toContain('A study with this title exists')
    expect(await screen.findByText('Failed to add research study')).toBeTruthy()
    // Nothing changed: nothing is fetched again.
    expect(server.count(STUDIES)).toBe(1)
  })

  it('on an expired session says so once, whatever else failed with it, and signs in again', async () => {
    const assign = vi.fn()
    vi.stubGlobal('location', { ...window.location, assign })
    const show = vi.spyOn(notifications, 'show')
    const server = serverWith(() => {
      throw new Refusal('UNAUTHORIZED', 'Unauthorized')
    })
    await renderApp(<Screen />, server)
    await loaded(server)
    await save('Oxygen and sleep')
    expect(await screen.findByText('Your session expired. Logging in again...')).toBeTruthy()
    // Not yet: the member has the toast's time to read it.
    expect(assign).not.toHaveBeenCalled()
    await userEvent.click(screen.getByRole('button', { name: 'Save' }))
    await waitFor(() => expect(server.count('researchStudies.create')).toBe(2))
    await waitFor(() => expect(assign).toHaveBeenCalledWith('/api/login'), { timeout: SESSION_EXPIRED_REDIRECT_MS * 4 })
    const titles = show.mock.calls.map(([toast]) => toast.title)
    expect(titles).toEqual(['Unauthorized'])
    expect(assign).toHaveBeenCalledOnce()
  })
})
