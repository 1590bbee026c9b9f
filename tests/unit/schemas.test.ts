import { describe, expect, it } from 'vitest'
import { TEXT_LIMITS } from '../../src/shared/constants'
import { ContactInputSchema } from '../../src/shared/schemas/contact'
import { NewsletterInputSchema } from '../../src/shared/schemas/newsletter'
import { ResearchStudyInputSchema } from '../../src/shared/schemas/research-study'

const messagesOf = (result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  Object.fromEntries((result.error?.issues ?? []).map((issue) => [String(issue.path[0]), issue.message]))

describe('ContactInputSchema', () => {
  const valid = { name: 'Al', email: 'al@example.org', subject: 'Hello', message: 'Ten chars.' }

  it('accepts the minimum lengths', () => {
    expect(ContactInputSchema.safeParse(valid).success).toBe(true)
  })

  it('gives the spec messages for each field', () => {
    const result = ContactInputSchema.safeParse({ name: 'A', email: 'nope', subject: 'Hey', message: 'short' })
    expect(messagesOf(result)).toEqual({
      name: 'Name must be at least 2 characters',
      email: 'Please enter a valid email address',
      subject: 'Subject must be at least 5 characters',
      message: 'Message must be at least 10 characters',
    })
  })

  it('counts trimmed length', () => {
    expect(ContactInputSchema.safeParse({ ...valid, name: '  A  ' }).success).toBe(false)
  })

  // Text a database cannot store (U+0000, a lone surrogate) made the insert fail as a 500 (found by
  // tests/integration/hostile-input.test.ts).
  it.each(
    ['name', 'subject', 'message'].flatMap((field) => [
      [field, '\u0000', 'must not contain a null character'],
      [field, '\ud800', 'must be valid Unicode text'],
      [field, '\udc00', 'must be valid Unicode text'],
    ]),
  )('refuses %s holding %j', (field, character, message) => {
    const result = ContactInputSchema.safeParse({
      ...valid,
      [field]: `${valid[field as keyof typeof valid]}${character}x`,
    })
    expect(Object.keys(messagesOf(result))).toEqual([field])
    expect(messagesOf(result)[field]).toMatch(new RegExp(`${message}$`))
  })

  it('accepts characters outside the basic plane (a surrogate pair)', () => {
    expect(ContactInputSchema.safeParse({ ...valid, message: 'Ten chars and 😀 𝕏' }).success).toBe(true)
  })
})

describe('NewsletterInputSchema', () => {
  it('trims and lower-cases the address', () => {
    expect(NewsletterInputSchema.parse({ email: '  Jane@Example.ORG ' })).toEqual({ email: 'jane@example.org' })
  })
  it('rejects an invalid address', () => {
    expect(NewsletterInputSchema.safeParse({ email: 'jane@' }).success).toBe(false)
  })
})

describe('ResearchStudyInputSchema', () => {
  const valid = { title: 'A study', category: 'General Wellness', url: 'https://doi.org/10.1/x' }

  it('accepts the required fields and nulls the optional ones', () => {
    expect(ResearchStudyInputSchema.parse(valid)).toEqual({
      ...valid,
      authors: null,
      journal: null,
      year: null,
      volume: null,
      issue: null,
      pages: null,
      summary: null,
      attachmentFileId: null,
    })
  })

  it.each([
    [{ url: 'javascript:alert(1)' }, 'url'],
    [{ url: 'ftp://example.org/x' }, 'url'],
    [{ category: 'Cures' }, 'category'],
    [{ year: '19' }, 'year'],
    [{ title: '   ' }, 'title'],
    [{ title: 'x'.repeat(301) }, 'title'],
  ])('rejects %o', (override, field) => {
    const result = ResearchStudyInputSchema.safeParse({ ...valid, ...override })
    expect(result.success).toBe(false)
    expect(Object.keys(messagesOf(result))).toContain(field)
  })

  it.each(
    ['title', 'authors', 'journal', 'volume', 'issue', 'pages', 'summary', 'url'].flatMap((field) => [
      [field, '\u0000', 'must not contain a null character'],
      [field, '\ud800', 'must be valid Unicode text'],
    ]),
  )('refuses %s holding %j', (field, character, message) => {
    const value = field === 'url' ? `https://example.org/a${character}b` : `Some text${character}`
    const result = ResearchStudyInputSchema.safeParse({ ...valid, [field]: value })
    expect(Object.keys(messagesOf(result))).toEqual([field])
    expect(messagesOf(result)[field]).toMatch(new RegExp(`${message}$`))
  })

  it('keeps volume, issue and pages as text, trimmed, empty as null, and refuses them over their limits', () => {
    const parsed = ResearchStudyInputSchema.parse({ ...valid, volume: ' 69 ', issue: '4', pages: '573-580' })
    expect(parsed).toMatchObject({ volume: '69', issue: '4', pages: '573-580' })
    expect(ResearchStudyInputSchema.parse({ ...valid, volume: '', issue: '  ', pages: null })).toMatchObject({
      volume: null,
      issue: null,
      pages: null,
    })
    for (const [field, label] of [
      ['volume', 'Volume'],
      ['issue', 'Issue'],
      ['pages', 'Pages'],
    ] as const) {
      const limit = TEXT_LIMITS[field]
      expect(ResearchStudyInputSchema.safeParse({ ...valid, [field]: 'x'.repeat(limit) }).success).toBe(true)
      const result = ResearchStudyInputSchema.safeParse({ ...valid, [field]: 'x'.repeat(limit + 1) })
      expect(messagesOf(result)).toEqual({ [field]: `${label} must be at most ${limit} characters` })
    }
  })

  it('accepts an empty year, and drops an attachment link sent by the client (the server builds it)', () => {
    const parsed = ResearchStudyInputSchema.parse({ ...valid, year: '', attachmentUrl: '/files/abc/study.pdf' })
    expect(parsed.year).toBeNull()
    expect(parsed).not.toHaveProperty('attachmentUrl')
  })
})
