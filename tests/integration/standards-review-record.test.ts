import { sql } from 'drizzle-orm'
import { beforeEach, describe, expect, it } from 'vitest'
import { standardComments } from '../../src/db/schema'
import { seedStandards } from '../../src/server/services/standards'
import { setUpTestApp } from '../helpers/build-app'
import { memberCookie, SAME_ORIGIN } from '../helpers/login'

/*
 * Due process in a public review (docs/decisions/053-due-process-in-review.md): a change to the text
 * under review is on the public record, each comment says which text it read, the comparisons read
 * the text rather than its Markdown, and a new document starts with its first draft.
 */

const ctx = setUpTestApp({ env: { ADMIN_EMAILS: 'admin@example.org' } })
const G002 = 'MHBOT-SC-G-002'

beforeEach(async () => {
  await seedStandards(ctx.app.db, ctx.app.site)
})

const get = (url: string) => ctx.app.inject({ method: 'GET', url })
const send = (method: 'POST' | 'PATCH', url: string, headers: Record<string, string>, payload?: unknown) =>
  ctx.app.inject({ method, url, headers, ...(payload === undefined ? {} : { payload: payload as object }) })
const editorHeaders = async () => ({
  ...SAME_ORIGIN,
  cookie: await memberCookie(ctx.app, 'editor@example.org', 'editor'),
})
const comment = (text: string) => ({
  name: 'Dana Reader',
  email: 'dana@example.org',
  section: 'Before the session',
  comment: text,
  consent: true,
})

describe('a change to the text under review', () => {
  it('is on the public page and in a comparison with the opening text; each comment keeps the text it read', async () => {
    const editor = await editorHeaders()
    const current = (await get(`/api/standards/${G002}`)).json().current.body as string
    const versions = `/api/admin/standards/${G002}/versions`
    expect(
      (await send('POST', versions, editor, { version: '1.1', changeSummary: 'Clearer.', body: current })).statusCode,
    ).toBe(201)
    // A draft's edits are no one's business but the editors': nothing is recorded before the review.
    const draftEdit = await send('PATCH', `${versions}/1.1`, editor, { body: `${current}\n\nA line added in draft.` })
    expect(draftEdit.json().textChangedAt).toBeNull()
    const closesAt = new Date(Date.now() + 30 * 86_400_000).toISOString()
    expect((await send('POST', `${versions}/1.1/review`, editor, { closesAt })).statusCode).toBe(200)

    const url = `/api/standards/${G002}/versions/1.1`
    expect((await get(url)).json().textChangedAt).toBeNull()
    const unchanged = await get(`${url}/changes`)
    expect(unchanged.statusCode).toBe(200)
    expect(unchanged.json()).toMatchObject({ textChangedAt: null, textRevision: 0, inserted: 0, deleted: 0 })

    expect((await send('POST', `${url}/comments`, SAME_ORIGIN, comment('Before the change.'))).statusCode).toBe(201)
    const opening = (await get(url)).json().html as string
    const changed = opening.includes('Screening questionnaire completed and reviewed.')
      ? current.replace(
          'Screening questionnaire completed and reviewed.',
          'Screening questionnaire completed, **signed** and reviewed.',
        )
      : `${current}\n\nScreening is **signed**.`
    const edit = await send('PATCH', `${versions}/1.1`, editor, { body: `${changed}\n\nA line added in draft.` })
    expect(edit.statusCode).toBe(200)
    expect(edit.json().textChangedAt).not.toBeNull()
    // A change to the summary alone is no change to the text.
    await send('PATCH', `${versions}/1.1`, editor, { changeSummary: 'Clearer, and signed.' })
    expect((await send('POST', `${url}/comments`, SAME_ORIGIN, comment('After the change.'))).statusCode).toBe(201)

    const page = (await get(url)).json()
    expect(page.textChangedAt).not.toBeNull()
    const changes = (await get(`${url}/changes`)).json()
    // ", signed": a comma and a word.
    expect(changes).toMatchObject({ textRevision: 1, inserted: 2, deleted: 0 })
    expect(new Date(changes.textChangedAt).getTime()).toBe(new Date(page.textChangedAt).getTime())
    // The comparison reads the text: the inserted word, never the Markdown around it.
    const inserted = changes.blocks.flatMap((block: { segments: { kind: string; text: string }[] }) =>
      block.segments.filter((segment) => segment.kind === 'inserted').map((segment) => segment.text),
    )
    expect(inserted.join('')).toContain('signed')
    expect(JSON.stringify(changes.blocks)).not.toContain('**')
    expect(changes.blocks.some((block: { heading?: boolean }) => block.heading)).toBe(true)

    const rows = await ctx.app.db.select().from(standardComments).orderBy(standardComments.id)
    expect(rows.map((row) => [row.comment, row.textRevision])).toEqual([
      ['Before the change.', 0],
      ['After the change.', 1],
    ])

    // Published: the record says which text each comment read, and the text can no longer change.
    for (const row of rows)
      await send('PATCH', `/api/admin/comments/${row.id}/answer`, editor, {
        disposition: 'accepted',
        response: 'Thank you.',
      })
    await ctx.app.db.execute(
      sql`update standard_versions set review_closes_at = now() - interval '1 minute' where state = 'review'`,
    )
    expect((await send('POST', `${versions}/1.1/publish`, editor, { effectiveDate: '2027-01-15' })).statusCode).toBe(
      200,
    )
    const record = (await get(`${url}/comments`)).json()
    expect(record.textRevision).toBe(1)
    expect(record.comments.map((one: { textRevision: number }) => one.textRevision)).toEqual([0, 1])
    expect((await send('PATCH', `${versions}/1.1`, editor, { body: `${changed}\n\nLater.` })).statusCode).toBe(409)
  })

  it('a version compared with another reads as text, headings marked', async () => {
    const compared = await get(`/api/standards/${G002}/compare?from=1.0&to=1.0`)
    expect(compared.statusCode).toBe(200)
    const text = JSON.stringify(compared.json().blocks)
    expect(text).not.toMatch(/\|\s*-{3}|\*\*|(^|")##/)
    expect(compared.json().blocks.some((block: { heading?: boolean }) => block.heading)).toBe(true)
  })

  it('a version never reviewed has no changes page', async () => {
    expect((await get(`/api/standards/${G002}/versions/1.0/changes`)).statusCode).toBe(404)
  })
})

describe('a new document', () => {
  it('is created with its first draft by an editor, is not public until its review, and keeps its number for life', async () => {
    const editor = await editorHeaders()
    const moderator = { ...SAME_ORIGIN, cookie: await memberCookie(ctx.app, 'moderator@example.org', 'moderator') }
    const input = {
      number: 'mhbot-sc/g-007',
      title: 'Cleaning a Chamber Between Sessions',
      kind: 'guide',
      changeSummary: 'First edition.',
      body: '## Scope\n\nThis guide covers cleaning between sessions.\n\n## Steps\n\n- Wipe the seals.',
    }
    expect((await send('POST', '/api/admin/standards', moderator, input)).statusCode).toBe(403)
    const created = await send('POST', '/api/admin/standards', editor, input)
    expect(created.statusCode, created.body).toBe(201)
    expect(created.json()).toMatchObject({
      number: 'MHBOT-SC/G-007',
      key: 'MHBOT-SC-G-007',
      version: '1.0',
      state: 'draft',
    })

    // Not public: not listed, no page.
    expect((await get('/api/standards/MHBOT-SC-G-007')).statusCode).toBe(404)
    expect((await get('/api/standards')).json().map((one: { key: string }) => one.key)).not.toContain('MHBOT-SC-G-007')
    const admin = (await ctx.app.inject({ method: 'GET', url: '/api/admin/standards', headers: editor })).json()
    expect(admin.map((one: { key: string }) => one.key)).toContain('MHBOT-SC-G-007')

    // The same number, or one with the same address, is taken.
    const again = await send('POST', '/api/admin/standards', editor, { ...input, number: 'MHBOT-SC-G-007' })
    expect(again.statusCode).toBe(409)
    expect(again.json().message).toMatch(/exists already/)
    const bad = await send('POST', '/api/admin/standards', editor, {
      ...input,
      number: 'G 007!',
      kind: 'memo',
      body: '',
    })
    expect(bad.statusCode).toBe(400)
    expect(Object.keys(bad.json().fields).sort()).toEqual(['body', 'kind', 'number'])

    // Its review makes it public.
    const closesAt = new Date(Date.now() + 30 * 86_400_000).toISOString()
    const review = await send('POST', '/api/admin/standards/MHBOT-SC-G-007/versions/1.0/review', editor, { closesAt })
    expect(review.statusCode, review.body).toBe(200)
    const listed = (await get('/api/standards')).json().find((one: { key: string }) => one.key === 'MHBOT-SC-G-007')
    expect(listed).toMatchObject({
      title: 'Cleaning a Chamber Between Sessions',
      current: null,
      review: { version: '1.0' },
    })
    expect((await get('/api/standards/MHBOT-SC-G-007/versions/1.0')).json().sections).toEqual(['Scope', 'Steps'])
  })
})
