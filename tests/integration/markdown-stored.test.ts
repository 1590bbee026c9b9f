import type { AddressInfo } from 'node:net'
import { count, eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { posts, standardVersions } from '../../src/db/schema'
import { REFUSAL_START } from '../../src/server/services/markdown'
import { seedStandards } from '../../src/server/services/standards'
import { renderMissingBodies } from '../../src/server/services/stored-bodies'
import { setUpTestApp } from '../helpers/build-app'
import { loginCookie, SAME_ORIGIN } from '../helpers/login'

/*
 * Markdown is rendered once, when a body is saved, in the worker pool with its time limit; reads
 * serve the stored HTML; a body the renderer cannot handle in time is refused with a 400 naming the
 * body, and nothing is stored (docs/decisions/035-markdown-rendered-once-off-the-event-loop.md).
 */

const ADMIN = 'admin@example.org'
const ctx = setUpTestApp({ env: { ADMIN_EMAILS: ADMIN } })

/** 100,000 characters (a post's most) that take the parser about 44 s: refused at the time limit. */
const SLOW = '*a'.repeat(50_000)
/** Quotes 5,000 deep: overflowed the parser's stack (a 500) before; refused unparsed now. */
const DEEP = '>'.repeat(5_000)

const admin = async () => ({ ...SAME_ORIGIN, cookie: await loginCookie(ctx.app, ADMIN) })

const post = (overrides: Record<string, unknown> = {}) => ({
  title: 'Chamber checks',
  summary: 'What the council checks.',
  body: 'Chambers are **checked** yearly.',
  status: 'published',
  ...overrides,
})

const rest = async (method: 'POST' | 'PATCH', url: string, payload: object) =>
  ctx.app.inject({ method, url, headers: await admin(), payload })

const trpc = async (path: string, input: object) =>
  ctx.app.inject({
    method: 'POST',
    url: `/trpc/${path}`,
    headers: { ...(await admin()), 'content-type': 'application/json' },
    payload: { json: input },
  })

/** The refusal on either adapter: a 400 whose body field says what shape to change. */
function expectRefused(answer: { statusCode: number; json: () => unknown }, shape: RegExp) {
  expect(answer.statusCode).toBe(400)
  const body = answer.json() as {
    fields?: { body?: string }
    error?: { json?: { data?: { fields?: { body?: string } } } }
  }
  const sentence = body.fields?.body ?? body.error?.json?.data?.fields?.body ?? ''
  expect(sentence.startsWith(REFUSAL_START)).toBe(true)
  expect(sentence).toMatch(shape)
}

describe('Markdown rendered once, off the event loop', () => {
  it('refuses a slow or deeply nested body on preview, create and update, over REST and tRPC, and stores nothing', async () => {
    const started = Date.now()
    expectRefused(await trpc('news.preview', { body: SLOW }), /long runs of \* or _/)
    expect(Date.now() - started).toBeLessThan(8_000)
    expectRefused(await trpc('news.preview', { body: DEEP }), /nested more than 32 deep/)

    expectRefused(await rest('POST', '/api/admin/news', post({ body: DEEP })), /nested/)
    expectRefused(await trpc('news.create', post({ body: SLOW })), /long runs/)
    const [none] = await ctx.app.db.select({ n: count() }).from(posts)
    expect(none?.n).toBe(0)

    const created = await rest('POST', '/api/admin/news', post())
    expect(created.statusCode).toBe(201)
    const { id } = created.json()
    expectRefused(await rest('PATCH', `/api/admin/news/${id}`, post({ body: DEEP })), /nested/)
    expectRefused(await trpc('news.update', { id, data: post({ body: '['.repeat(40_000) }) }), /square brackets/)
    const [kept] = await ctx.app.db.select().from(posts).where(eq(posts.id, id))
    expect(kept?.body).toBe('Chambers are **checked** yearly.')
    expect(kept?.bodyHtml).toBe('<p>Chambers are <strong>checked</strong> yearly.</p>')

    await seedStandards(ctx.app.db, ctx.app.site)
    const draft = { version: '1.1', changeSummary: 'A change.' }
    const versions = '/api/admin/standards/MHBOT-SC-G-002/versions'
    expectRefused(await rest('POST', versions, { ...draft, body: DEEP }), /nested/)
    expectRefused(
      await trpc('standards.createDraft', { number: 'MHBOT-SC/G-002', draft: { ...draft, body: SLOW } }),
      /long runs/,
    )
    expect((await rest('POST', versions, draft)).statusCode).toBe(201)
    expectRefused(await rest('PATCH', `${versions}/1.1`, { body: DEEP }), /nested/)
    expectRefused(
      await trpc('standards.updateVersion', { number: 'MHBOT-SC/G-002', version: '1.1', patch: { body: SLOW } }),
      /long runs/,
    )
    const drafts = await ctx.app.db.select().from(standardVersions).where(eq(standardVersions.version, '1.1'))
    expect(drafts).toHaveLength(1)
    expect(drafts[0]?.body).not.toContain('>>>>')
  }, 60_000)

  it('answers /healthz within a second while pathological previews are refused', async () => {
    const address = await ctx.app.listen({ port: 0, host: '127.0.0.1' })
    try {
      const base =
        typeof address === 'string' ? address : `http://127.0.0.1:${(ctx.app.server.address() as AddressInfo).port}`
      const headers = { ...(await admin()), 'content-type': 'application/json' }
      // Threads ready first: what is measured is the refusal, not the threads' start.
      await fetch(`${base}/trpc/news.preview`, {
        method: 'POST',
        headers,
        body: JSON.stringify({ json: { body: 'ready' } }),
      })
      const previews = [SLOW, SLOW].map((body) =>
        fetch(`${base}/trpc/news.preview`, { method: 'POST', headers, body: JSON.stringify({ json: { body } }) }),
      )
      let settled = false
      const done = Promise.all(previews).finally(() => {
        settled = true
      })
      const delays: number[] = []
      while (!settled) {
        const asked = performance.now()
        const health = await fetch(`${base}/healthz`)
        expect(health.status).toBe(200)
        delays.push(performance.now() - asked)
        await new Promise((resolve) => setTimeout(resolve, 50))
      }
      const answers = await done
      expect(answers.map((answer) => answer.status)).toEqual([400, 400])
      for (const answer of answers) expect(JSON.stringify(await answer.json())).toContain(REFUSAL_START)
      expect(delays.length).toBeGreaterThan(5)
      expect(Math.max(...delays)).toBeLessThan(1_000)
    } finally {
      await ctx.app.server.close()
    }
  }, 60_000)

  it('serves the stored HTML on every read, rendering none', async () => {
    const created = await rest('POST', '/api/admin/news', post({ title: 'Stored' }))
    const { id, slug } = created.json()
    // What reads show is what was stored: changed behind the renderer's back, the change is served.
    await ctx.app.db.update(posts).set({ bodyHtml: '<p>stored, not rendered</p>' }).where(eq(posts.id, id))
    expect((await ctx.app.inject({ url: `/api/news/${slug}` })).json().html).toBe('<p>stored, not rendered</p>')
    const page = await ctx.app.inject({
      url: `/trpc/news.page?input=${encodeURIComponent(JSON.stringify({ json: { slug } }))}`,
    })
    expect(page.body).toContain('stored, not rendered')
    expect((await ctx.app.inject({ url: '/news/feed.xml' })).body).toContain('stored, not rendered')

    await seedStandards(ctx.app.db, ctx.app.site)
    await ctx.app.db.update(standardVersions).set({ bodyHtml: '<p>kept standard</p>', bodyText: 'kept standard' })
    expect((await ctx.app.inject({ url: '/api/standards/MHBOT-SC-G-002' })).json().current.html).toBe(
      '<p>kept standard</p>',
    )
    expect((await ctx.app.inject({ url: '/api/standards/MHBOT-SC-G-002/versions/1.0' })).json().html).toBe(
      '<p>kept standard</p>',
    )
  })

  it('renders a row written without its HTML once, on its first read, and stores it', async () => {
    const [row] = await ctx.app.db
      .insert(posts)
      .values({
        slug: 'by-sql',
        title: 'By SQL',
        summary: 'Written by SQL',
        body: '## Part\n\n*one*',
        status: 'published',
        publishedAt: new Date(),
      })
      .returning()
    expect(row?.bodyHtml).toBeNull()
    const read = (await ctx.app.inject({ url: '/api/news/by-sql' })).json()
    expect(read.html).toBe('<h2>Part</h2>\n<p><em>one</em></p>')
    const [stored] = await ctx.app.db.select().from(posts).where(eq(posts.slug, 'by-sql'))
    expect(stored?.bodyHtml).toBe(read.html)
    expect(stored?.bodyText).toBe('Part\n\none')
  })

  it('renders the rows without HTML at start-up, a refused one as its escaped words, without failing', async () => {
    await ctx.app.db.insert(posts).values([
      { slug: 'fine', title: 'Fine', summary: 's', body: 'A **fine** body', status: 'draft' },
      { slug: 'deep', title: 'Deep', summary: 's', body: `${DEEP}\n\nand <b>words</b>`, status: 'draft' },
    ])
    await seedStandards(ctx.app.db, ctx.app.site)
    const result = await renderMissingBodies(ctx.app.db)
    expect(result.rendered).toBe(2 + 6)
    expect(result.refused).toHaveLength(1)
    expect(result.refused[0]).toMatch(/^post \d+$/)
    const rows = await ctx.app.db.select().from(posts)
    expect(rows.find((row) => row.slug === 'fine')?.bodyHtml).toBe('<p>A <strong>fine</strong> body</p>')
    expect(rows.find((row) => row.slug === 'deep')?.bodyHtml).toBe(
      `<p>${'&gt;'.repeat(5_000)}</p>\n<p>and &lt;b&gt;words&lt;/b&gt;</p>`,
    )
    const versions = await ctx.app.db.select().from(standardVersions)
    expect(versions.every((version) => version.bodyHtml?.startsWith('<'))).toBe(true)
    expect((await renderMissingBodies(ctx.app.db)).rendered).toBe(0)
  }, 30_000)

  it('stores a version’s headings with its HTML, answers them as its sections, and gives a version without them its headings at start-up or on its first read, its HTML kept', async () => {
    await seedStandards(ctx.app.db, ctx.app.site)
    const versions = '/api/admin/standards/MHBOT-SC-G-002/versions'
    const body = [
      'Before any heading.',
      '# 1. Scope',
      'Text.',
      '## 1.1 *Who*   [signs](https://example.org/who)',
      '## 1. Scope',
      '##',
      `## ${'x'.repeat(101)}`,
      '> ### Quoted &amp; kept',
    ].join('\n\n')
    expect((await rest('POST', versions, { version: '1.1', changeSummary: 'A change.', body })).statusCode).toBe(201)
    const closesAt = new Date(Date.now() + 30 * 86_400_000).toISOString()
    expect((await rest('POST', `${versions}/1.1/review`, { closesAt })).statusCode).toBe(200)
    const headings = ['1. Scope', '1.1 Who signs', '1. Scope', '', 'x'.repeat(101), 'Quoted & kept']
    const stored = async () =>
      (await ctx.app.db.select().from(standardVersions).where(eq(standardVersions.version, '1.1')))[0]
    expect((await stored())?.bodyHeadings).toEqual(headings)

    // Each once, none empty, none longer than a comment's section may be; on both adapters.
    const sections = ['1. Scope', '1.1 Who signs', 'Quoted & kept']
    const read = async () => (await ctx.app.inject({ url: '/api/standards/MHBOT-SC-G-002/versions/1.1' })).json()
    expect((await read()).sections).toEqual(sections)
    const input = encodeURIComponent(JSON.stringify({ json: { number: 'MHBOT-SC-G-002', version: '1.1' } }))
    const page = await ctx.app.inject({ url: `/trpc/standards.version?input=${input}` })
    expect(page.json().result.data.json.sections).toEqual(sections)

    // Rows from before the headings were stored: filled at start-up, the stored HTML left as it is.
    await ctx.app.db
      .update(standardVersions)
      .set({ bodyHtml: '<p>kept</p>', bodyHeadings: null })
      .where(eq(standardVersions.version, '1.1'))
    // 1.1, and the six first editions the seed wrote without their rendering.
    expect(await renderMissingBodies(ctx.app.db)).toEqual({ rendered: 7, refused: [] })
    expect(await stored()).toMatchObject({ bodyHtml: '<p>kept</p>', bodyHeadings: headings })
    expect((await renderMissingBodies(ctx.app.db)).rendered).toBe(0)

    // Or on the first read, when a row lacks them after the start (an older replica wrote it).
    await ctx.app.db.update(standardVersions).set({ bodyHeadings: null }).where(eq(standardVersions.version, '1.1'))
    expect(await read()).toMatchObject({ html: '<p>kept</p>', sections })
    expect((await stored())?.bodyHeadings).toEqual(headings)
  }, 30_000)
})
