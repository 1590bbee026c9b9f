import { parseFeed } from '@rowanmanning/feed-parser'
import { eq, sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { auditLog, posts } from '../../src/db/schema'
import { publishDuePosts } from '../../src/server/services/news'
import { render } from '../../src/server/ssr/render'
import { buildTestApp, setUpTestApp } from '../helpers/build-app'
import { loginCookie, SAME_ORIGIN } from '../helpers/login'

const ctx = setUpTestApp({
  env: { ADMIN_EMAILS: 'admin@example.org' },
  ssr: { render, assets: { scripts: [], css: [], preloads: [] } },
})

const admin = async () => ({ ...SAME_ORIGIN, cookie: await loginCookie(ctx.app, 'admin@example.org') })

const post = (overrides: Record<string, unknown> = {}) => ({
  title: 'Board meeting: June 2025',
  summary: 'What the board decided.',
  body: 'Some **news**.',
  status: 'published',
  ...overrides,
})

async function create(overrides: Record<string, unknown> = {}) {
  return ctx.app.inject({ method: 'POST', url: '/api/admin/news', headers: await admin(), payload: post(overrides) })
}

describe('news posts', () => {
  it('makes the slug from the title, keeps it unique, and refuses bad input with fields', async () => {
    const first = await create()
    expect(first.statusCode).toBe(201)
    expect(first.json()).toMatchObject({ slug: 'board-meeting-june-2025', status: 'published' })
    const second = await create()
    expect(second.json().slug).toBe('board-meeting-june-2025-2')

    const taken = await create({ slug: 'board-meeting-june-2025' })
    expect(taken.statusCode).toBe(400)
    expect(taken.json().fields.slug).toBeTruthy()

    const bad = await create({ title: ' ', summary: 'x'.repeat(301), slug: 'Not A Slug' })
    expect(bad.statusCode).toBe(400)
    expect(Object.keys(bad.json().fields).sort()).toEqual(['slug', 'summary', 'title'])

    const past = await create({ status: 'scheduled', publishAt: '2020-01-01T00:00:00Z' })
    expect(past.statusCode).toBe(400)
    expect(past.json().fields.publishAt).toMatch(/future/)

    const logged = await ctx.app.db.select().from(auditLog).where(eq(auditLog.entity, 'post'))
    expect(logged).toHaveLength(2)
  })

  it('refuses a new slug for a published post (409), allows it for a draft', async () => {
    const headers = await admin()
    const draft = (await create({ status: 'draft', title: 'Draft one' })).json()
    const renamed = await ctx.app.inject({
      method: 'PATCH',
      url: `/api/admin/news/${draft.id}`,
      headers,
      payload: post({ status: 'draft', title: 'Draft one', slug: 'draft-renamed' }),
    })
    expect(renamed.statusCode).toBe(200)
    expect(renamed.json().slug).toBe('draft-renamed')

    const live = (await create({ title: 'Live one' })).json()
    const moved = await ctx.app.inject({
      method: 'PATCH',
      url: `/api/admin/news/${live.id}`,
      headers,
      payload: post({ title: 'Live one, edited', slug: 'somewhere-else' }),
    })
    expect(moved.statusCode).toBe(409)
    const edited = await ctx.app.inject({
      method: 'PATCH',
      url: `/api/admin/news/${live.id}`,
      headers,
      payload: post({ title: 'Live one, edited', slug: 'live-one' }),
    })
    expect(edited.json()).toMatchObject({ slug: 'live-one', title: 'Live one, edited' })
  })

  it('answers 404 for drafts and 410 after a published post is deleted', async () => {
    const headers = await admin()
    const draft = (await create({ status: 'draft', title: 'Hidden' })).json()
    expect((await ctx.app.inject({ url: `/api/news/${draft.slug}` })).statusCode).toBe(404)
    expect((await ctx.app.inject({ url: '/api/news/never-was' })).statusCode).toBe(404)
    expect((await ctx.app.inject({ url: '/news/never-was' })).statusCode).toBe(404)

    const live = (await create({ title: 'Soon gone' })).json()
    const read = await ctx.app.inject({ url: `/api/news/${live.slug}` })
    expect(read.statusCode).toBe(200)
    expect(read.json()).toMatchObject({ slug: 'soon-gone', html: '<p>Some <strong>news</strong>.</p>' })
    const page = await ctx.app.inject({ url: `/news/${live.slug}` })
    expect(page.statusCode).toBe(200)
    expect(page.body).toContain('Soon gone')

    const removed = await ctx.app.inject({ method: 'DELETE', url: `/api/admin/news/${live.id}`, headers })
    expect(removed.statusCode).toBe(204)
    const api = await ctx.app.inject({ url: `/api/news/${live.slug}` })
    expect(api.statusCode).toBe(410)
    expect(api.json()).toMatchObject({ error: 'Gone', message: 'This post was removed' })
    const gone = await ctx.app.inject({ url: `/news/${live.slug}` })
    expect(gone.statusCode).toBe(410)
    expect(gone.body).toContain('This post was removed')
    // The slug is never taken again.
    expect((await create({ title: 'Soon gone' })).json().slug).toBe('soon-gone-2')
  })

  it('pages the public list ten at a time with a Link to the next page', async () => {
    for (let n = 1; n <= 12; n++) await create({ title: `Post ${n}` })
    await create({ title: 'Not yet', status: 'draft' })
    const first = await ctx.app.inject({ url: '/api/news' })
    expect(first.json()).toHaveLength(10)
    expect(first.headers.link).toBe('</api/news?page=2>; rel="next"')
    expect(first.json()[0].title).toBe('Post 12')
    expect(Object.keys(first.json()[0]).sort()).toEqual(['publishedAt', 'slug', 'summary', 'title'])
    // The kept answer keeps every header the route set: the Link is there on the next request too,
    // and on the same page asked another way (the query schema's reading is the key).
    for (const url of ['/api/news', '/api/news?page=1', '/api/news?page=01&unread=x']) {
      const again = await ctx.app.inject({ url })
      expect(again.body, url).toBe(first.body)
      expect(again.headers.link, url).toBe('</api/news?page=2>; rel="next"')
    }
    const second = await ctx.app.inject({ url: '/api/news?page=2' })
    expect(second.json().map((p: { title: string }) => p.title)).toEqual(['Post 2', 'Post 1'])
    expect(second.headers.link).toBeUndefined()
    expect((await ctx.app.inject({ url: '/api/news?page=0' })).statusCode).toBe(400)

    const list = await ctx.app.inject({ url: '/news?page=2' })
    expect(list.statusCode).toBe(200)
    expect(list.body).toContain('Post 1')
    expect(list.body).not.toContain('Post 12')
  })

  it('serves a valid Atom feed of the newest posts', async () => {
    for (let n = 1; n <= 22; n++) await create({ title: `Post ${n} <&> "quoted"` })
    const feed = await ctx.app.inject({ url: '/news/feed.xml' })
    expect(feed.statusCode).toBe(200)
    expect(feed.headers['content-type']).toContain('application/atom+xml')
    const parsed = parseFeed(feed.body)
    expect(parsed.meta.type).toBe('atom')
    expect(parsed.title).toMatch(/News$/)
    expect(parsed.url).toBe('http://localhost:3000/news')
    expect(parsed.items).toHaveLength(20)
    const item = parsed.items[0]
    expect(item?.title).toBe('Post 22 <&> "quoted"')
    expect(item?.url).toBe('http://localhost:3000/news/post-22-quoted')
    expect(item?.content).toContain('<strong>news</strong>')
    expect(item?.published).toBeInstanceOf(Date)
  })

  it('renders no script, javascript: link or raw HTML from a body', async () => {
    const body =
      '<script>alert(1)</script>\n\n[click](javascript:alert(1)) <b onclick="x">raw</b>\n\n<img src=x onerror=alert(1)>'
    const live = (await create({ title: 'Hostile body', body })).json()
    const html = (await ctx.app.inject({ url: `/api/news/${live.slug}` })).json().html as string
    expect(html).not.toMatch(/<script|javascript:|<b |onclick|onerror|<img/i)
    const preview = await ctx.app.inject({
      method: 'POST',
      url: '/trpc/news.preview',
      headers: { ...(await admin()), 'content-type': 'application/json' },
      payload: { json: { body } },
    })
    expect(preview.statusCode).toBe(200)
    expect(preview.body).not.toMatch(/<script|javascript:|onclick|onerror|<img/i)
  })

  it('publishes a scheduled post exactly once, however many processes ask at once', async () => {
    const scheduled = (
      await create({ title: 'Scheduled', status: 'scheduled', publishAt: new Date(Date.now() + 60_000).toISOString() })
    ).json()
    expect((await ctx.app.inject({ url: `/api/news/${scheduled.slug}` })).statusCode).toBe(404)
    const other = await buildTestApp(ctx.database.handle, { env: { ADMIN_EMAILS: 'admin@example.org' } })
    // Its time passes (as it would while the server was down).
    await ctx.app.db
      .update(posts)
      .set({ publishAt: sql`now() - interval '1 minute'` })
      .where(eq(posts.id, scheduled.id))
    try {
      const runs = await Promise.all(
        Array.from({ length: 6 }, (_, n) => publishDuePosts(n % 2 ? other.db : ctx.app.db)),
      )
      expect(runs.flat().filter((row) => row.id === scheduled.id)).toHaveLength(1)
    } finally {
      await other.close()
    }
    const [row] = await ctx.app.db.select().from(posts).where(eq(posts.id, scheduled.id))
    expect(row?.status).toBe('published')
    expect(row?.publishedAt?.getTime()).toBe(row?.publishAt?.getTime())
    expect((await ctx.app.inject({ url: `/api/news/${scheduled.slug}` })).statusCode).toBe(200)
    const logged = await ctx.app.db.select().from(auditLog).where(eq(auditLog.actorEmail, 'scheduler'))
    expect(logged).toHaveLength(1)
  })
})
