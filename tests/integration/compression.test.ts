import { brotliDecompressSync, gunzipSync } from 'node:zlib'
import type { InjectOptions, LightMyRequestResponse } from 'fastify'
import { beforeAll, describe, expect, it } from 'vitest'
import { seedIfEmpty } from '../../src/db/seed'
import { seedStandards } from '../../src/server/services/standards'
import { DEFAULT_SITE } from '../../src/shared/site'
import { setUpTestApp } from '../helpers/build-app'
import { renderStarterDocument } from '../helpers/db'
import { loginCookie, SAME_ORIGIN } from '../helpers/login'
import { registeredRoutes } from '../helpers/routes'

/**
 * Compression changes how an answer travels, never what it says: the same status, the same
 * headers (but the encoding's own: content-encoding, content-length and transfer-encoding) and the
 * same body once decoded, whichever encoding the client accepts. @fastify/compress 8.x broke this
 * for the fetch Response the tRPC adapter sends (every compressed error arrived as a 200 without
 * cache-control, content-type or retry-after); this file asks each kind of tRPC call and the REST
 * routes both ways. The kept answers' own encodings are checked in kept-answers.test.ts.
 */

// The contact budget is 2 in this file, so that the third message of one address is refused.
const setup = setUpTestApp({
  env: {
    RATE_LIMITS: 'on',
    RATE_LIMIT_CONTACT: '2/10m',
    RATE_LIMIT_LOGIN: '1000/10m',
    RATE_LIMIT_CALLBACK: '1000/10m',
    ADMIN_EMAILS: 'admin@example.org',
  },
  reset: false,
})
let admin = ''

beforeAll(async () => {
  await seedIfEmpty(setup.database.handle.db, renderStarterDocument)
  await seedStandards(setup.database.handle.db, DEFAULT_SITE)
  admin = await loginCookie(setup.app, 'admin@example.org')
})

const ENCODINGS = ['identity', 'gzip', 'br', 'gzip, deflate, br'] as const

/** Headers that describe the transfer, not the answer, or count requests (a budget's remainder). */
const TRANSFER = new Set([
  'content-encoding',
  'content-length',
  'transfer-encoding',
  'date',
  'connection',
  'ratelimit-remaining',
  'ratelimit-reset',
])

function decoded(response: LightMyRequestResponse): string {
  const raw = response.rawPayload
  switch (response.headers['content-encoding']) {
    case 'br':
      return brotliDecompressSync(raw).toString('utf8')
    case 'gzip':
      return gunzipSync(raw).toString('utf8')
    case undefined:
      return raw.toString('utf8')
    default:
      throw new Error(`unexpected content-encoding ${String(response.headers['content-encoding'])}`)
  }
}

const cookieNames = (value: unknown) =>
  (Array.isArray(value) ? value : [value]).map((cookie) => String(cookie).split('=')[0]).sort()

function answer(response: LightMyRequestResponse) {
  const headers = Object.fromEntries(
    Object.entries(response.headers)
      .filter(([name]) => !TRANSFER.has(name) && name !== 'vary')
      // A kept answer tags each encoding (W/"<content>-br"): the same content, named per encoding.
      .map(([name, value]) => [name, name === 'etag' ? String(value).replace(/^W\/"(.*)-(br|gzip)"$/, '"$1"') : value])
      // A new cookie (a sign-in's state) is new each time: its name is what must not be lost.
      .map(([name, value]) => [name, name === 'set-cookie' ? cookieNames(value) : value]),
  )
  return { status: response.statusCode, headers, body: decoded(response) }
}

/**
 * Sends the request once per accepted encoding (`send` makes it, so a write can be made afresh)
 * and expects every answer to be the identity one; returns it, with the encodings used.
 */
async function sameEverywhere(send: (acceptEncoding: string) => Promise<LightMyRequestResponse>) {
  const answers = []
  const used = new Set<string>()
  for (const encoding of ENCODINGS) {
    const response = await send(encoding)
    used.add(String(response.headers['content-encoding'] ?? 'identity'))
    // A compressed answer names the header it depends on, so a shared cache keeps them apart.
    if (response.headers['content-encoding']) expect(String(response.headers.vary)).toMatch(/accept-encoding/i)
    answers.push({ encoding, ...answer(response) })
  }
  const [plain, ...others] = answers
  for (const other of others)
    expect({ ...other, encoding: plain?.encoding }, JSON.stringify([plain, other])).toEqual(plain)
  return { plain: plain as NonNullable<typeof plain>, used }
}

const inject = (options: InjectOptions, acceptEncoding: string) =>
  setup.app.inject({ ...options, headers: { ...(options.headers ?? {}), 'accept-encoding': acceptEncoding } })

const query = (path: string, input?: unknown, headers: Record<string, string> = {}): InjectOptions => ({
  method: 'GET',
  url: `/trpc/${path}${input === undefined ? '' : `?input=${encodeURIComponent(JSON.stringify({ json: input }))}`}`,
  headers: { ...SAME_ORIGIN, ...headers },
})

const mutation = (path: string, input: unknown, headers: Record<string, string> = {}): InjectOptions => ({
  method: 'POST',
  url: `/trpc/${path}`,
  headers: { ...SAME_ORIGIN, 'content-type': 'application/json', ...headers },
  payload: JSON.stringify({ json: input }),
})

describe('tRPC answers are the same compressed or not', () => {
  it('a public query, large enough to be compressed', async () => {
    const { plain, used } = await sameEverywhere((encoding) => inject(query('standards.list'), encoding))
    expect(plain.status).toBe(200)
    expect(plain.headers['cache-control']).toBe('no-store')
    expect(plain.headers['content-type']).toMatch(/^application\/json/)
    // Both encodings were really used: the comparison above compared compressed answers.
    expect(used).toEqual(new Set(['identity', 'gzip', 'br']))
  })

  it('an admin query, signed in', async () => {
    const { plain, used } = await sameEverywhere((encoding) =>
      inject(query('subscribers.list', {}, { cookie: admin }), encoding),
    )
    expect(plain.status).toBe(200)
    expect(plain.headers['cache-control']).toBe('no-store')
    expect(used.size).toBeGreaterThan(1)
  })

  it('an admin query signed out: 401 whatever the encoding, never a 200', async () => {
    const { plain } = await sameEverywhere((encoding) => inject(query('messages.list', {}), encoding))
    expect(plain.status).toBe(401)
    expect(plain.headers['cache-control']).toBe('no-store')
    expect(JSON.parse(plain.body)).toMatchObject({ error: { json: { data: { httpStatus: 401 } } } })
  })

  it('bad input: 400 with its fields', async () => {
    const { plain } = await sameEverywhere((encoding) => inject(query('news.list', { page: 0 }), encoding))
    expect(plain.status).toBe(400)
  })

  it('a batch of a success and an error: the batch status and both answers', async () => {
    const { plain } = await sameEverywhere((encoding) =>
      inject(
        {
          method: 'GET',
          url: `/trpc/standards.list,messages.list?batch=1&input=${encodeURIComponent(JSON.stringify({ 1: { json: {} } }))}`,
          headers: SAME_ORIGIN,
        },
        encoding,
      ),
    )
    // tRPC answers a mixed batch with 207 Multi-Status.
    expect(plain.status).toBe(207)
    const [list, refused] = JSON.parse(plain.body) as [{ result?: unknown }, { error?: unknown }]
    expect(list.result).toBeDefined()
    expect(refused.error).toBeDefined()
  })

  it('a mutation, then the same mutation past its rate budget: 429 with Retry-After', async () => {
    const message = (n: number) => ({
      name: 'Jane Doe',
      email: 'jane@example.org',
      subject: 'Compression',
      message: `Message number ${n} about the same answer either way.`,
    })
    const first = await inject(mutation('contact.submit', message(1)), 'gzip, br')
    const second = await inject(mutation('contact.submit', message(2)), 'identity')
    expect([first.statusCode, second.statusCode]).toEqual([200, 200])
    expect(answer(first).headers).toEqual(answer(second).headers)

    let n = 3
    const { plain } = await sameEverywhere((encoding) => inject(mutation('contact.submit', message(n++)), encoding))
    expect(plain.status).toBe(429)
    expect(Number(plain.headers['retry-after'])).toBeGreaterThan(0)
    expect(plain.headers['cache-control']).toBe('no-store')
  })
})

describe('REST answers are the same compressed or not', () => {
  it.each([
    ['a public list', { method: 'GET', url: '/api/resources' }, 200],
    ['an admin list', { method: 'GET', url: '/api/admin/subscribers', headers: { cookie: 'ADMIN' } }, 200],
    ['an admin list signed out', { method: 'GET', url: '/api/admin/subscribers' }, 401],
    ['an unknown path', { method: 'GET', url: '/api/no-such-thing' }, 404],
    ['bad input', { method: 'GET', url: '/api/news?page=0' }, 400],
    ['a document', { method: 'GET', url: '/downloads/MHBOT-SC-001-v1.0.pdf' }, 200],
  ] as const)('%s', async (_name, options, status) => {
    const headers: Record<string, string> = { ...SAME_ORIGIN }
    if ('headers' in options) headers.cookie = admin
    const { plain } = await sameEverywhere((encoding) =>
      inject({ method: options.method, url: options.url, headers }, encoding),
    )
    expect(plain.status).toBe(status)
  })
})

/** A value for each path parameter a route names; an unknown one still gets an answer to compare. */
const PARAMS: Record<string, string> = {
  number: 'MHBOT-SC-001',
  version: '1.0',
  file: 'MHBOT-SC-001-v1.0.pdf',
  slug: 'no-such-post',
  id: '1',
  name: 'notes.pdf',
}

describe('every GET route', () => {
  it('answers the same compressed or not, signed in as an owner and signed out', async () => {
    const routes = registeredRoutes(setup.app).filter(
      (route) =>
        route.method === 'GET' &&
        // Pages and tRPC are asked above and in kept-answers.test.ts; signing out would end the session.
        !['/*', '/trpc/*', '/api/logout'].includes(route.url),
    )
    expect(routes.length).toBeGreaterThan(25)
    const statuses = new Set<number>()
    for (const route of routes) {
      const url = route.url.replace(/:(\w+)/g, (_match, name: string) => PARAMS[name] ?? 'x')
      for (const cookie of [admin, undefined]) {
        const headers: Record<string, string> = { ...SAME_ORIGIN, ...(cookie ? { cookie } : {}) }
        const { plain } = await sameEverywhere((encoding) => inject({ method: 'GET', url, headers }, encoding)).catch(
          (error: unknown) => {
            throw new Error(`${url} ${cookie ? 'signed in' : 'signed out'}: ${String(error)}`)
          },
        )
        statuses.add(plain.status)
      }
    }
    // Answers of every kind were compared: successes, redirects and refusals.
    expect([...statuses].sort()).toEqual(expect.arrayContaining([200, 302, 400, 401, 404]))
  })
})
