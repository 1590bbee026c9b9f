import { useInfiniteQuery } from '@tanstack/react-query'
import { screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { useRef } from 'react'
import { describe, expect, it } from 'vitest'
import { useConfirmedDelete } from '../../src/client/admin/ui/confirm'
import { PAGED } from '../../src/client/admin/ui/list'
import { useTRPC } from '../../src/client/lib/trpc'
import { fakeServer } from './fake-server'
import { type Study, study } from './fixtures'
import { renderApp } from './render'

/** A list whose rows each have a Delete that asks first, wired as the admin's screens wire it. */
function Rows() {
  const trpc = useTRPC()
  const heading = useRef<HTMLHeadingElement>(null)
  const list = useInfiniteQuery(trpc.researchStudies.adminList.infiniteQueryOptions({}, PAGED))
  const remove = useConfirmedDelete<Study>(trpc.researchStudies.remove.mutationOptions(), {
    refresh: [trpc.researchStudies.pathKey()],
    success: 'Research study deleted',
    failure: 'Failed to delete research study',
    title: 'Delete this study?',
    confirmLabel: 'Delete for good',
    body: (row) => `“${row.title}” will be deleted.`,
    fallbackFocus: heading,
  })
  return (
    <>
      <h2 ref={heading} tabIndex={-1}>
        Studies
      </h2>
      <ul>
        {list.data?.pages
          .flatMap((page) => page.items)
          .map((row) => (
            <li key={row.id}>
              <button type="button" onClick={() => remove.ask(row)}>
                Delete {row.title}
              </button>
            </li>
          ))}
      </ul>
      {remove.dialog}
    </>
  )
}

function setUp() {
  let rows = [study(1), study(2)]
  const server = fakeServer({
    'researchStudies.adminList': () => ({ items: rows, nextCursor: null }),
    'researchStudies.remove': (input) => {
      const { id } = input as { id: number }
      const gone = rows.find((row) => row.id === id)
      rows = rows.filter((row) => row.id !== id)
      return gone
    },
    'activity.list': () => ({ items: [], nextCursor: null }),
  })
  return server
}

/** Opens the dialog from the row's button, as a keyboard user would. */
async function openFrom(name: string) {
  const opener = await screen.findByRole('button', { name })
  opener.focus()
  await userEvent.keyboard('{Enter}')
  const dialog = await screen.findByRole('dialog', { name: 'Delete this study?' })
  return { opener, dialog }
}

describe('ConfirmDialog', () => {
  it('takes the focus to its safe choice, closes on Escape, and gives the focus back to its opener', async () => {
    await renderApp(<Rows />, setUp())
    const { opener, dialog } = await openFrom('Delete Study 2')
    expect(dialog.textContent).toContain('“Study 2” will be deleted.')
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Cancel' })))

    await userEvent.keyboard('{Escape}')
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    await waitFor(() => expect(document.activeElement).toBe(opener))
  })

  it('closes on Cancel and gives the focus back to its opener', async () => {
    await renderApp(<Rows />, setUp())
    const { opener } = await openFrom('Delete Study 1')
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    await waitFor(() => expect(document.activeElement).toBe(opener))
  })

  it('after the delete, whose opener left with its row, gives the focus to the fallback', async () => {
    const server = setUp()
    await renderApp(<Rows />, server)
    await openFrom('Delete Study 1')
    await userEvent.click(screen.getByRole('button', { name: 'Delete for good' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    expect(screen.queryByRole('button', { name: 'Delete Study 1' })).toBeNull()
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'Studies' })))
    expect(server.calls.find((call) => call.path === 'researchStudies.remove')?.input).toEqual({ id: 1 })
  })
})
