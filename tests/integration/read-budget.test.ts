import { describe, expect, it } from 'vitest'
import { render } from '../../src/server/ssr/render'
import { setUpTestApp } from '../helpers/build-app'
import { loginCookie, SAME_ORIGIN } from '../helpers/login'

/**
 * Public tRPC reads have a budget per address (RATE_LIMIT_READ): their REST twins are kept
 * answers served from memory, a tRPC call does its work each time. A page's server render, a
 * member's screens and a procedure with a budget of its own are not counted against it.
 */
const assets = { scripts: ['/assets/entry.js'], css: ['/assets/style.css'], preloads: [] }
const setup = setUpTestApp({
  env: { RATE_LIMITS: 'on', RATE_LIMIT_READ: '3/1m', ADMIN_EMAILS: 'admin@example.org' },
  ssr: { render, assets },
})

const query = (path: string, headers: Record<string, string> = {}, ip = '198.51.100.7') =>
  setup.app.inject({ method: 'GET', url: `/trpc/${path}`, headers: { ...SAME_ORIGIN, ...headers }, remoteAddress: ip })

describe('the read budget', () => {
  it('refuses the fourth public read of an address in the window with 429 and Retry-After, every procedure alike', async () => {
    const statuses = []
    for (const path of ['standards.list', 'news.latest', 'resources.list', 'testimonials.list'])
      statuses.push((await query(path)).statusCode)
    expect(statuses).toEqual([200, 200, 200, 429])
    const refused = await query('standards.list')
    expect(refused.statusCode).toBe(429)
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0)
    expect(refused.headers['cache-control']).toBe('no-store')
    // Another address has its own budget.
    expect((await query('standards.list', {}, '198.51.100.8')).statusCode).toBe(200)
  })

  it('counts each call of a batch', async () => {
    const batch = await query('standards.list,news.latest,resources.list,testimonials.list?batch=1&input=%7B%7D')
    expect(batch.statusCode).toBe(207)
    const answers = batch.json() as { error?: { json: { data: { httpStatus: number } } } }[]
    // The calls of a batch run side by side: which one is the fourth is not fixed.
    expect(answers.map((answer) => answer.error?.json.data.httpStatus ?? 200).sort()).toEqual([200, 200, 200, 429])
  })

  it('does not count a page rendered on the server, nor a member reading the admin', async () => {
    for (let i = 0; i < 5; i++) {
      // A distinct query each time, so that every request renders (a free-text search is never kept).
      const page = await setup.app.inject({ url: `/research?q=oxygen${i}`, remoteAddress: '198.51.100.9' })
      expect(page.statusCode).toBe(200)
    }
    const cookie = await loginCookie(setup.app, 'admin@example.org')
    for (let i = 0; i < 5; i++)
      expect(
        (await query('subscribers.list?input=%7B%22json%22%3A%7B%7D%7D', { cookie }, '198.51.100.9')).statusCode,
      ).toBe(200)
    expect((await query('standards.list', {}, '198.51.100.9')).statusCode).toBe(200)
  })
})
