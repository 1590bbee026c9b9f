import { screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { useState } from 'react'
import { describe, expect, it } from 'vitest'
import { CountedTextarea } from '../../src/client/admin/ui/counted-textarea'
import { fakeServer } from './fake-server'
import { renderApp } from './render'

function Field({ hint }: { hint?: string }) {
  const [value, setValue] = useState('')
  return (
    <CountedTextarea
      label="Change summary"
      hint={hint}
      rows={[2, 6]}
      max={500}
      value={value}
      onChange={(event) => setValue(event.currentTarget.value)}
    />
  )
}

/** What a screen reader reads after the field's name. */
const description = (field: HTMLElement) => {
  const ids = (field.getAttribute('aria-describedby') ?? '').split(' ').filter(Boolean)
  return ids.map((id) => document.getElementById(id)).filter((element) => element !== null)
}

describe('CountedTextarea', () => {
  it('counts what is written out of its maximum, after its hint, in the description tied to the field', async () => {
    await renderApp(<Field hint="What this version changes" />, fakeServer({}))
    const field = screen.getByRole('textbox', { name: 'Change summary' })
    expect(description(field).map((element) => element.textContent)).toEqual(['What this version changes · 0 / 500'])
    await userEvent.type(field, 'Fasting')
    expect(description(field).map((element) => element.textContent)).toEqual(['What this version changes · 7 / 500'])
    // A hint is read before writing: it stands above the box.
    const [above] = description(field)
    expect(above?.compareDocumentPosition(field)).toBe(Node.DOCUMENT_POSITION_FOLLOWING)
  })

  it('without a hint, says the bare count under the box', async () => {
    await renderApp(<Field />, fakeServer({}))
    const field = screen.getByRole('textbox', { name: 'Change summary' })
    await userEvent.type(field, 'Oxygen')
    const [under] = description(field)
    expect(under?.textContent).toBe('6 / 500')
    expect(under?.compareDocumentPosition(field)).toBe(Node.DOCUMENT_POSITION_PRECEDING)
  })
})
