import type { InjectOptions } from 'fastify'
import { beforeAll, describe, expect, it } from 'vitest'
import type { ZodObject } from 'zod'
import { appRouter } from '../../src/server/trpc/router'
import { MAX_ROW_ID } from '../../src/shared/schemas/row-id'
import { setUpTestApp } from '../helpers/build-app'
import { loginCookie, SAME_ORIGIN } from '../helpers/login'
import { registeredRoutes } from '../helpers/routes'

/**
 * Row ids and paging cursors outside what a serial column holds (1 to 2^31-1) are bad input: 400
 * with the one error shape and the field named, on every route and procedure that takes one, REST
 * and tRPC alike. Postgres refuses such a parameter outright, so a request that reached the
 * database with one ended as a 500 (issue 21). The route and procedure lists are read from the app
 * itself: a new list or id-taking entry point fails the coverage tests until it is classified here.
 */

const ADMIN = 'admin@example.org'
const setup = setUpTestApp({ env: { ADMIN_EMAILS: ADMIN }, reset: false })
let cookie: string

beforeAll(async () => {
  cookie = await loginCookie(setup.app, ADMIN)
})

/** Past the column (2^31, a value that fits no Postgres integer), negative, zero. */
const OUT_OF_RANGE = ['99999999999', String(MAX_ROW_ID + 1), '-1', '0']

const asAdmin = (options: InjectOptions) =>
  setup.app.inject({ ...options, headers: { ...SAME_ORIGIN, cookie, ...(options.headers ?? {}) } })

function expectFieldRefused(response: { statusCode: number; body: string; json: () => unknown }, field: string) {
  expect(response.statusCode, response.body).toBe(400)
  const body = response.json() as { error: string; message: string; fields?: Record<string, string> }
  expect(body.error).toBe('Bad Request')
  expect(body.fields?.[field], response.body).toBe(`Must be a whole number from 1 to ${MAX_ROW_ID}`)
  expect(body.message).toBe(body.fields?.[field])
}

// ---------------------------------------------------------------------------------------------
// REST
// ---------------------------------------------------------------------------------------------

/**
 * Admin lists paged by a serial id (`?before=`), those paged by a text id (subscribers: UUIDs, where
 * digits name no row), and those that take no cursor (it is ignored there).
 */
const PAGED_BY_ID = [
  '/api/admin/activity',
  '/api/admin/contact-submissions',
  '/api/admin/research-studies',
  '/api/admin/resources',
  '/api/admin/testimonials',
  '/api/admin/news',
]
const PAGED_BY_TEXT_ID = ['/api/admin/subscribers']
const NOT_PAGED_BY_ID = [
  '/api/admin/subscribers.csv',
  '/api/admin/subscribers/suppressed.csv',
  // One text, and its revisions by number (the starting text is 0).
  '/api/admin/faq',
  '/api/admin/faq/revisions',
  // The pages that have content: a short fixed list.
  '/api/admin/pages',
  '/api/admin/team',
  '/api/admin/sessions',
  '/api/admin/news/recipients',
  '/api/admin/standards',
  '/api/admin/comments',
  // The registry's queues page by number (`page`), as the registry's lists do.
  '/api/admin/registry/applications',
  '/api/admin/registry/concerns',
  // One row, no list.
  '/api/admin/settings',
]

const adminLists = () =>
  registeredRoutes(setup.app)
    .filter((route) => route.method === 'GET' && route.url.startsWith('/api/admin/') && !route.url.includes(':'))
    .map((route) => route.url)

/** A body each write would accept, so the id is the only thing wrong. */
const VALID_BODY: Record<string, unknown> = {
  'PATCH /api/admin/contact-submissions/:id': { status: 'read' },
  'PATCH /api/admin/testimonials/:id': { isApproved: true },
  'PATCH /api/admin/resources/:id': {
    title: 'A resource',
    category: 'Safety',
    fileId: '00000000-0000-4000-8000-000000000000',
  },
  'PATCH /api/research-studies/:id': { title: 'A study', category: 'General Wellness', url: 'https://example.org/s' },
  'PATCH /api/admin/subscribers/:id': { isActive: false },
  'PATCH /api/admin/news/:id': { title: 'A post', summary: 'What happened.', status: 'draft' },
  'PATCH /api/admin/team/members/:id': { role: 'editor' },
  'POST /api/admin/news/:id/test-send': { email: 'me@example.org' },
  'PATCH /api/admin/comments/:id/answer': { disposition: 'accepted', response: 'Thank you.' },
  'PATCH /api/admin/comments/:id/hidden': { hidden: true, reason: 'Spam' },
}

/** Routes whose `:id` is a serial row id; the others' ids are text (UUIDs), where digits name no row. */
const TEXT_ID_ROUTES = [
  'PATCH /api/admin/subscribers/:id',
  'DELETE /api/admin/subscribers/:id',
  'GET /files/:id/:name',
  // The team's ids: a member's user id and an invitation's (UUIDs), a session's handle (hex).
  'DELETE /api/admin/team/invitations/:id',
  'PATCH /api/admin/team/members/:id',
  'DELETE /api/admin/team/members/:id',
  'DELETE /api/admin/team/members/:id/sessions',
  'DELETE /api/admin/sessions/:id',
  // A registry listing's evidence: an attachment's UUID.
  'GET /api/admin/registry/documents/:id',
  // The registry's applications and concerns: UUIDs.
  'GET /api/admin/registry/applications/:id',
  'POST /api/admin/registry/applications/:id/questions',
  'POST /api/admin/registry/applications/:id/approve',
  'POST /api/admin/registry/applications/:id/decline',
  'GET /api/admin/registry/concerns/:id',
  'POST /api/admin/registry/concerns/:id/look',
  'POST /api/admin/registry/concerns/:id/close',
]

const idRoutes = () =>
  registeredRoutes(setup.app)
    .filter((route) => route.url.includes(':id') && route.method !== 'HEAD')
    .map((route) => `${route.method} ${route.url}`)

describe('REST', () => {
  it('every admin list is classified as paged by id or not', () => {
    expect(adminLists().sort()).toEqual([...PAGED_BY_ID, ...PAGED_BY_TEXT_ID, ...NOT_PAGED_BY_ID].sort())
  })

  describe.each(PAGED_BY_ID)('GET %s', (path) => {
    it.each(OUT_OF_RANGE)('?before=%s is a 400 naming `before`', async (before) => {
      expectFieldRefused(await asAdmin({ method: 'GET', url: `${path}?before=${before}` }), 'before')
    })

    it('the largest id a row can have is a cursor like any other', async () => {
      const response = await asAdmin({ method: 'GET', url: `${path}?before=${MAX_ROW_ID}` })
      expect(response.statusCode, response.body).toBe(200)
    })
  })

  it.each(PAGED_BY_TEXT_ID)(
    'GET %s: ?before=99999999999 names no row, so no page follows it, never a 500',
    async (path) => {
      const response = await asAdmin({ method: 'GET', url: `${path}?before=99999999999` })
      expect(response.statusCode, response.body).toBe(200)
      expect(response.json()).toEqual([])
    },
  )

  it.each(NOT_PAGED_BY_ID)('GET %s takes no cursor: ?before=99999999999 is ignored, never a 500', async (path) => {
    const response = await asAdmin({ method: 'GET', url: `${path}?before=99999999999` })
    expect(response.statusCode, response.body).toBe(200)
  })

  it('every route with an :id is known here, with a valid body for each write', () => {
    const routes = idRoutes()
    expect(routes.length).toBeGreaterThan(0)
    for (const route of routes) {
      if (route.startsWith('PATCH ')) expect(VALID_BODY, route).toHaveProperty([route])
    }
    expect(TEXT_ID_ROUTES.filter((route) => !routes.includes(route))).toEqual([])
  })

  it('an id past 2^31-1, negative or zero in any row-id path is a 400 naming `id`', async () => {
    const routes = idRoutes().filter((route) => !TEXT_ID_ROUTES.includes(route))
    expect(routes.length).toBeGreaterThanOrEqual(8)
    for (const route of routes) {
      const [method, url] = route.split(' ') as [InjectOptions['method'], string]
      for (const id of OUT_OF_RANGE) {
        const body = VALID_BODY[route]
        const response = await asAdmin({
          method,
          url: url.replace(':id', id),
          ...(body === undefined ? {} : { payload: body as InjectOptions['payload'] }),
        })
        expectFieldRefused(response, 'id')
      }
    }
  })

  it('a text id made of digits names no row: 404, never a 500', async () => {
    for (const route of TEXT_ID_ROUTES) {
      const [method, url] = route.split(' ') as [InjectOptions['method'], string]
      const body = VALID_BODY[route]
      const response = await asAdmin({
        method,
        url: url.replace(':id', '99999999999').replace(':name', 'x.pdf'),
        ...(body === undefined ? {} : { payload: body as InjectOptions['payload'] }),
      })
      expect(response.statusCode, `${route}: ${response.body}`).toBe(404)
    }
  })
})

// ---------------------------------------------------------------------------------------------
// tRPC
// ---------------------------------------------------------------------------------------------

type Procedure = { _def: { type: string; inputs: unknown[] } }
const procedures = appRouter._def.procedures as unknown as Record<string, Procedure>

/** The input keys that carry a row id or a cursor, per procedure (read from its zod input). */
function idKeys(procedure: Procedure): string[] {
  const keys = procedure._def.inputs.flatMap((input) => Object.keys((input as Partial<ZodObject>).shape ?? {}))
  return keys.filter((key) => key === 'id' || key === 'cursor')
}

/** The rest of a valid input for each procedure taking an id or a cursor. */
const VALID_REST: Record<string, Record<string, unknown>> = {
  'activity.list': {},
  'messages.list': {},
  'researchStudies.adminList': {},
  'resources.adminList': {},
  'testimonials.all': {},
  'messages.open': {},
  'messages.setStatus': { status: 'read' },
  'messages.remove': {},
  'testimonials.update': { patch: { isApproved: true } },
  'testimonials.remove': {},
  'resources.update': {
    data: { title: 'A resource', category: 'Safety', fileId: '00000000-0000-4000-8000-000000000000' },
  },
  'resources.remove': {},
  'researchStudies.update': {
    data: { title: 'A study', category: 'General Wellness', url: 'https://example.org/s' },
  },
  'researchStudies.remove': {},
  'news.adminList': {},
  'news.update': { data: { title: 'A post', summary: 'What happened.', status: 'draft' } },
  'news.remove': {},
  'newsDelivery.status': {},
  'newsDelivery.testSend': { email: 'me@example.org' },
  'newsDelivery.send': {},
  'newsDelivery.cancel': {},
  'standards.answerComment': { disposition: 'accepted', response: 'Thank you.' },
  'standards.hideComment': { hide: { hidden: true, reason: 'Spam' } },
}
/**
 * Subscriber ids are text: a number there, as an id or as the list's cursor, is refused as the wrong
 * type, by the same rule (400 naming it).
 */
const TEXT_ID_PROCEDURES: Record<string, Record<string, unknown>> = {
  'subscribers.list': {},
  'subscribers.setActive': { isActive: false },
  'subscribers.remove': {},
  'team.revoke': {},
  'team.changeRole': { role: 'editor' },
  'team.remove': {},
  'team.endSessions': {},
  'team.endMySession': {},
  // The registry's listings and their evidence: UUIDs.
  'registry.admin.get': {},
  'registry.admin.changeStatus': { action: 'suspend', reason: 'A reason long enough to be given.' },
  'registry.admin.removeDocument': { documentId: '00000000-0000-4000-8000-000000000000' },
  'registry.admin.applications.get': {},
  'registry.admin.applications.ask': { body: 'A question?' },
  'registry.admin.applications.approve': {},
  'registry.admin.applications.decline': { reason: 'A reason long enough to be given.' },
  'registry.admin.concerns.get': {},
  'registry.admin.concerns.look': {},
  'registry.admin.concerns.close': { outcome: 'Looked into.' },
}

function call(path: string, input: unknown) {
  if (procedures[path]?._def.type === 'query') {
    const query = encodeURIComponent(JSON.stringify({ json: input }))
    return asAdmin({ method: 'GET', url: `/trpc/${path}?input=${query}` })
  }
  return asAdmin({
    method: 'POST',
    url: `/trpc/${path}`,
    headers: { 'content-type': 'application/json' },
    payload: JSON.stringify({ json: input }),
  })
}

function expectTrpcFieldRefused(response: { statusCode: number; body: string; json: () => unknown }, field: string) {
  expect(response.statusCode, response.body).toBe(400)
  const { error } = response.json() as {
    error: { json: { message: string; data: { code: string; fields?: Record<string, string> } } }
  }
  expect(error.json.data.code).toBe('BAD_REQUEST')
  expect(error.json.data.fields?.[field], response.body).toEqual(expect.any(String))
}

describe('tRPC', () => {
  it('every procedure taking an id or a cursor is known here', () => {
    const taking = Object.entries(procedures)
      .filter(([, procedure]) => idKeys(procedure).length > 0)
      .map(([path]) => path)
    expect(taking.sort()).toEqual([...Object.keys(VALID_REST), ...Object.keys(TEXT_ID_PROCEDURES)].sort())
  })

  it.each(Object.keys(VALID_REST))('%s: an id or cursor out of range is a 400 naming it', async (path) => {
    const procedure = procedures[path] as Procedure
    for (const key of idKeys(procedure)) {
      for (const value of OUT_OF_RANGE) {
        const response = await call(path, { ...VALID_REST[path], [key]: Number(value) })
        expectTrpcFieldRefused(response, key)
        expect((response.json() as { error: { json: { message: string } } }).error.json.message).toBe(
          `Must be a whole number from 1 to ${MAX_ROW_ID}`,
        )
      }
    }
  })

  it.each(Object.keys(TEXT_ID_PROCEDURES))('%s: a numeric id or cursor is a 400 naming it', async (path) => {
    const keys = idKeys(procedures[path] as Procedure)
    expect(keys.length).toBeGreaterThan(0)
    for (const key of keys) {
      expectTrpcFieldRefused(await call(path, { ...TEXT_ID_PROCEDURES[path], [key]: 99_999_999_999 }), key)
    }
  })
})
