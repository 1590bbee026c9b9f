import type { FastifyInstance, InjectOptions } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createDb, type DbHandle } from '../../src/db/client'
import { render } from '../../src/server/ssr/render'
import { buildTestApp, setUpTestApp } from '../helpers/build-app'
import { SAME_ORIGIN } from '../helpers/login'
import { startTcpProxy, type TcpProxy } from '../helpers/tcp-proxy'

/**
 * Postgres goes away under a running app and comes back. The app reaches its database through a
 * relay the test cuts, so the real server stays up for the other test files.
 */
const setup = setUpTestApp({ reset: false })
let proxy: TcpProxy
let handle: DbHandle
let app: FastifyInstance

const onPostgres = () => setup.database.driver === 'postgres' && setup.database.url !== null

beforeAll(async () => {
  if (!onPostgres()) return
  const url = new URL(String(setup.database.url))
  proxy = await startTcpProxy({ host: url.hostname, port: Number(url.port || 5432) })
  url.hostname = '127.0.0.1'
  url.port = String(proxy.port)
  handle = await createDb({ kind: 'postgres', url: url.toString() })
  app = await buildTestApp(handle, { ssr: { render, assets: { scripts: [], css: [], preloads: [] } } })
})
afterAll(async () => {
  await app?.close()
  await handle?.close()
  await proxy?.stop()
})

/** Sends a request and returns its answer with how long it took. */
async function timed(options: InjectOptions) {
  const started = Date.now()
  const response = await app.inject(options)
  return { response, ms: Date.now() - started }
}

describe('a database outage', () => {
  it('gets 503s with a reason and Retry-After within 5 s, keeps cached pages, and heals by itself', async (context) => {
    if (!onPostgres()) context.skip() // the embedded database lives in the process and cannot go away
    expect((await app.inject({ method: 'GET', url: '/research' })).statusCode).toBe(200)
    expect((await app.inject({ method: 'GET', url: '/api/research-studies' })).statusCode).toBe(200)

    await proxy.stop()

    const ready = await timed({ method: 'GET', url: '/readyz' })
    expect(ready.response.statusCode).toBe(503)
    expect(ready.ms).toBeLessThan(5_000)

    const requests: InjectOptions[] = [
      // Not asked for before the outage, so not kept: it needs the database.
      { method: 'GET' as const, url: '/api/testimonials' },
      {
        method: 'POST' as const,
        url: '/api/contact',
        headers: SAME_ORIGIN,
        payload: { name: 'Jo', email: 'jo@example.org', subject: 'Outage', message: 'Is anyone there?' },
      },
      { method: 'GET' as const, url: `/trpc/researchStudies.list?input=${encodeURIComponent('{}')}` },
    ]
    for (const request of requests) {
      const { response, ms } = await timed(request)
      expect(response.statusCode, String(request.url)).toBe(503)
      expect(ms, String(request.url)).toBeLessThan(5_000)
      expect(Number(response.headers['retry-after']), String(request.url)).toBeGreaterThan(0)
      const body = response.json()
      const message = body.message ?? body.error?.json?.message
      expect(String(message)).toContain('database')
    }

    // What was kept before the outage is still served, pages and read APIs alike (decision 023).
    for (const url of ['/research', '/api/research-studies']) {
      const cached = await timed({ method: 'GET', url })
      expect(cached.response.statusCode, url).toBe(200)
      expect(cached.ms, url).toBeLessThan(1_000)
    }

    await proxy.start()
    const deadline = Date.now() + 15_000
    let status = 0
    while (Date.now() < deadline) {
      status = (await app.inject({ method: 'GET', url: '/api/testimonials' })).statusCode
      if (status === 200) break
      await new Promise((resolve) => setTimeout(resolve, 250))
    }
    expect(status).toBe(200)
    expect((await app.inject({ method: 'GET', url: '/readyz' })).statusCode).toBe(200)
  }, 40_000)
})
