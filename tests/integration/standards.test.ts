import { and, eq, sql } from 'drizzle-orm'
import { beforeEach, describe, expect, it } from 'vitest'
import { COUNCIL_DOCUMENTS, type DocumentSection } from '../../src/content/documents'
import { auditLog, standardComments } from '../../src/db/schema'
import { renderMarkdown } from '../../src/server/services/markdown'
import { renderDocumentPdf, seedStandards } from '../../src/server/services/standards'
import { DEFAULT_SITE } from '../../src/shared/site'
import { setUpTestApp } from '../helpers/build-app'
import { memberCookie, SAME_ORIGIN } from '../helpers/login'

/*
 * The council's standards (docs/decisions/028-standards-as-versioned-documents.md), through the
 * REST contract: the six documents as they were, a revision from draft through public review to
 * publication, the visitors' comments and the council's written answers, and the rules that keep
 * the record honest.
 */

// A scheduler tick a second: it tells the kept pages when a review closes.
const ctx = setUpTestApp({ env: { ADMIN_EMAILS: 'admin@example.org', NEWS_PUBLISH_INTERVAL_S: '1' } })
const G002 = 'MHBOT-SC-G-002'

beforeEach(async () => {
  await seedStandards(ctx.app.db, ctx.app.site)
})

const as = async (role: 'editor' | 'moderator') => ({
  ...SAME_ORIGIN,
  cookie: await memberCookie(ctx.app, `${role}@example.org`, role),
})
const get = (url: string) => ctx.app.inject({ method: 'GET', url })
const send = (method: 'POST' | 'PATCH', url: string, headers: Record<string, string>, payload?: unknown) =>
  ctx.app.inject({ method, url, headers, ...(payload === undefined ? {} : { payload: payload as object }) })

const comment = (overrides: Record<string, unknown> = {}) => ({
  name: 'Dana Reader',
  organisation: 'A Wellness Studio',
  email: 'dana@example.org',
  section: 'Before the session',
  comment: 'The checklist should ask about recent ear surgery.',
  proposedChange: 'Add a line on ear surgery in the last month.',
  consent: true,
  ...overrides,
})

/** Every text a legacy document showed: headings, paragraphs, list items and table cells. */
const textsOf = (sections: DocumentSection[]) =>
  sections.flatMap((section) => [
    section.heading,
    ...section.blocks.flatMap((block) =>
      block.kind === 'paragraph'
        ? [block.text]
        : block.kind === 'bullets'
          ? block.items
          : [...block.header, ...block.rows.flat()],
    ),
  ])

/** Drafts 1.1 of G-002 with one sentence changed and opens its review, closing in 30 days. */
async function reviewOfG002() {
  const editor = await as('editor')
  const current = (await get(`/api/standards/${G002}`)).json().current.body as string
  const body = current.replace(
    'Screening questionnaire completed and reviewed.',
    'Screening questionnaire completed, signed and reviewed.',
  )
  expect(body).not.toBe(current)
  const draft = await send('POST', `/api/admin/standards/${G002}/versions`, editor, {
    version: '1.1',
    changeSummary: 'Screening is confirmed in writing.',
    body,
  })
  expect(draft.statusCode, draft.body).toBe(201)
  const closesAt = new Date(Date.now() + 30 * 86_400_000).toISOString()
  const review = await send('POST', `/api/admin/standards/${G002}/versions/1.1/review`, editor, { closesAt })
  expect(review.statusCode, review.body).toBe(200)
  return { editor, body }
}

const closeReview = () =>
  ctx.app.db.execute(
    sql`update standard_versions set review_closes_at = now() - interval '1 minute' where state = 'review'`,
  )

describe('the six documents as version 1.0', () => {
  it('lists them, current and published on the first edition date, none in review', async () => {
    const list = await get('/api/standards')
    expect(list.statusCode).toBe(200)
    expect(list.json()).toHaveLength(COUNCIL_DOCUMENTS.length)
    for (const entry of list.json()) {
      expect(entry).toMatchObject({ current: { version: '1.0', effectiveDate: '2025-10-31' }, review: null })
    }
    expect(list.json().map((entry: { number: string }) => entry.number)).toContain('MHBOT-SC/001')
  })

  it('reads word for word as before, on the page and in the PDF at its old address', async () => {
    for (const doc of COUNCIL_DOCUMENTS) {
      const key = doc.number.replaceAll('/', '-')
      // Both ways of writing the number reach the document.
      const byKey = await get(`/api/standards/${key}`)
      const byNumber = await get(`/api/standards/${encodeURIComponent(doc.number)}`)
      expect(byKey.statusCode).toBe(200)
      expect(byNumber.json()).toEqual(byKey.json())
      const { current, title, kind } = byKey.json()
      expect(title).toBe(doc.title)
      expect(kind).toBe(doc.number === 'MHBOT-SC/001' ? 'position statement' : 'guide')
      const shown = renderMarkdown(current.body).text.replace(/\s+/g, ' ')
      for (const text of textsOf(doc.sections(ctx.app.site))) expect(shown).toContain(text.replace(/\s+/g, ' '))

      const legacy = await get(`/downloads/${doc.slug}.pdf`)
      expect(legacy.statusCode).toBe(302)
      expect(legacy.headers.location).toBe(`/downloads/${key}-v1.0.pdf`)
      const pdf = await get(String(legacy.headers.location))
      expect(pdf.statusCode).toBe(200)
      expect(pdf.headers['content-type']).toBe('application/pdf')
      // The same bytes the built-in renderer made from the code's text: content, number and issue date.
      expect(Buffer.compare(pdf.rawPayload, Buffer.from(await renderDocumentPdf(doc, ctx.app.site)))).toBe(0)
    }
  })

  it('seeds once: a second start-up leaves the documents alone', async () => {
    expect(await seedStandards(ctx.app.db, DEFAULT_SITE)).toBe(false)
    expect((await get('/api/standards')).json()).toHaveLength(COUNCIL_DOCUMENTS.length)
  })

  it('answers 404 for a document or version that is not there, and for bad numbers', async () => {
    expect((await get('/api/standards/MHBOT-SC-999')).statusCode).toBe(404)
    expect((await get(`/api/standards/${G002}/versions/9.9`)).statusCode).toBe(404)
    expect((await get(`/api/standards/${G002}/versions/1.x`)).statusCode).toBe(400)
    expect((await get('/downloads/MHBOT-SC-999-v1.0.pdf')).statusCode).toBe(404)
    expect((await get('/downloads/nothing.pdf')).statusCode).toBe(404)
    // Never a 500: a name no document could have is not asked of the database.
    expect((await get('/downloads/%00.pdf.pdf')).statusCode).toBe(404)
    expect((await get('/downloads/%F0%9F%98%80-v1.0.pdf')).statusCode).toBe(404)
  })
})

describe('a revision in the open', () => {
  it('goes from draft through public review to published, with every comment answered', async () => {
    const { editor } = await reviewOfG002()
    const moderator = await as('moderator')

    // The draft was never public; the version in review is, with its own PDF.
    const page = await get(`/api/standards/${G002}/versions/1.1`)
    expect(page.json()).toMatchObject({ state: 'review', reviewOpen: true, current: { version: '1.0' } })
    expect((await get(`/downloads/${G002}-v1.1.pdf`)).statusCode).toBe(200)
    const listed = (await get('/api/standards')).json().find((entry: { key: string }) => entry.key === G002)
    expect(listed.review).toMatchObject({ version: '1.1', closesAt: expect.any(String) })

    const url = `/api/standards/${G002}/versions/1.1/comments`
    const named = await send('POST', url, SAME_ORIGIN, comment())
    expect(named.statusCode, named.body).toBe(201)
    const anonymous = await send(
      'POST',
      url,
      SAME_ORIGIN,
      comment({ name: 'Private Person', email: 'p@example.org', consent: false }),
    )
    expect(anonymous.statusCode).toBe(201)
    const spam = await send(
      'POST',
      url,
      SAME_ORIGIN,
      comment({ name: 'Spam Bot', comment: 'Buy cheap chambers now!!!' }),
    )
    expect(spam.statusCode).toBe(201)
    // A bot that fills the honeypot is thanked and forgotten.
    const bot = await send('POST', url, SAME_ORIGIN, comment({ website: 'http://spam.example' }))
    expect(bot.statusCode).toBe(201)
    expect(await ctx.app.db.select().from(standardComments)).toHaveLength(3)

    // Nothing is public before publication.
    expect((await get(url)).statusCode).toBe(404)

    const publish = (headers: Record<string, string>) =>
      send('POST', `/api/admin/standards/${G002}/versions/1.1/publish`, headers, { effectiveDate: '2027-01-15' })
    const early = await publish(editor)
    expect(early.statusCode).toBe(409)
    expect(early.json().message).toMatch(/open until/)

    await closeReview()
    const late = await send('POST', url, SAME_ORIGIN, comment())
    expect(late.statusCode).toBe(409)
    expect(late.json().message).toMatch(/closed on/)

    const waiting = await publish(editor)
    expect(waiting.statusCode).toBe(409)
    expect(waiting.json().message).toMatch(/3 comments have no written answer/)

    const ids = (await ctx.app.db.select().from(standardComments).orderBy(standardComments.id)).map((row) => row.id)
    const [namedId, anonymousId, spamId] = ids
    // A moderator hides spam but cannot answer; an editor answers but cannot hide.
    const answerOf = (id: number | undefined, headers: Record<string, string>, payload: unknown) =>
      send('PATCH', `/api/admin/comments/${id}/answer`, headers, payload)
    const hide = (id: number | undefined, headers: Record<string, string>, payload: unknown) =>
      send('PATCH', `/api/admin/comments/${id}/hidden`, headers, payload)
    expect((await answerOf(namedId, moderator, { disposition: 'accepted', response: 'Yes.' })).statusCode).toBe(403)
    expect((await hide(spamId, editor, { hidden: true, reason: 'Advertising' })).statusCode).toBe(403)
    expect((await hide(spamId, moderator, { hidden: true })).statusCode).toBe(400)
    expect((await hide(spamId, moderator, { hidden: true, reason: 'Advertising' })).statusCode).toBe(200)
    expect((await answerOf(namedId, editor, {})).statusCode).toBe(400)
    // The operation is the address's: a body meant for the other route is refused, never guessed.
    expect((await answerOf(spamId, editor, { hidden: false })).statusCode).toBe(400)
    // The one route that chose by the body's keys is gone (decision 044).
    expect(
      (await send('PATCH', `/api/admin/comments/${namedId}`, editor, { disposition: 'accepted', response: 'Yes.' }))
        .statusCode,
    ).toBe(404)
    const answer = await answerOf(namedId, editor, {
      disposition: 'accepted_with_changes',
      response: 'Added, for surgery in the last six weeks.',
    })
    expect(answer.statusCode, answer.body).toBe(200)
    expect((await publish(editor)).json().message).toMatch(/1 comment has no written answer/)
    expect(
      (await answerOf(anonymousId, editor, { disposition: 'not_accepted', response: 'Outside the scope.' })).statusCode,
    ).toBe(200)

    const published = await publish(editor)
    expect(published.statusCode, published.body).toBe(200)
    expect(published.json()).toMatchObject({ state: 'published', superseded: '1.0', effectiveDate: '2027-01-15' })

    // The kept answers follow: the list, the document and the old version all say so at once.
    const document = (await get(`/api/standards/${G002}`)).json()
    expect(document.current).toMatchObject({ version: '1.1', effectiveDate: '2027-01-15' })
    expect(
      document.versions.map((entry: { version: string; state: string }) => `${entry.version} ${entry.state}`),
    ).toEqual(['1.1 published', '1.0 superseded'])
    expect((await get(`/api/standards/${G002}/versions/1.0`)).json()).toMatchObject({
      state: 'superseded',
      current: { version: '1.1' },
    })
    expect((await get(`/downloads/${'session-safety-checklist'}.pdf`)).headers.location).toBe(
      `/downloads/${G002}-v1.1.pdf`,
    )

    const compared = (await get(`/api/standards/${G002}/compare?from=1.0&to=1.1`)).json()
    const changed = compared.blocks.flatMap((block: { segments: { kind: string; text: string }[] }) =>
      block.segments
        .filter((segment) => segment.kind !== 'same')
        .map((segment) => `${segment.kind}:${segment.text.trim()}`),
    )
    expect(changed).toEqual(['inserted:,', 'inserted:signed'])

    // The record: answers public, names only with consent, hidden spam counted, never an address.
    const record = await get(url)
    expect(record.statusCode).toBe(200)
    expect(record.body).not.toContain('@example.org')
    expect(record.json().hidden).toBe(1)
    expect(record.json().comments).toEqual([
      expect.objectContaining({
        name: 'Dana Reader',
        organisation: 'A Wellness Studio',
        disposition: 'accepted_with_changes',
      }),
      expect.objectContaining({
        name: null,
        organisation: null,
        disposition: 'not_accepted',
        response: 'Outside the scope.',
      }),
    ])

    // Published text and its answers are final.
    expect(
      (await answerOf(namedId, editor, { disposition: 'accepted', response: 'Changed my mind.' })).statusCode,
    ).toBe(409)
    const edit = await send('PATCH', `/api/admin/standards/${G002}/versions/1.1`, editor, { body: 'New text.' })
    expect(edit.statusCode).toBe(409)

    const actions = await ctx.app.db
      .select({ after: auditLog.after })
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'standard'), eq(auditLog.actorEmail, 'editor@example.org')))
    expect(actions.map((row) => (row.after as { state?: string }).state)).toEqual(['draft', 'review', 'published'])
  })

  it('refuses what would break the record, each with its reason', async () => {
    const editor = await as('editor')
    const versions = `/api/admin/standards/${G002}/versions`
    const draft = (payload: unknown) => send('POST', versions, editor, payload)

    expect((await draft({ version: '1.0', changeSummary: 'Again.' })).statusCode).toBe(409)
    const bad = await draft({ version: '1.a', changeSummary: '', body: 'x'.repeat(200_001) })
    expect(bad.statusCode).toBe(400)
    expect(Object.keys(bad.json().fields).sort()).toEqual(['body', 'changeSummary', 'version'])
    expect((await draft({ version: '1.1', changeSummary: 'One.' })).statusCode).toBe(201)
    const second = await draft({ version: '1.2', changeSummary: 'Two.' })
    expect(second.statusCode).toBe(409)
    expect(second.json().message).toMatch(/publish or withdraw it/)

    // A draft is the editors' only.
    expect((await get(`/api/standards/${G002}/versions/1.1`)).statusCode).toBe(404)
    expect((await get(`/downloads/${G002}-v1.1.pdf`)).statusCode).toBe(404)
    const comment409 = await send('POST', `/api/standards/${G002}/versions/1.0/comments`, SAME_ORIGIN, comment())
    expect(comment409.statusCode).toBe(409)

    const tooSoon = await send('POST', `${versions}/1.1/review`, editor, {
      closesAt: new Date(Date.now() + 3 * 86_400_000).toISOString(),
    })
    expect(tooSoon.statusCode).toBe(409)
    expect(tooSoon.json().message).toMatch(/at least 14 days/)
    expect((await send('POST', `${versions}/1.1/publish`, editor, { effectiveDate: '2027-01-01' })).statusCode).toBe(
      409,
    )
    expect((await send('POST', `${versions}/1.1/publish`, editor, { effectiveDate: '2027-02-30' })).statusCode).toBe(
      400,
    )

    expect((await send('POST', `${versions}/1.1/withdraw`, editor)).statusCode).toBe(200)
    expect((await send('POST', `${versions}/1.1/withdraw`, editor)).statusCode).toBe(409)
    // Withdrawn before any review: still not public, and the next draft may start.
    expect((await get(`/api/standards/${G002}/versions/1.1`)).statusCode).toBe(404)
    expect((await draft({ version: '1.2', changeSummary: 'Two.' })).statusCode).toBe(201)
  })

  it('checks a comment field by field, with the limits the form states', async () => {
    await reviewOfG002()
    const url = `/api/standards/${G002}/versions/1.1/comments`
    const bad = await send(
      'POST',
      url,
      SAME_ORIGIN,
      comment({
        name: 'A',
        email: 'not-an-address',
        section: 'x'.repeat(101),
        comment: 'x'.repeat(5001),
        consent: 'maybe',
      }),
    )
    expect(bad.statusCode).toBe(400)
    expect(Object.keys(bad.json().fields).sort()).toEqual(['comment', 'consent', 'email', 'name', 'section'])
    const missing = await send('POST', url, SAME_ORIGIN, { name: 'Dana Reader', email: 'dana@example.org' })
    expect(missing.statusCode).toBe(400)
    expect(Object.keys(missing.json().fields).sort()).toEqual(['comment', 'section'])
    const minimal = await send('POST', url, SAME_ORIGIN, {
      name: 'Dana Reader',
      email: 'dana@example.org',
      section: 'General',
      comment: 'A comment long enough to keep.',
    })
    expect(minimal.statusCode, minimal.body).toBe(201)
    const [stored] = await ctx.app.db.select().from(standardComments)
    expect(stored).toMatchObject({ organisation: null, proposedChange: null, consent: false })
    // The cross-site rule of the other forms applies.
    const crossSite = await send('POST', url, { origin: 'https://evil.example' }, comment())
    expect(crossSite.statusCode).toBe(403)
  })

  it('stops offering the form once the review closes, though nothing in the database changed', async () => {
    await reviewOfG002()
    const version = `/api/standards/${G002}/versions/1.1`
    expect((await get(version)).json().reviewOpen).toBe(true)
    await ctx.app.db.execute(
      sql`update standard_versions set review_closes_at = now() + interval '1500 milliseconds' where state = 'review'`,
    )
    // Kept now, while the review is open.
    expect((await get(version)).json().reviewOpen).toBe(true)
    await new Promise((resolve) => setTimeout(resolve, 3500))
    expect((await get(version)).json().reviewOpen).toBe(false)
    expect((await get('/api/standards')).json().find((entry: { key: string }) => entry.key === G002).review.open).toBe(
      false,
    )
  })

  it('drafts the news about a review even with mail off: the post is news on the site all the same', async () => {
    await reviewOfG002()
    const editor = await as('editor')
    const drafted = await send('POST', `/api/admin/standards/${G002}/versions/1.1/announce`, editor)
    expect(drafted.statusCode).toBe(201)
    expect(drafted.json()).toMatchObject({ status: 'draft', created: true })
  })
})
