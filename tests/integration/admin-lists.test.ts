import { sql } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { beforeEach, describe, expect, it } from 'vitest'
import { auditLog, contactSubmissions, researchStudies, testimonials } from '../../src/db/schema'
import { upsertUser } from '../../src/server/services/users'
import { setUpTestApp } from '../helpers/build-app'
import { makePdf, multipart } from '../helpers/fixtures'
import { loginCookie, SAME_ORIGIN } from '../helpers/login'

/**
 * The admin lists' one paging model and their search (shared/schemas/admin.ts), the activity log's
 * filters, and the lock on a visitor's own words: each through REST and through tRPC, which must
 * agree (docs/decisions/024-admin-kit.md).
 */

const ADMIN = 'admin@example.org'
const OTHER = 'anna@example.org'
const setup = setUpTestApp({ env: { ADMIN_EMAILS: `${ADMIN},${OTHER}` } })
let app: FastifyInstance
let cookie: string

beforeEach(async () => {
  app = setup.app
  cookie = await loginCookie(app, ADMIN)
})

const rest = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object, as = cookie) =>
  app.inject({ method, url, headers: { ...SAME_ORIGIN, cookie: as }, ...(payload ? { payload } : {}) })

async function trpcQuery<T>(path: string, input: unknown, as = cookie): Promise<T> {
  const response = await app.inject({
    method: 'GET',
    url: `/trpc/${path}?input=${encodeURIComponent(JSON.stringify({ json: input }))}`,
    headers: { ...SAME_ORIGIN, cookie: as },
  })
  expect(response.statusCode, response.body).toBe(200)
  return response.json().result.data.json as T
}

const trpcMutation = (path: string, input: unknown, as = cookie) =>
  app.inject({
    method: 'POST',
    url: `/trpc/${path}`,
    headers: { ...SAME_ORIGIN, cookie: as, 'content-type': 'application/json' },
    payload: JSON.stringify({ json: input }),
  })

type Page<Row> = { items: Row[]; nextCursor: number | string | null }

/** Follows a REST list's Link headers to the end. */
async function restAll<Row>(url: string): Promise<{ pages: number; rows: Row[] }> {
  const rows: Row[] = []
  let next: string | undefined = url
  let pages = 0
  while (next) {
    const response = await rest('GET', next)
    expect(response.statusCode, response.body).toBe(200)
    rows.push(...(response.json() as Row[]))
    pages += 1
    next = String(response.headers.link ?? '').match(/^<([^>]+)>; rel="next"$/)?.[1]
  }
  return { pages, rows }
}

/** Follows a tRPC list's cursors to the end. */
async function trpcAll<Row>(path: string, input: Record<string, unknown>): Promise<{ pages: number; rows: Row[] }> {
  const rows: Row[] = []
  let cursor: number | string | null = null
  let pages = 0
  do {
    const page: Page<Row> = await trpcQuery<Page<Row>>(path, { ...input, cursor })
    rows.push(...page.items)
    cursor = page.nextCursor
    pages += 1
  } while (cursor !== null)
  return { pages, rows }
}

describe('the studies list for the admin', () => {
  beforeEach(async () => {
    // One statement: every row shares the transaction's created_at, so only the id orders them.
    await app.db.execute(sql`
      insert into research_studies (title, authors, journal, category, url)
      select 'Study ' || lpad(n::text, 2, '0'), case when n % 5 = 0 then 'Okafor J' else 'Smith A' end,
        'Journal of Tests', 'General Wellness', 'https://example.org/' || n
      from generate_series(1, 12) as n`)
  })

  it('pages in the library’s order without skipping rows that share a timestamp, over REST and tRPC alike', async () => {
    const library = (await (await app.inject({ method: 'GET', url: '/api/research-studies' })).json()) as {
      title: string
    }[]
    const viaRest = await restAll<{ title: string }>('/api/admin/research-studies?limit=5')
    const viaTrpc = await trpcAll<{ title: string }>('researchStudies.adminList', { limit: 5 })
    expect(viaRest.pages).toBe(3)
    expect(viaTrpc.pages).toBe(3)
    expect(viaRest.rows.map((row) => row.title)).toEqual(library.map((row) => row.title))
    expect(viaTrpc.rows.map((row) => row.title)).toEqual(library.map((row) => row.title))
  })

  it('finds a part of a title, an author or a journal, ignoring case; % and _ are plain characters', async () => {
    await app.db
      .insert(researchStudies)
      .values({ title: '100% oxygen_test', category: 'Safety Standards', url: 'https://x.org' })
    const titles = (rows: { title: string }[]) => rows.map((row) => row.title)
    expect(titles((await rest('GET', '/api/admin/research-studies?q=okafor')).json())).toEqual(['Study 10', 'Study 05'])
    expect(
      titles((await trpcQuery<Page<{ title: string }>>('researchStudies.adminList', { q: 'OKAFOR' })).items),
    ).toEqual(['Study 10', 'Study 05'])
    expect(titles((await rest('GET', `/api/admin/research-studies?q=${encodeURIComponent('0%')}`)).json())).toEqual([
      '100% oxygen_test',
    ])
    expect(titles((await trpcQuery<Page<{ title: string }>>('researchStudies.adminList', { q: 'n_t' })).items)).toEqual(
      ['100% oxygen_test'],
    )
    // Blank is no search; an over-long one is refused with the reason, on both adapters.
    expect((await rest('GET', '/api/admin/research-studies?q=%20%20')).json()).toHaveLength(13)
    const long = 'x'.repeat(201)
    const refused = await rest('GET', `/api/admin/research-studies?q=${long}`)
    expect(refused.statusCode).toBe(400)
    expect(refused.json().fields).toEqual({ q: 'Search must be at most 200 characters' })
    const refusedTrpc = await app.inject({
      method: 'GET',
      url: `/trpc/researchStudies.adminList?input=${encodeURIComponent(JSON.stringify({ json: { q: long } }))}`,
      headers: { ...SAME_ORIGIN, cookie },
    })
    expect(refusedTrpc.statusCode).toBe(400)
    expect(refusedTrpc.json().error.json.message).toBe('Search must be at most 200 characters')
  })
})

describe('the resources list for the admin', () => {
  it('searches titles and descriptions and pages in the public order, over REST and tRPC', async () => {
    for (const [title, description, category] of [
      ['Chamber cleaning', 'Between sessions', 'Safety'],
      ['Operator checklist', 'Before the first session', 'Professional'],
      ['Pressure explained', null, 'Education'],
    ] as const) {
      const body = multipart(`${title}.pdf`, await makePdf(title))
      const upload = await app.inject({
        method: 'POST',
        url: '/api/upload/resource-file',
        headers: { ...body.headers, ...SAME_ORIGIN, cookie },
        payload: body.payload,
      })
      await rest('POST', '/api/admin/resources', { title, description, category, fileId: upload.json().fileId })
    }
    const titles = (rows: { title: string }[]) => rows.map((row) => row.title)
    const publicOrder = titles((await app.inject({ method: 'GET', url: '/api/resources' })).json())
    expect(titles((await restAll<{ title: string }>('/api/admin/resources?limit=2')).rows)).toEqual(publicOrder)
    expect(titles((await trpcAll<{ title: string }>('resources.adminList', { limit: 2 })).rows)).toEqual(publicOrder)
    expect(titles((await rest('GET', '/api/admin/resources?q=SESSION')).json())).toEqual([
      'Operator checklist',
      'Chamber cleaning',
    ])
    expect(titles((await trpcQuery<Page<{ title: string }>>('resources.adminList', { q: 'pressure' })).items)).toEqual([
      'Pressure explained',
    ])
  })
})

describe('the messages list', () => {
  it('searches sender, address, subject and words, within a state, over REST and tRPC', async () => {
    await app.db.insert(contactSubmissions).values([
      { name: 'Ann Reader', email: 'ann@example.org', subject: 'Opening hours', message: 'When do you open?' },
      { name: 'Ben Writer', email: 'ben@clinic.example', subject: 'Standards', message: 'About the 1.3 ATA rule.' },
      {
        name: 'Cat Asker',
        email: 'cat@example.org',
        subject: 'Hours again',
        message: 'Still waiting.',
        status: 'archived',
      },
    ])
    const subjects = (rows: { subject: string }[]) => rows.map((row) => row.subject)
    expect(subjects((await rest('GET', '/api/admin/contact-submissions?q=hours')).json())).toEqual([
      'Hours again',
      'Opening hours',
    ])
    expect(subjects((await rest('GET', '/api/admin/contact-submissions?q=hours&status=new')).json())).toEqual([
      'Opening hours',
    ])
    expect(subjects((await trpcQuery<Page<{ subject: string }>>('messages.list', { q: 'CLINIC' })).items)).toEqual([
      'Standards',
    ])
    expect(subjects((await trpcQuery<Page<{ subject: string }>>('messages.list', { q: '1.3 ata' })).items)).toEqual([
      'Standards',
    ])
    expect((await trpcQuery<Page<unknown>>('messages.list', { q: 'nobody' })).items).toEqual([])
  })
})

describe('testimonials', () => {
  const visitor = { name: 'Test Visitor', location: 'Test Town', testimonial: 'Words the visitor wrote themselves.' }

  async function submitAsVisitor() {
    const sent = await app.inject({
      method: 'POST',
      url: '/api/testimonials',
      headers: SAME_ORIGIN,
      payload: { ...visitor, consent: true },
    })
    expect(sent.statusCode).toBe(201)
    const [row] = await app.db.select().from(testimonials)
    if (!row) throw new Error('not stored')
    return row
  }

  it('a visitor’s words cannot be changed by staff: 409 with the reason over REST and tRPC, and nothing changes', async () => {
    const row = await submitAsVisitor()
    expect(row.source).toBe('visitor')
    const restRefusal = await rest('PATCH', `/api/admin/testimonials/${row.id}`, {
      testimonial: 'Words put in by staff.',
    })
    expect(restRefusal.statusCode).toBe(409)
    expect(restRefusal.json()).toEqual({
      error: 'Conflict',
      message: expect.stringContaining('sent by a visitor through the site'),
    })
    for (const patch of [
      { name: 'Someone Else' },
      { location: 'Elsewhere' },
      { testimonial: 'Other words here, long enough.' },
    ]) {
      const refused = await trpcMutation('testimonials.update', { id: row.id, patch })
      expect(refused.statusCode, JSON.stringify(patch)).toBe(409)
      expect(refused.json().error.json.data.code).toBe('CONFLICT')
      expect(refused.json().error.json.message).toBe(restRefusal.json().message)
    }
    // Approving and unapproving it are the staff's to do, and so is deleting it.
    expect((await rest('PATCH', `/api/admin/testimonials/${row.id}`, { isApproved: true })).statusCode).toBe(200)
    const unapproved = await trpcMutation('testimonials.update', { id: row.id, patch: { isApproved: false } })
    expect(unapproved.statusCode).toBe(200)
    // Repeating the visitor's own words changes nothing, so it is not refused.
    expect((await rest('PATCH', `/api/admin/testimonials/${row.id}`, { name: visitor.name })).statusCode).toBe(200)
    const [after] = await app.db.select().from(testimonials)
    expect(after).toMatchObject({ ...visitor, isApproved: false, source: 'visitor' })
    expect(await app.db.select().from(auditLog).where(sql`${auditLog.after}::text like '%edited%'`)).toEqual([])
    expect((await rest('DELETE', `/api/admin/testimonials/${row.id}`)).statusCode).toBe(200)
  })

  it('one the council entered itself stays editable, over REST and tRPC', async () => {
    const created = await rest('POST', '/api/admin/testimonials', { ...visitor, consent: true })
    expect(created.json().source).toBe('council')
    const id = created.json().id
    const viaRest = await rest('PATCH', `/api/admin/testimonials/${id}`, { testimonial: 'Corrected a typo in it.' })
    expect(viaRest.statusCode).toBe(200)
    const viaTrpc = await trpcMutation('testimonials.update', { id, patch: { name: 'Test Author' } })
    expect(viaTrpc.statusCode).toBe(200)
    expect(viaTrpc.json().result.data.json).toMatchObject({
      name: 'Test Author',
      testimonial: 'Corrected a typo in it.',
    })
  })

  it('lists pending first a page at a time, searches, and counts those waiting for review', async () => {
    await app.db.execute(sql`
      insert into testimonials (name, testimonial, is_approved, consented_at)
      select 'Author ' || lpad(n::text, 2, '0'), 'Placeholder words number ' || n, n % 3 = 0, now()
      from generate_series(1, 9) as n`)
    const names = (rows: { name: string }[]) => rows.map((row) => row.name)
    const viaRest = await restAll<{ name: string; isApproved: boolean }>('/api/admin/testimonials?limit=4')
    const viaTrpc = await trpcAll<{ name: string }>('testimonials.all', { limit: 4 })
    expect(viaRest.pages).toBe(3)
    expect(names(viaRest.rows)).toEqual([
      'Author 08',
      'Author 07',
      'Author 05',
      'Author 04',
      'Author 02',
      'Author 01',
      'Author 09',
      'Author 06',
      'Author 03',
    ])
    expect(names(viaTrpc.rows)).toEqual(names(viaRest.rows))
    expect(names((await rest('GET', '/api/admin/testimonials?q=number%201')).json())).toEqual(['Author 01'])
    expect(await trpcQuery('testimonials.countPending', undefined)).toBe(6)
  })
})

describe('the activity log', () => {
  let anna: string

  beforeEach(async () => {
    anna = await loginCookie(app, OTHER)
    await upsertUser(app.db, { email: OTHER, firstName: 'Anna', lastName: 'Field' })
  })

  async function arrange() {
    const study = (
      await rest('POST', '/api/research-studies', {
        title: 'Sleep and pressure',
        category: 'Cognitive Health',
        url: 'https://example.org/sleep',
      })
    ).json()
    const [message] = await app.db
      .insert(contactSubmissions)
      .values({ name: 'Ann Reader', email: 'ann@example.org', subject: 'Opening hours', message: 'When?' })
      .returning()
    await rest('PATCH', `/api/admin/contact-submissions/${message?.id}`, { status: 'archived' }, anna)
    const testimonial = (
      await rest(
        'POST',
        '/api/admin/testimonials',
        {
          name: 'J. Smith',
          testimonial: 'A letter the council received.',
          consent: true,
        },
        anna,
      )
    ).json()
    await rest('PATCH', `/api/admin/testimonials/${testimonial.id}`, { isApproved: true }, anna)
    return { study, message, testimonial }
  }

  it('filters by person, by kind and by time, over REST and tRPC alike; REST keeps its documented fields', async () => {
    // An older change, from before the day being looked at (the log lists by id, newest first).
    await app.db.insert(auditLog).values({
      at: new Date('2020-01-02T10:00:00Z'),
      actorEmail: OTHER,
      action: 'delete',
      entity: 'research_study',
      entityId: '999',
      before: { title: 'An old study' },
      after: null,
    })
    await arrange()
    const actions = (rows: { entity: string; action: string }[]) => rows.map((row) => `${row.entity} ${row.action}`)

    const byAnna = (await rest('GET', `/api/admin/activity?actor=${encodeURIComponent('ANNA@example.org')}`)).json()
    expect(actions(byAnna)).toEqual([
      'testimonial update',
      'testimonial create',
      'message update',
      'research_study delete',
    ])
    expect(Object.keys(byAnna[0]).sort()).toEqual(
      ['action', 'actorEmail', 'after', 'at', 'before', 'entity', 'entityId', 'id'].sort(),
    )
    const annaTrpc = await trpcQuery<Page<{ entity: string; action: string }>>('activity.list', { actor: OTHER })
    expect(actions(annaTrpc.items)).toEqual(actions(byAnna))

    const annaStudies = (await rest('GET', `/api/admin/activity?actor=${OTHER}&entity=research_study`)).json()
    expect(actions(annaStudies)).toEqual(['research_study delete'])

    const since2021 = (await rest('GET', '/api/admin/activity?from=2021-01-01')).json()
    expect(since2021).toHaveLength(4)
    const in2020 = await trpcQuery<Page<{ entityId: string }>>('activity.list', {
      from: '2020-01-02T00:00:00Z',
      to: '2020-01-03T00:00:00Z',
    })
    expect(in2020.items.map((row) => row.entityId)).toEqual(['999'])
    const refused = await rest('GET', '/api/admin/activity?from=yesterday')
    expect(refused.statusCode).toBe(400)
    expect(Object.keys(refused.json().fields)).toEqual(['from'])
  })

  it('names the people and what each change was about, from the live rows, and nothing of what is gone', async () => {
    const { study, message, testimonial } = await arrange()
    type Described = { entity: string; action: string; actorName: string | null; label: string | null; exists: boolean }
    const described = async () => (await trpcQuery<Page<Described>>('activity.list', {})).items
    const pick = (rows: Described[]) =>
      rows.map(({ entity, action, actorName, label, exists }) => ({ entity, action, actorName, label, exists }))
    expect(pick(await described())).toEqual([
      { entity: 'testimonial', action: 'update', actorName: 'Anna Field', label: 'J. Smith', exists: true },
      { entity: 'testimonial', action: 'create', actorName: 'Anna Field', label: 'J. Smith', exists: true },
      { entity: 'message', action: 'update', actorName: 'Anna Field', label: 'Opening hours', exists: true },
      { entity: 'research_study', action: 'create', actorName: null, label: 'Sleep and pressure', exists: true },
    ])
    expect(await trpcQuery('activity.people', undefined)).toEqual([
      { email: ADMIN, name: null },
      { email: OTHER, name: 'Anna Field' },
    ])

    await rest('DELETE', `/api/research-studies/${study.id}`)
    await rest('DELETE', `/api/admin/contact-submissions/${message?.id}`)
    await rest('DELETE', `/api/admin/testimonials/${testimonial.id}`)
    const afterDeletes = pick(await described())
    // A study keeps its title in its own log rows; a visitor's message and a testimonial keep nothing.
    expect(afterDeletes.filter((row) => row.entity === 'research_study').map((row) => [row.label, row.exists])).toEqual(
      [
        ['Sleep and pressure', false],
        ['Sleep and pressure', false],
      ],
    )
    expect(afterDeletes.filter((row) => row.entity !== 'research_study').map((row) => row.label)).toEqual([
      null,
      null,
      null,
      null,
      null,
    ])
    expect(JSON.stringify(await app.db.select().from(auditLog))).not.toContain('Opening hours')
  })
})

describe('the subscribers list for the admin', () => {
  it('pages newest first over text ids without skipping addresses that share a moment, over REST and tRPC alike', async () => {
    // One statement: every row shares the transaction's subscribed_at, so only the (text) id orders them.
    await app.db.execute(sql`
      insert into newsletter_subscribers (email, status)
      select 'reader' || lpad(n::text, 2, '0') || '@example.org', 'active' from generate_series(1, 12) as n`)
    const viaRest = await restAll<{ id: string; email: string }>('/api/admin/subscribers?limit=5')
    const viaTrpc = await trpcAll<{ id: string; email: string }>('subscribers.list', { limit: 5 })
    expect(viaRest.pages).toBe(3)
    expect(viaTrpc.pages).toBe(3)
    const ids = viaRest.rows.map((row) => row.id)
    expect(ids).toHaveLength(12)
    expect(new Set(ids).size).toBe(12)
    expect(ids).toEqual([...ids].sort().reverse())
    expect(viaTrpc.rows.map((row) => row.id)).toEqual(ids)
    const found = await trpcQuery<Page<{ email: string }>>('subscribers.list', { q: 'READER1' })
    expect(found.items.map((row) => row.email).sort()).toEqual([
      'reader10@example.org',
      'reader11@example.org',
      'reader12@example.org',
    ])
    expect(await trpcQuery<number>('subscribers.count', { q: 'reader1' })).toBe(3)
  })
})
