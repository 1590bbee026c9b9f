import type { FastifyInstance, InjectOptions } from 'fastify'
import { beforeEach, describe, expect, it } from 'vitest'
import { contactSubmissions, newsletterSubscribers, testimonials } from '../../src/db/schema'
import { appRouter } from '../../src/server/trpc/router'
import { setUpTestApp } from '../helpers/build-app'
import { makePdf, multipart } from '../helpers/fixtures'
import { CROSS_ORIGIN, loginCookie, SAME_ORIGIN } from '../helpers/login'
import { registeredRoutes } from '../helpers/routes'

/**
 * The authorization matrix of the admin contract (README, API): every admin route and procedure,
 * asked signed out (401), by someone signed in who is not an admin (403), from another origin with
 * an admin's cookie (403), and by an admin (2xx). A route or procedure missing here fails the
 * coverage tests, so a new one cannot skip the matrix.
 */

const setup = setUpTestApp({ env: { ADMIN_EMAILS: 'admin@example.org' } })
let app: FastifyInstance
let admin: string
let outsider: string
/** Rows each admin request may act on, made fresh before every test. */
let ids: { message: number; testimonial: number; resource: number; study: number; fileId: string; subscriber: string }

async function upload(path: string): Promise<string> {
  const body = multipart('doc.pdf', await makePdf())
  const response = await app.inject({
    method: 'POST',
    url: path,
    headers: { ...body.headers, ...SAME_ORIGIN, cookie: admin },
    payload: body.payload,
  })
  expect(response.statusCode).toBe(201)
  return response.json().fileId
}

beforeEach(async () => {
  app = setup.app
  admin = await loginCookie(app, 'admin@example.org')
  outsider = await loginCookie(app, 'visitor@example.org')
  const db = app.db
  const [message] = await db
    .insert(contactSubmissions)
    .values({ name: 'Test Sender', email: 'sender@example.org', subject: 'A subject', message: 'A message body' })
    .returning()
  const [testimonial] = await db
    .insert(testimonials)
    .values({ name: 'Test Author', testimonial: 'A testimonial long enough to keep.' })
    .returning()
  const fileId = await upload('/api/upload/resource-file')
  const resource = await app.inject({
    method: 'POST',
    url: '/api/admin/resources',
    headers: { ...SAME_ORIGIN, cookie: admin },
    payload: { title: 'A resource', category: 'Safety', fileId },
  })
  const study = await app.inject({
    method: 'POST',
    url: '/api/research-studies',
    headers: { ...SAME_ORIGIN, cookie: admin },
    payload: { title: 'A study', category: 'General Wellness', url: 'https://example.org/s' },
  })
  const [subscriber] = await db.insert(newsletterSubscribers).values({ email: 'reader@example.org' }).returning()
  if (!message || !testimonial || !subscriber) throw new Error('arrangement failed')
  ids = {
    message: message.id,
    testimonial: testimonial.id,
    resource: resource.json().id,
    study: study.json().id,
    fileId,
    subscriber: subscriber.id,
  }
})

type Case = { name: string; request: () => Promise<InjectOptions>; ok: number }
const json = (method: InjectOptions['method'], url: () => string, payload?: () => unknown): Case['request'] => {
  return async () => ({ method, url: url(), ...(payload ? { payload: payload() as InjectOptions['payload'] } : {}) })
}
const file = (url: string): Case['request'] => {
  return async () => {
    const body = multipart('doc.pdf', await makePdf())
    return { method: 'POST', url, headers: body.headers, payload: body.payload }
  }
}
const resource = () => ({ title: 'Renamed', category: 'Education', fileId: ids.fileId })
const study = () => ({ title: 'Renamed', category: 'General Wellness', url: 'https://example.org/s' })

const REST: Case[] = [
  { name: 'GET /api/admin/contact-submissions', request: json('GET', () => '/api/admin/contact-submissions'), ok: 200 },
  {
    name: 'PATCH /api/admin/contact-submissions/:id',
    request: json(
      'PATCH',
      () => `/api/admin/contact-submissions/${ids.message}`,
      () => ({ status: 'archived' }),
    ),
    ok: 200,
  },
  {
    name: 'DELETE /api/admin/contact-submissions/:id',
    request: json('DELETE', () => `/api/admin/contact-submissions/${ids.message}`),
    ok: 200,
  },
  { name: 'GET /api/admin/testimonials', request: json('GET', () => '/api/admin/testimonials?q=Test'), ok: 200 },
  {
    name: 'POST /api/admin/testimonials',
    request: json(
      'POST',
      () => '/api/admin/testimonials',
      () => ({ name: 'Test Author Two', testimonial: 'Another testimonial text here.', consent: true }),
    ),
    ok: 201,
  },
  {
    name: 'PATCH /api/admin/testimonials/:id',
    request: json(
      'PATCH',
      () => `/api/admin/testimonials/${ids.testimonial}`,
      () => ({ isApproved: true }),
    ),
    ok: 200,
  },
  {
    name: 'DELETE /api/admin/testimonials/:id',
    request: json('DELETE', () => `/api/admin/testimonials/${ids.testimonial}`),
    ok: 200,
  },
  { name: 'POST /api/upload/resource-file', request: file('/api/upload/resource-file'), ok: 201 },
  { name: 'POST /api/upload/research-attachment', request: file('/api/upload/research-attachment'), ok: 201 },
  { name: 'GET /api/admin/resources', request: json('GET', () => '/api/admin/resources?q=resource'), ok: 200 },
  { name: 'POST /api/admin/resources', request: json('POST', () => '/api/admin/resources', resource), ok: 201 },
  {
    name: 'PATCH /api/admin/resources/:id',
    request: json('PATCH', () => `/api/admin/resources/${ids.resource}`, resource),
    ok: 200,
  },
  {
    name: 'DELETE /api/admin/resources/:id',
    request: json('DELETE', () => `/api/admin/resources/${ids.resource}`),
    ok: 200,
  },
  {
    name: 'GET /api/admin/activity',
    request: json('GET', () => '/api/admin/activity?entity=message&actor=admin%40example.org&from=2020-01-01'),
    ok: 200,
  },
  {
    name: 'GET /api/admin/research-studies',
    request: json('GET', () => '/api/admin/research-studies?q=study&limit=5'),
    ok: 200,
  },
  { name: 'GET /api/admin/subscribers', request: json('GET', () => '/api/admin/subscribers?q=reader'), ok: 200 },
  { name: 'GET /api/admin/subscribers.csv', request: json('GET', () => '/api/admin/subscribers.csv'), ok: 200 },
  {
    name: 'PATCH /api/admin/subscribers/:id',
    request: json(
      'PATCH',
      () => `/api/admin/subscribers/${ids.subscriber}`,
      () => ({ isActive: false }),
    ),
    ok: 200,
  },
  {
    name: 'DELETE /api/admin/subscribers/:id',
    request: json('DELETE', () => `/api/admin/subscribers/${ids.subscriber}`),
    ok: 200,
  },
  { name: 'POST /api/research-studies', request: json('POST', () => '/api/research-studies', study), ok: 201 },
  {
    name: 'PATCH /api/research-studies/:id',
    request: json('PATCH', () => `/api/research-studies/${ids.study}`, study),
    ok: 200,
  },
  {
    name: 'DELETE /api/research-studies/:id',
    request: json('DELETE', () => `/api/research-studies/${ids.study}`),
    ok: 200,
  },
]

type Call = { path: string; input: () => unknown }
const TRPC: Call[] = [
  { path: 'messages.list', input: () => ({ q: 'subject' }) },
  { path: 'messages.countNew', input: () => undefined },
  { path: 'messages.open', input: () => ({ id: ids.message }) },
  { path: 'messages.setStatus', input: () => ({ id: ids.message, status: 'archived' }) },
  { path: 'messages.remove', input: () => ({ id: ids.message }) },
  { path: 'testimonials.all', input: () => ({}) },
  { path: 'testimonials.countPending', input: () => undefined },
  {
    path: 'testimonials.create',
    input: () => ({ name: 'Test Author Two', testimonial: 'Another testimonial text here.', consent: true }),
  },
  { path: 'testimonials.update', input: () => ({ id: ids.testimonial, patch: { isApproved: true } }) },
  { path: 'testimonials.remove', input: () => ({ id: ids.testimonial }) },
  { path: 'resources.adminList', input: () => ({ q: 'resource' }) },
  { path: 'resources.create', input: resource },
  { path: 'resources.update', input: () => ({ id: ids.resource, data: resource() }) },
  { path: 'resources.remove', input: () => ({ id: ids.resource }) },
  { path: 'activity.list', input: () => ({ entity: 'resource', actor: 'admin@example.org' }) },
  { path: 'activity.people', input: () => undefined },
  { path: 'subscribers.list', input: () => ({}) },
  { path: 'subscribers.count', input: () => ({ q: 'reader' }) },
  { path: 'subscribers.setActive', input: () => ({ id: ids.subscriber, isActive: false }) },
  { path: 'subscribers.remove', input: () => ({ id: ids.subscriber }) },
  { path: 'researchStudies.adminList', input: () => ({ q: 'study' }) },
  { path: 'researchStudies.create', input: study },
  { path: 'researchStudies.update', input: () => ({ id: ids.study, data: study() }) },
  { path: 'researchStudies.remove', input: () => ({ id: ids.study }) },
]
const PUBLIC_PROCEDURES = [
  'auth.me',
  'contact.submit',
  'newsletter.subscribe',
  'site.info',
  'testimonials.list',
  'testimonials.submit',
  'resources.list',
  'researchStudies.list',
  'researchStudies.search',
]

const procedures = appRouter._def.procedures as unknown as Record<string, { _def: { type: string } }>

function callTrpc(call: Call, headers: Record<string, string>) {
  const type = procedures[call.path]?._def.type
  const input = call.input()
  if (type === 'query') {
    const query = input === undefined ? '' : `?input=${encodeURIComponent(JSON.stringify({ json: input }))}`
    return app.inject({ method: 'GET', url: `/trpc/${call.path}${query}`, headers })
  }
  return app.inject({
    method: 'POST',
    url: `/trpc/${call.path}`,
    headers: { ...headers, 'content-type': 'application/json' },
    payload: JSON.stringify(input === undefined ? {} : { json: input }),
  })
}

const WHO = [
  { who: 'signed out', headers: () => ({ ...SAME_ORIGIN, 'sec-fetch-site': 'same-origin' }), status: 401 },
  { who: 'not an admin', headers: () => ({ ...SAME_ORIGIN, cookie: outsider }), status: 403 },
  {
    who: 'another origin',
    headers: () => ({ ...CROSS_ORIGIN, 'sec-fetch-site': 'cross-site', cookie: admin }),
    status: 403,
  },
  { who: 'an admin', headers: () => ({ ...SAME_ORIGIN, cookie: admin }), status: 0 },
] as const

describe('the REST admin contract', () => {
  it('covers every admin route: /api/admin/*, uploads and the study writes', () => {
    const admin = registeredRoutes(setup.app)
      .filter(
        (route) =>
          route.url.startsWith('/api/admin/') ||
          route.url.startsWith('/api/upload/') ||
          (route.url.startsWith('/api/research-studies') && route.method !== 'GET' && route.method !== 'HEAD'),
      )
      .filter((route) => route.method !== 'HEAD')
      .map((route) => `${route.method} ${route.url}`)
    expect(admin.sort()).toEqual(REST.map((entry) => entry.name).sort())
  })

  describe.each(WHO)('$who', ({ headers, status }) => {
    it.each(REST)('$name', async ({ request, ok }) => {
      const options = await request()
      const response = await app.inject({ ...options, headers: { ...(options.headers ?? {}), ...headers() } })
      expect(response.statusCode, response.body).toBe(status || ok)
      if (status) expect(response.json()).toMatchObject({ error: expect.any(String), message: expect.any(String) })
    })
  })
})

describe('the tRPC admin procedures', () => {
  it('covers every procedure that is not public', () => {
    const adminOnly = Object.keys(procedures).filter((path) => !PUBLIC_PROCEDURES.includes(path))
    expect(adminOnly.sort()).toEqual(TRPC.map((call) => call.path).sort())
  })

  describe.each(WHO)('$who', ({ headers, status }) => {
    it.each(TRPC)('$path', async (call) => {
      const response = await callTrpc(call, headers())
      expect(response.statusCode, response.body).toBe(status || 200)
    })
  })
})
