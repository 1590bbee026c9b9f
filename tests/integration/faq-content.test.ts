import { eq } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { beforeEach, describe, expect, it } from 'vitest'
import { FAQ_CATEGORIES, FAQ_DESCRIPTION } from '../../src/content/faq'
import { auditLog, siteTextRevisions } from '../../src/db/schema'
import { render } from '../../src/server/ssr/render'
import { setUpTestApp } from '../helpers/build-app'
import { memberCookie, SAME_ORIGIN } from '../helpers/login'
import { replicas, until } from '../helpers/replicas'

/*
 * The FAQ as content (issue 39, items 2 and 4; docs/decisions/054-faq-as-content.md): the starting
 * text word for word, a draft saved and published at once on every replica, every revision kept,
 * compared and restored, and two editors' saves that cannot overwrite each other.
 */

const EMPTY_ASSETS = { scripts: [], css: [], preloads: [] }
const setup = setUpTestApp({ env: { ADMIN_EMAILS: 'admin@example.org' }, ssr: { render, assets: EMPTY_ASSETS } })
const others = replicas()
let app: FastifyInstance
let editor: Record<string, string>
beforeEach(async () => {
  app = setup.app
  editor = { ...SAME_ORIGIN, cookie: await memberCookie(app, 'editor@example.org', 'editor') }
})

type Faq = {
  description: string
  categories: { id: string; title: string; items: { question: string; answer: string }[] }[]
}
type Editing = { version: number; hasDraft: boolean; draft: Faq; published: Faq; revision: number }

const call = (method: 'GET' | 'PUT' | 'POST', url: string, payload?: unknown, headers = editor, on = app) =>
  on.inject({ method, url, headers, ...(payload === undefined ? {} : { payload: payload as object }) })
const contentOf = (faq: Faq) =>
  structuredClone({ description: faq.description, categories: faq.categories.map(({ id, items }) => ({ id, items })) })
const ANSWER = 'Usually 60 to 90 minutes; a first session may be shorter.'

describe('the FAQ as content', () => {
  it('is the starting text, word for word, until something is published', async () => {
    const faq = (await call('GET', '/api/faq', undefined, {})).json() as Faq
    expect(faq.categories.map((category) => [category.id, category.title, category.items])).toEqual(
      FAQ_CATEGORIES.map((category) => [category.id, category.title, category.items]),
    )
    const page = await call('GET', '/faq', undefined, {})
    expect(page.statusCode).toBe(200)
    expect((await call('GET', '/sitemap.xml', undefined, {})).body).toContain(
      '<loc>http://localhost:3000/faq</loc><changefreq>monthly</changefreq>',
    )
    for (const category of FAQ_CATEGORIES) {
      for (const item of category.items) expect(page.body).toContain(escapeHtml(item.question))
    }
    const editing = (await call('GET', '/api/admin/faq')).json() as Editing
    expect(editing).toMatchObject({ version: 0, hasDraft: false, revision: 0 })
    expect((await call('GET', '/api/admin/faq/revisions')).json()).toEqual([
      expect.objectContaining({ revision: 0, current: true }),
    ])
  })

  it('a draft changes nothing public; publishing changes the page at once, on every replica', async (context) => {
    const url = setup.database.url
    const other = url ? await others.start(String(url), { ssr: { render, assets: EMPTY_ASSETS } }) : null
    // Both replicas keep the page first.
    expect((await call('GET', '/faq', undefined, {})).body).not.toContain(ANSWER)
    if (other) expect((await call('GET', '/faq', undefined, {}, other)).body).not.toContain(ANSWER)

    const opened = (await call('GET', '/api/admin/faq')).json() as Editing
    const content = contentOf(opened.draft)
    const sessions = content.categories.find((category) => category.id === 'sessions-experience')
    if (!sessions?.items[0]) throw new Error('no session question')
    sessions.items[0] = { ...sessions.items[0], answer: ANSWER }
    content.description = 'Straight answers on mild hyperbaric sessions, from the council.'
    content.categories[0]?.items.push({ question: 'Is there an age limit?', answer: 'Ask the facility.' })
    const saved = await call('PUT', '/api/admin/faq/draft', { version: opened.version, content })
    expect(saved.statusCode, saved.body).toBe(200)
    expect(saved.json()).toMatchObject({ version: opened.version + 1, hasDraft: true, revision: 0 })
    expect((await call('GET', '/faq', undefined, {})).body).not.toContain(ANSWER)

    const published = await call('POST', '/api/admin/faq/publish', { version: opened.version + 1 })
    expect(published.statusCode, published.body).toBe(200)
    expect(published.json()).toMatchObject({ hasDraft: false, revision: 1 })
    expect((await call('GET', '/faq', undefined, {})).body).toContain(ANSWER)
    expect((await call('GET', '/faq', undefined, {})).body).toContain(
      '<meta name="description" content="Straight answers on mild hyperbaric sessions, from the council."',
    )
    // The sitemap dates the FAQ by its publication; before, it had no date.
    expect((await call('GET', '/sitemap.xml', undefined, {})).body).toMatch(
      /<loc>http:\/\/localhost:3000\/faq<\/loc><lastmod>\d{4}-\d\d-\d\dT[\d:.]+Z<\/lastmod>/,
    )
    expect(((await call('GET', '/api/faq', undefined, {})).json() as Faq).categories[0]?.items.at(-1)).toEqual({
      question: 'Is there an age limit?',
      answer: 'Ask the facility.',
    })
    if (other) {
      const seen = await until(
        async () => (await call('GET', '/faq', undefined, {}, other)).body,
        (body) => body.includes(ANSWER),
      )
      expect(seen).toContain(ANSWER)
    } else context.skip()
  })

  it('keeps every revision: listed, compared with the current one, restored as a draft and published again', async () => {
    const start = (await call('GET', '/api/admin/faq')).json() as Editing
    const changed = contentOf(start.draft)
    const practical = changed.categories[4]
    const first = practical?.items[0]
    if (!practical || !first) throw new Error('no question')
    practical.items[0] = { ...first, answer: `${first.answer} Prices vary by region.` }
    let version = (await call('PUT', '/api/admin/faq/draft', { version: start.version, content: changed })).json()
      .version
    version = (await call('POST', '/api/admin/faq/publish', { version })).json().version

    const revisions = (await call('GET', '/api/admin/faq/revisions')).json() as { revision: number; current: boolean }[]
    expect(revisions.map((entry) => [entry.revision, entry.current])).toEqual([
      [revisions[0]?.revision, true],
      ...revisions.slice(1).map((entry) => [entry.revision, false]),
    ])
    expect(revisions.at(-1)?.revision).toBe(0)
    const starter = (await call('GET', '/api/admin/faq/revisions/0')).json() as {
      comparison: { inserted: number; blocks: { kind: string; segments: { kind: string; text: string }[] }[] }
    }
    const inserted = starter.comparison.blocks
      .flatMap((block) => block.segments)
      .filter((segment) => segment.kind === 'inserted')
      .map((segment) => segment.text)
      .join('')
    expect(inserted).toContain('Prices vary by region.')

    const restored = await call('POST', '/api/admin/faq/revisions/0/restore', { version })
    expect(restored.statusCode, restored.body).toBe(200)
    const draft = restored.json() as Editing
    expect(draft.hasDraft).toBe(true)
    expect(contentOf(draft.draft)).toEqual({
      description: FAQ_DESCRIPTION,
      categories: FAQ_CATEGORIES.map((category) => ({ id: category.id, items: category.items })),
    })
    // The public FAQ does not change until the restored draft is published.
    expect(((await call('GET', '/api/faq', undefined, {})).json() as Faq).categories[4]?.items[0]?.answer).toContain(
      'Prices vary by region.',
    )
    const republished = (await call('POST', '/api/admin/faq/publish', { version: draft.version })).json() as Editing
    expect(republished.revision).toBe((revisions[0]?.revision ?? 0) + 1)
    expect(
      ((await call('GET', '/api/faq', undefined, {})).json() as Faq).categories[4]?.items[0]?.answer,
    ).not.toContain('Prices vary by region.')
    // A revision is the record: the database refuses to change one.
    await expect(
      app.db
        .update(siteTextRevisions)
        .set({ publishedBy: 'someone@example.org' })
        .where(eq(siteTextRevisions.revision, 1)),
    ).rejects.toThrow()
    const logged = await app.db.select().from(auditLog).where(eq(auditLog.entity, 'site_text'))
    expect(logged.map((row) => row.after)).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ draft: 'saved' }),
        expect.objectContaining({ published: true }),
        expect.objectContaining({ draft: 'restored', fromRevision: 0 }),
      ]),
    )
    expect((await call('GET', '/api/admin/faq/revisions/999')).statusCode).toBe(404)
  })

  it('two editors: the second to save is told, and nothing of either is lost', async () => {
    const second = { ...SAME_ORIGIN, cookie: await memberCookie(app, 'second@example.org', 'editor') }
    const opened = (await call('GET', '/api/admin/faq')).json() as Editing
    const mine = contentOf(opened.draft)
    mine.categories[1]?.items.push({ question: 'Mine?', answer: 'Saved first.' })
    const theirs = contentOf(opened.draft)
    theirs.categories[1]?.items.push({ question: 'Theirs?', answer: 'Saved second.' })
    expect((await call('PUT', '/api/admin/faq/draft', { version: opened.version, content: mine })).statusCode).toBe(200)
    const late = await call('PUT', '/api/admin/faq/draft', { version: opened.version, content: theirs }, second)
    expect(late.statusCode).toBe(409)
    expect(late.json().message).toMatch(/^Another member saved or published the FAQ after you opened it/)
    const now = (await call('GET', '/api/admin/faq')).json() as Editing
    expect(now.draft.categories[1]?.items.at(-1)?.question).toBe('Mine?')
    // A publish from the stale screen is refused too.
    expect((await call('POST', '/api/admin/faq/publish', { version: opened.version }, second)).statusCode).toBe(409)
  })

  it('refuses what is not an FAQ with a 400 and a reason per field; strangers and moderators may not edit', async () => {
    const opened = (await call('GET', '/api/admin/faq')).json() as Editing
    const content = contentOf(opened.draft)
    const [gettingStarted, , sessions] = content.categories
    if (!gettingStarted || !sessions) throw new Error('no categories')
    sessions.items = []
    gettingStarted.items[0] = { question: '', answer: 'x'.repeat(3001) }
    const bad = await call('PUT', '/api/admin/faq/draft', { version: opened.version, content })
    expect(bad.statusCode).toBe(400)
    expect(bad.json().fields).toMatchObject({
      'content.categories.0.items.0.question': 'Question is required',
      'content.categories.0.items.0.answer': 'Answer must be at most 3,000 characters',
      'content.categories.2.items': 'Each category keeps at least one question',
    })
    const reordered = { ...contentOf(opened.draft), categories: [...contentOf(opened.draft).categories].reverse() }
    const longDescription = { ...contentOf(opened.draft), description: 'x'.repeat(161) }
    const tooLong = await call('PUT', '/api/admin/faq/draft', { version: opened.version, content: longDescription })
    expect(tooLong.json().fields).toEqual({ 'content.description': 'Description must be at most 160 characters' })
    expect(
      (await call('PUT', '/api/admin/faq/draft', { version: opened.version, content: reordered })).statusCode,
    ).toBe(400)
    expect((await call('POST', '/api/admin/faq/publish', { version: opened.version })).statusCode).toBe(409)
    const moderator = { ...SAME_ORIGIN, cookie: await memberCookie(app, 'moderator@example.org', 'moderator') }
    expect((await call('GET', '/api/admin/faq', undefined, moderator)).statusCode).toBe(403)
    expect((await call('PUT', '/api/admin/faq/draft', { version: 0, content }, SAME_ORIGIN)).statusCode).toBe(401)
  })
})

function escapeHtml(text: string) {
  return text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;')
}
