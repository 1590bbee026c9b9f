import { MantineProvider } from '@mantine/core'
import { act, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { hydrateRoot } from 'react-dom/client'
import { renderToString } from 'react-dom/server'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { PrintButton } from '../../src/client/components/print-button'
import { theme } from '../../src/client/theme'

const page = () => (
  <MantineProvider theme={theme}>
    <a href="#version-history">Version history</a>
    <PrintButton />
  </MantineProvider>
)

describe('the Print button of a document', () => {
  afterEach(() => {
    document.body.innerHTML = ''
  })

  it('is not in the server’s HTML (a touch screen never runs the code that prints), and comes once the code has run', async () => {
    const html = renderToString(page())
    expect(html).not.toContain('Print')
    const container = document.createElement('div')
    container.innerHTML = html
    document.body.append(container)
    const print = vi.spyOn(window, 'print').mockImplementation(() => {})
    await act(async () => {
      hydrateRoot(container, page())
    })
    const button = await screen.findByRole('button', { name: 'Print' })
    // Last in its row: the link before it did not move.
    const link = container.querySelector('a')
    expect(link && link.compareDocumentPosition(button) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy()
    await userEvent.click(button)
    expect(print).toHaveBeenCalledTimes(1)
    print.mockRestore()
  })
})
