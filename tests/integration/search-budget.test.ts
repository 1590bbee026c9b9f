import { sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { posts } from '../../src/db/schema'
import { render } from '../../src/server/ssr/render'
import { setUpTestApp } from '../helpers/build-app'
import { rowsOf } from '../helpers/migrations'

/*
 * The site search from stored, indexed vectors, with a rate budget of its own
 * (docs/decisions/036-search-from-stored-vectors.md).
 */

const ctx = setUpTestApp({
  env: { RATE_LIMITS: 'on', RATE_LIMIT_SEARCH: '3/1m' },
  ssr: { render, assets: { scripts: [], css: [], preloads: [] } },
})

const from = (remoteAddress: string) => ({ remoteAddress })

describe('the search budget', () => {
  it('answers the fourth search in a window with 429 and Retry-After, on the API', async () => {
    for (let i = 0; i < 3; i++) {
      const answer = await ctx.app.inject({ url: '/api/search?q=chamber', ...from('10.0.0.1') })
      expect(answer.statusCode).toBe(200)
    }
    const refused = await ctx.app.inject({ url: '/api/search?q=chamber', ...from('10.0.0.1') })
    expect(refused.statusCode).toBe(429)
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0)
    expect(refused.json().message).toMatch(/Too many requests/)
    // Another address has its own budget.
    expect((await ctx.app.inject({ url: '/api/search?q=chamber', ...from('10.0.0.9') })).statusCode).toBe(200)
  })

  it('counts a results page once (not again for the tRPC call behind it), and refuses the fourth with a short page', async () => {
    for (let i = 0; i < 3; i++) {
      const page = await ctx.app.inject({ url: '/search?q=chamber', ...from('10.0.0.2') })
      expect(page.statusCode).toBe(200)
      expect(page.body).toContain('Search results for')
    }
    const refused = await ctx.app.inject({ url: '/search?q=chamber', ...from('10.0.0.2') })
    expect(refused.statusCode).toBe(429)
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0)
    expect(refused.headers['content-type']).toMatch(/text\/html/)
    expect(refused.body).toContain('Too many searches')
    // The search form with no search runs none, and counts none.
    expect((await ctx.app.inject({ url: '/search', ...from('10.0.0.2') })).statusCode).toBe(200)
  })

  it('counts each tRPC search', async () => {
    const input = encodeURIComponent(JSON.stringify({ json: { q: 'chamber' } }))
    const statuses: number[] = []
    for (let i = 0; i < 4; i++)
      statuses.push(
        (await ctx.app.inject({ url: `/trpc/search.query?input=${input}`, ...from('10.0.0.3') })).statusCode,
      )
    expect(statuses).toEqual([200, 200, 200, 429])
  })
})

describe('the search vectors', () => {
  it('are stored in GIN-indexed columns that the database keeps up to date', async () => {
    const indexes = rowsOf<{ indexname: string; indexdef: string }>(
      await ctx.app.db.execute(sql`select indexname, indexdef from pg_indexes where indexname like '%search_idx'`),
    )
    expect(indexes.map((index) => index.indexname).sort()).toEqual([
      'educational_resources_search_idx',
      'listings_search_idx',
      'posts_search_idx',
      'research_studies_search_idx',
      'standard_versions_search_idx',
    ])
    expect(indexes.every((index) => /using gin \(search_vector\)/i.test(index.indexdef))).toBe(true)

    await ctx.app.db.insert(posts).values({
      slug: 'vectors',
      title: 'Chamber vectors',
      summary: 'Kept by the database',
      body: 'The **oxygen** [concentrator](https://example.org) hums.',
      status: 'published',
      publishedAt: new Date(),
    })
    const [row] = rowsOf<{ search_text: string; matches: boolean }>(
      await ctx.app.db.execute(
        sql`select search_text, search_vector @@ websearch_to_tsquery('english', 'concentrator hums') as matches from posts where slug = 'vectors'`,
      ),
    )
    expect(row).toEqual({ search_text: 'Kept by the database The oxygen concentrator hums.', matches: true })
    await ctx.app.db.execute(sql`update posts set body = 'Now about pressure.' where slug = 'vectors'`)
    const [changed] = rowsOf<{ matches: boolean }>(
      await ctx.app.db.execute(
        sql`select search_vector @@ websearch_to_tsquery('english', 'pressure') as matches from posts where slug = 'vectors'`,
      ),
    )
    expect(changed?.matches).toBe(true)
  })

  it('are read through their index, so a search does not read every row', async () => {
    // Two thousand posts, one of which has the word searched for.
    await ctx.app.db.execute(sql`
      insert into posts (slug, title, summary, body, status, published_at, body_html, body_text)
      select 'post-' || n, 'Council notes ' || n, 'Minutes of meeting ' || n,
             case when n = 1234 then 'The hyperbaric tympanometer was calibrated.' else 'Routine business, item ' || n end,
             'published', now(), '', ''
        from generate_series(1, 2000) as n`)
    // As autovacuum would: the index's pending entries merged, the table's statistics taken.
    await ctx.app.db.execute(sql`vacuum analyze posts`)
    const plan = rowsOf<Record<string, string>>(
      await ctx.app.db.execute(
        sql`explain select id from posts where search_vector @@ websearch_to_tsquery('english', 'tympanometer') and status = 'published'`,
      ),
    )
      .map((line) => Object.values(line)[0])
      .join('\n')
    expect(plan).toMatch(/Bitmap Index Scan on posts_search_idx/)
    const answer = (await ctx.app.inject({ url: '/api/search?q=tympanometer', ...from('10.0.0.4') })).json()
    expect(answer.groups.map((group: { kind: string }) => group.kind)).toEqual(['post'])
    expect(answer.groups[0].results[0].url).toBe('/news/post-1234')
  })
})
