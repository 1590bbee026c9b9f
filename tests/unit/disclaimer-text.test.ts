import { describe, expect, it } from 'vitest'
import { DISCLAIMER_TEXT as CLIENT_COPY } from '../../src/client/lib/disclaimer-text'
import { DISCLAIMER_TEXT } from '../../src/content/documents'

describe('the client’s copy of the medical disclaimer', () => {
  it('is the text of src/content/documents.ts', () => {
    expect(CLIENT_COPY).toBe(DISCLAIMER_TEXT)
  })
})
