import { STATUS_CODES } from 'node:http'
import type { FastifyInstance, InjectOptions } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { render } from '../../src/server/ssr/render'
import { appRouter } from '../../src/server/trpc/router'
import { buildTestApp, setUpTestApp } from '../helpers/build-app'
import { makePdf, multipart } from '../helpers/fixtures'
import { CROSS_ORIGIN, loginCookie, SAME_ORIGIN } from '../helpers/login'
import { registeredRoutes } from '../helpers/routes'

/**
 * The policies every route and procedure gets by default: one error shape, one not-found answer,
 * one admin check, one budget per form across both adapters (docs/decisions/005-two-adapters-over-one-service-layer.md).
 */

const EMPTY_ASSETS = { scripts: [], css: [], preloads: [] }
const setup = setUpTestApp({
  env: {
    ADMIN_EMAILS: 'admin@example.org',
    UPLOAD_MAX_MB: '0.01',
    MAIL_EVENTS_SECRET: 'policies-mail-events-secret-0123',
  },
  ssr: { render, assets: EMPTY_ASSETS },
  reset: false,
})
let app: FastifyInstance
/** The same app with rate limits on, for the budget tests. */
let limited: FastifyInstance
let admin: string
let outsider: string

beforeAll(async () => {
  app = setup.app
  limited = await buildTestApp(setup.database.handle, { env: { RATE_LIMITS: 'on' } })
  admin = await loginCookie(app, 'admin@example.org')
  outsider = await loginCookie(app, 'visitor@example.org')
})
afterAll(async () => {
  await limited?.close()
})

/** Asserts the one JSON shape of an /api failure and returns its body. */
function expectApiError(response: { statusCode: number; json: () => unknown }, status: number) {
  expect(response.statusCode).toBe(status)
  const body = response.json() as Record<string, unknown>
  expect(Object.keys(body).filter((key) => key !== 'fields')).toEqual(['error', 'message'])
  expect(body.error).toBe(STATUS_CODES[status])
  expect(typeof body.message).toBe('string')
  expect(String(body.message).length).toBeGreaterThan(0)
  if ('fields' in body) expect(typeof body.fields).toBe('object')
  return body
}

const trpcMutation = (target: FastifyInstance, path: string, input: unknown, cookie?: string) =>
  target.inject({
    method: 'POST',
    url: `/trpc/${path}`,
    headers: { ...SAME_ORIGIN, 'content-type': 'application/json', ...(cookie ? { cookie } : {}) },
    payload: JSON.stringify({ json: input }),
  })

describe('one not-found answer', () => {
  it.each(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'] as const)(
    '%s of an unknown /api, /trpc or /files path gets the JSON 404, pages or not',
    async (method) => {
      for (const url of ['/api/nope', '/api/research-studies/1/extra', '/trpc', '/files/x', '/api/nope?x=1']) {
        const response = await app.inject({ method, url, headers: SAME_ORIGIN })
        expect(response.statusCode, `${method} ${url}`).toBe(404)
        expect(response.headers['content-type']).toContain('application/json')
        if (method !== 'HEAD') expectApiError(response, 404)
      }
    },
  )

  it('an unknown page is still the not-found page, in HTML', async () => {
    const response = await app.inject({ method: 'GET', url: '/no-such-page' })
    expect(response.statusCode).toBe(404)
    expect(response.headers['content-type']).toContain('text/html')
  })
})

describe('every /api 4xx has one JSON shape', () => {
  const study = { title: 'A study', category: 'General Wellness', url: 'https://example.org/s' }
  const cases: [string, number, () => Promise<InjectOptions>][] = [
    ['invalid input', 400, async () => ({ method: 'POST', url: '/api/contact', payload: { name: 'J' } })],
    [
      'malformed JSON',
      400,
      async () => ({
        method: 'POST',
        url: '/api/contact',
        headers: { 'content-type': 'application/json' },
        payload: '{"name":',
      }),
    ],
    ['signed out', 401, async () => ({ method: 'POST', url: '/api/research-studies', payload: study })],
    ['not an admin', 403, async () => ({ method: 'DELETE', url: '/api/research-studies/1', cookie: outsider })],
    [
      'cross-site',
      403,
      async () => ({ method: 'POST', url: '/api/contact', headers: CROSS_ORIGIN, payload: { email: 'a@b.org' } }),
    ],
    ['unknown study', 404, async () => ({ method: 'PATCH', url: '/api/research-studies/9999', payload: study })],
    ['unknown document', 404, async () => ({ method: 'GET', url: '/downloads/nothing.pdf' })],
    [
      'file too large',
      413,
      async () => {
        const body = multipart('big.pdf', Buffer.concat([await makePdf(), Buffer.alloc(20_000)]))
        return { method: 'POST', url: '/api/upload/research-attachment', headers: body.headers, payload: body.payload }
      },
    ],
    [
      'not multipart',
      415,
      async () => ({ method: 'POST', url: '/api/upload/research-attachment', payload: { file: 'x' } }),
    ],
    [
      'unsupported body type',
      415,
      async () => ({ method: 'POST', url: '/api/contact', headers: { 'content-type': 'text/xml' }, payload: '<a/>' }),
    ],
  ]

  it.each(cases)('%s → %i', async (_name, status, make) => {
    const options = await make()
    const cookie = (options as { cookie?: string }).cookie ?? admin
    const response = await app.inject({
      ...options,
      headers: { ...SAME_ORIGIN, cookie: status === 401 ? '' : cookie, ...(options.headers ?? {}) },
    })
    expectApiError(response, status)
  })

  it('too many requests → 429', async () => {
    let last: Awaited<ReturnType<FastifyInstance['inject']>> | undefined
    for (let i = 0; i < 11; i++) {
      last = await limited.inject({
        method: 'POST',
        url: '/api/newsletter/subscribe',
        headers: SAME_ORIGIN,
        payload: { email: `n${i}@example.org` },
      })
    }
    if (!last) throw new Error('no request was sent')
    expectApiError(last, 429)
  })
})

describe('one admin check for both adapters', () => {
  it('REST and tRPC refuse in the same words', async () => {
    const restAnonymous = await app.inject({
      method: 'POST',
      url: '/api/research-studies',
      headers: SAME_ORIGIN,
      payload: {},
    })
    const restOutsider = await app.inject({
      method: 'POST',
      url: '/api/research-studies',
      headers: { ...SAME_ORIGIN, cookie: outsider },
      payload: {},
    })
    const trpcAnonymous = await trpcMutation(app, 'researchStudies.create', {})
    const trpcOutsider = await trpcMutation(app, 'researchStudies.create', {}, outsider)
    expect([restAnonymous.statusCode, trpcAnonymous.statusCode]).toEqual([401, 401])
    expect([restOutsider.statusCode, trpcOutsider.statusCode]).toEqual([403, 403])
    expect(trpcAnonymous.json().error.json.message).toBe(restAnonymous.json().message)
    expect(trpcOutsider.json().error.json.message).toBe(restOutsider.json().message)
  })

  it('is refused before the body is read: a signed-out upload never reaches the multipart parser', async () => {
    const body = multipart('study.pdf', await makePdf())
    const response = await app.inject({
      method: 'POST',
      url: '/api/upload/research-attachment',
      headers: { ...body.headers, ...SAME_ORIGIN },
      payload: body.payload,
    })
    expectApiError(response, 401)
  })

  /**
   * Anything that writes is admin-only unless it is one of the public forms or a newsletter link's
   * button (whose signed token is its authority); nobody can forget the guard.
   */
  const PUBLIC_WRITES = new Set([
    '/api/contact',
    '/api/newsletter/subscribe',
    '/api/newsletter/unsubscribe',
    '/api/newsletter/confirm',
    '/api/testimonials',
    // Ways in: an invitation's token, a sign-in link's token (its page's button), or an address to
    // mail a sign-in link to (the login budget).
    '/api/team/join',
    '/api/login/link',
    '/api/login/email',
    // A comment on a standard in public review (the comment budget).
    '/api/standards/:number/versions/:version/comments',
    // The registry's public forms: an application (the application budget), a concern about a
    // listing (the concern budget), and the mailed link's button, whose token is its authority. An
    // applicant's answers and documents need the link (401 without it, as checked below).
    '/api/registry/applications',
    '/api/registry/:number/concerns',
    '/api/registry/application/open',
    'contact.submit',
    'newsletter.subscribe',
    'testimonials.submit',
    'standards.comment',
  ])

  it('every REST write outside the public forms answers 401 to a stranger', async () => {
    const writes = registeredRoutes(app).filter(
      (route) => route.url.startsWith('/api/') && !['GET', 'HEAD', 'OPTIONS'].includes(route.method),
    )
    expect(writes.map((route) => `${route.method} ${route.url}`)).toContain('PATCH /api/research-studies/:id')
    for (const route of writes) {
      if (PUBLIC_WRITES.has(route.url)) continue
      // The mail provider's endpoint proves itself by a secret, not a session: a stranger without it is refused all the same.
      const url = route.url.replace(':provider', 'generic').replace(/:(\w+)/g, '1')
      const response = await app.inject({ method: route.method as 'POST', url, headers: SAME_ORIGIN, payload: {} })
      expect(response.statusCode, `${route.method} ${route.url}`).toBe(401)
    }
  })

  it('every tRPC mutation outside the public forms answers 401 to a stranger', async () => {
    const procedures = Object.entries(
      appRouter._def.procedures as unknown as Record<string, { _def: { type: string } }>,
    )
    const mutations = procedures.filter(([, procedure]) => procedure._def.type === 'mutation').map(([path]) => path)
    expect(mutations.length).toBeGreaterThan(3)
    for (const path of mutations) {
      if (PUBLIC_WRITES.has(path)) continue
      expect((await trpcMutation(app, path, {})).statusCode, path).toBe(401)
    }
  })
})

describe('rate-limit budgets', () => {
  it('REST and tRPC paths to one form share one budget', async () => {
    const valid = { name: 'Jane', email: 'jane@example.org', subject: 'Budget check', message: 'Counting my sends.' }
    const statuses: number[] = []
    for (let i = 0; i < 3; i++) {
      statuses.push(
        (await limited.inject({ method: 'POST', url: '/api/contact', headers: SAME_ORIGIN, payload: valid }))
          .statusCode,
      )
      statuses.push((await trpcMutation(limited, 'contact.submit', valid)).statusCode)
    }
    expect(statuses).toEqual([201, 200, 201, 200, 201, 429])
  })
})
