import { screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import { QueryState } from '../../src/client/admin/ui/query-state'
import { fakeServer } from './fake-server'
import { renderApp } from './render'

const TEXTS = { loading: 'Loading studies...', failed: 'The studies could not be loaded', empty: 'No studies yet.' }

type Query = Parameters<typeof QueryState<string[]>>[0]['query']
const query = (state: Partial<Query>): Query => ({
  isPending: false,
  isError: false,
  data: undefined,
  refetch: () => {},
  ...state,
})

const show = (state: Partial<Query>) =>
  renderApp(
    <QueryState query={query(state)} {...TEXTS}>
      {(rows) => (
        <ul>
          {rows.map((row) => (
            <li key={row}>{row}</li>
          ))}
        </ul>
      )}
    </QueryState>,
    fakeServer({}),
  )

describe('QueryState', () => {
  it('says it is loading, politely, while nothing has come', async () => {
    await show({ isPending: true })
    expect(screen.getByText(TEXTS.loading).closest('[aria-live="polite"]')).not.toBeNull()
    expect(screen.queryByRole('alert')).toBeNull()
  })

  it('says the data could not be loaded and tries again on request', async () => {
    const refetch = vi.fn()
    await show({ isError: true, refetch })
    const alert = screen.getByRole('alert')
    expect(alert.textContent).toContain(TEXTS.failed)
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }))
    expect(refetch).toHaveBeenCalledOnce()
  })

  it('says there is nothing when the loaded data is empty', async () => {
    await show({ data: [] })
    expect(screen.getByText(TEXTS.empty)).toBeTruthy()
    expect(screen.queryByRole('list')).toBeNull()
  })

  it('shows the data once loaded, and keeps it when a refresh fails', async () => {
    await show({ data: ['Oxygen and sleep'], isError: true })
    expect(screen.getByRole('listitem').textContent).toBe('Oxygen and sleep')
    expect(screen.queryByRole('alert')).toBeNull()
  })
})
