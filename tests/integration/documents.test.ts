import { beforeEach, describe, expect, it } from 'vitest'
import { COUNCIL_DOCUMENTS, documentUrl } from '../../src/content/documents'
import { REGULATORY_NOTE } from '../../src/content/passages'
import { seedStandards } from '../../src/server/services/standards'
import { DEFAULT_SITE } from '../../src/shared/site'
import { setUpTestApp } from '../helpers/build-app'
import { pdfText } from '../helpers/pdf-text'

/**
 * The council's downloadable documents as a reader gets them at the addresses they always had
 * (README, API: GET /downloads/{slug}.pdf, which now leads to the current version's PDF).
 */
const setup = setUpTestApp()
beforeEach(async () => {
  await seedStandards(setup.app.db, setup.app.site)
})

/** The PDF at a document's old address, through its redirect. */
async function download(url: string) {
  const moved = await setup.app.inject({ method: 'GET', url })
  expect(moved.statusCode).toBe(302)
  return setup.app.inject({ method: 'GET', url: String(moved.headers.location) })
}

/** The text as one line of words: PDF.js returns each drawn line on its own. */
const words = (text: string) => text.replace(/\s+/g, ' ')

describe('council documents', () => {
  it.each(COUNCIL_DOCUMENTS.map((doc) => [doc.slug, doc] as const))(
    '%s carries its number and date under the title, and prints the disclaimer once',
    async (_slug, doc) => {
      const response = await download(documentUrl(doc.slug))
      expect(response.statusCode).toBe(200)
      const text = words(pdfText(response.rawPayload))
      expect(text).toContain(`Document ${doc.number} · Issued ${doc.issued}`)
      // The disclaimer's first sentence, which a line break cannot split across two runs in a way
      // that would hide a second copy: count it.
      const opening = 'The information provided by the council is for general wellness and educational purposes only.'
      expect(DEFAULT_SITE.disclaimer.startsWith(opening)).toBe(true)
      expect(text.split(opening).length - 1).toBe(1)
    },
  )

  it('the position statement says how regulators see chambers and oxygen, in its wellness section', async () => {
    const response = await download(documentUrl('position-statement-mhbot-sc-001'))
    const text = words(pdfText(response.rawPayload))
    const classification = text.indexOf('4. Wellness classification')
    const scope = text.indexOf('5. Scope of oversight')
    const note = text.indexOf('21 CFR 868.5470')
    expect(classification).toBeGreaterThan(-1)
    expect(note).toBeGreaterThan(classification)
    expect(note).toBeLessThan(scope)
    expect(text).toContain(words(REGULATORY_NOTE).slice(0, 60))
  })

  it('every document has its own number', () => {
    const numbers = COUNCIL_DOCUMENTS.map((doc) => doc.number)
    expect(new Set(numbers).size).toBe(numbers.length)
    expect(numbers[0]).toBe('MHBOT-SC/001')
  })
})
