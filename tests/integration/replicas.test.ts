import type { FastifyInstance } from 'fastify'
import { afterAll, describe, expect, it } from 'vitest'
import { render } from '../../src/server/ssr/render'
import { buildTestApp } from '../helpers/build-app'
import { setUpTestDatabase } from '../helpers/db'
import { loginCookie, SAME_ORIGIN } from '../helpers/login'

const setup = setUpTestDatabase({ reset: false })
const apps: FastifyInstance[] = []

// Vitest runs afterAll hooks last-registered first: the replicas close before the helper drops the database.
afterAll(async () => {
  for (const app of apps) await app.close()
})

describe('two replicas on one database', () => {
  it('a change made through one shows on the other’s cached pages within a second', async (context) => {
    if (!setup.database.url) context.skip() // replicas share a Postgres; PGlite is one process by design
    const options = {
      env: { DATABASE_URL: String(setup.database.url), ADMIN_EMAILS: 'admin@example.org' },
      ssr: { render, assets: { scripts: [], css: [], preloads: [] } },
    }
    const [first, second] = [
      await buildTestApp(setup.database.handle, options),
      await buildTestApp(setup.database.handle, options),
    ]
    apps.push(first, second)

    const before = await second.inject({ method: 'GET', url: '/research' })
    expect(before.body).toContain('0 Studies Found')

    const cookie = await loginCookie(first, 'admin@example.org')
    const created = await first.inject({
      method: 'POST',
      url: '/api/research-studies',
      headers: { ...SAME_ORIGIN, cookie },
      payload: { title: 'Seen on every replica', category: 'General Wellness', url: 'https://example.org/r' },
    })
    expect(created.statusCode).toBe(201)

    const deadline = Date.now() + 1000
    let body = ''
    while (Date.now() < deadline) {
      body = (await second.inject({ method: 'GET', url: '/research' })).body
      if (body.includes('Seen on every replica')) break
      await new Promise((resolve) => setTimeout(resolve, 50))
    }
    expect(body).toContain('Seen on every replica')
  })
})
