import { count, eq } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { COUNCIL_DOCUMENTS } from '../../src/content/documents'
import { auditLog, listingStatusChanges, listings, mailOutbox, registryConcerns } from '../../src/db/schema'
import { createListing } from '../../src/server/services/registry'
import { seedStandards } from '../../src/server/services/standards'
import { NO_LISTING } from '../../src/shared/registry'
import { CONCERN_RECEIVED, CONCERN_RECEIVED_NO_MAIL } from '../../src/shared/registry-applications'
import { ListingInputSchema, type ListingPage } from '../../src/shared/schemas/registry'
import type { AdminConcern, ConcernQueue } from '../../src/shared/schemas/registry-applications'
import { buildTestApp, setUpTestApp } from '../helpers/build-app'
import { memberCookie, SAME_ORIGIN } from '../helpers/login'
import { type ReceivedMail, type SmtpServer, startSmtpServer } from '../helpers/smtp'

/*
 * Concerns about a listing (issue 38): raised with a browser's form post and with JSON, acknowledged
 * by mail, looked into and closed with a suspension (REST) or a withdrawal (tRPC) whose public reason
 * the listing's history shows; refusals (bad input, an unknown number, a disallowed move, a stranger,
 * an editor) store and change nothing. A real SMTP server; fictional organisations only.
 */

const COUNCIL = 'registry-concerns@example.org'
const FAST = { pollMs: 100, retryBaseMs: 100, maxRetryMs: 300, maxAttempts: 1000, leaseMs: 5_000 }
const STANDARD = COUNCIL_DOCUMENTS[0]?.number as string

// Several apps and a real SMTP round trip per test: PGlite on a busy shared machine takes its time.
vi.setConfig({ testTimeout: 90_000 })

let smtp: SmtpServer
beforeAll(async () => {
  smtp = await startSmtpServer()
})
afterAll(async () => {
  await smtp.stop()
})

const env = () => ({
  ADMIN_EMAILS: 'owner@example.org',
  SMTP_URL: smtp.url,
  COUNCIL_NOTIFY_EMAIL: COUNCIL,
  NEWS_PUBLISH_INTERVAL_S: '3600',
})
const setup = setUpTestApp({ env, mailTiming: FAST })
let app: FastifyInstance
let registrar: string
beforeEach(async () => {
  app = setup.app
  smtp.received.length = 0
  await seedStandards(app.db, app.site)
  registrar = await memberCookie(app, 'registrar@example.org', 'registrar')
})

const mailTo = async (address: string, subject: RegExp): Promise<ReceivedMail> => {
  const [mail] = await smtp.waitForMatching(
    (received: ReceivedMail) => received.envelopeTo.includes(address) && subject.test(received.parsed.subject ?? ''),
    1,
    30_000,
  )
  if (!mail) throw new Error('no mail')
  return mail
}

const listFacility = () =>
  createListing(
    app.db,
    { email: 'owner@example.org' },
    ListingInputSchema.parse({
      kind: 'facility',
      organisationName: 'Concerned Test Facility',
      contactEmail: 'contact@example.org',
      street: '3 Example Street',
      city: 'Austin',
      region: 'TX',
      postalCode: '78701',
      declarations: [{ number: STANDARD, version: '1.0' }],
    }),
    { listingDays: 365 },
  )

const admin = (method: 'GET' | 'POST', url: string, payload?: object, cookie = registrar) =>
  app.inject({ method, url, headers: { ...SAME_ORIGIN, cookie }, ...(payload ? { payload } : {}) })

const trpcQuery = (path: string, input: unknown, cookie = registrar) =>
  app.inject({
    method: 'GET',
    url: `/trpc/${path}?input=${encodeURIComponent(JSON.stringify({ json: input }))}`,
    headers: { ...SAME_ORIGIN, cookie },
  })
const trpcMutation = (path: string, input: unknown, cookie = registrar) =>
  app.inject({
    method: 'POST',
    url: `/trpc/${path}`,
    headers: { ...SAME_ORIGIN, cookie, 'content-type': 'application/json' },
    payload: JSON.stringify({ json: input }),
  })
const dataOf = <T>(response: { json: () => unknown }) =>
  (response.json() as { result: { data: { json: T } } }).result.data.json

const JSON_CONCERN = {
  name: 'Second Test Visitor',
  email: 'second-visitor@example.org',
  whatHappened: 'Staff were not trained: <b>nobody</b> watched the gauge.',
  when: 'May',
  consent: false,
}

const rowCounts = async () => {
  const [concerns] = await app.db.select({ n: count() }).from(registryConcerns)
  const [outbox] = await app.db.select({ n: count() }).from(mailOutbox)
  const [activity] = await app.db.select({ n: count() }).from(auditLog)
  const [history] = await app.db.select({ n: count() }).from(listingStatusChanges)
  return { concerns: concerns?.n, outbox: outbox?.n, activity: activity?.n, history: history?.n }
}

describe('a concern, from the form to closed', () => {
  it('raised without JavaScript, acknowledged, looked into, and closed with a suspension whose reason is public', async () => {
    const listing = await listFacility()
    const posted = await app.inject({
      method: 'POST',
      url: `/api/registry/${listing.key}/concerns`,
      headers: { ...SAME_ORIGIN, 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({
        name: 'Test Visitor',
        email: 'visitor@example.org',
        whatHappened: 'The chamber was run above its rated pressure during my session.',
        when: 'Last Tuesday afternoon',
        consent: 'on',
        website: '',
      }).toString(),
    })
    expect(posted.statusCode, posted.body).toBe(303)
    expect(posted.headers.location).toBe(`/registry/${listing.key}?concern=sent#concern-heading`)
    const [stored] = await app.db.select().from(registryConcerns)
    expect(stored).toMatchObject({ state: 'new', consent: true, happenedWhen: 'Last Tuesday afternoon' })
    const reference = `Concern ${stored?.number}`

    const ack = await mailTo('visitor@example.org', /your concern/)
    expect(ack.parsed.subject).toBe(`${reference}: your concern about a registry listing`)
    expect(ack.parsed.text).toContain(reference)
    expect(ack.parsed.text).toContain(`Concerned Test Facility (${listing.number})`)
    expect(ack.parsed.text).toContain('never published')
    expect(ack.parsed.html).toContain('never published')
    expect(ack.parsed.html).not.toMatch(/<img/i)
    const notice = await mailTo(COUNCIL, /a concern about/)
    expect(notice.parsed.subject).toBe(`${reference}: a concern about ${listing.number}`)
    expect(notice.parsed.text).toContain('The chamber was run above its rated pressure during my session.')
    expect(notice.parsed.text).toContain('Test Visitor <visitor@example.org>, who agrees to be contacted')
    expect(notice.parsed.text).toContain(`/admin/registry?view=concerns&concern=${stored?.id}`)

    const queue = (await admin('GET', '/api/admin/registry/concerns')).json() as ConcernQueue
    expect(queue.counts).toMatchObject({ new: 1, open: 1 })
    expect(queue.items[0]).toMatchObject({ reference, listing: { number: listing.number } })
    const id = queue.items[0]?.id as string
    const opened = (await admin('GET', `/api/admin/registry/concerns/${id}`)).json() as AdminConcern
    expect(opened).toMatchObject({ email: 'visitor@example.org', when: 'Last Tuesday afternoon', consent: true })
    expect((await admin('POST', `/api/admin/registry/concerns/${id}/look`)).json()).toMatchObject({ state: 'looking' })
    expect((await admin('POST', `/api/admin/registry/concerns/${id}/look`)).statusCode).toBe(409)

    // Reinstating is not a move a concern makes: the schema refuses it, nothing changes.
    const before = await rowCounts()
    const wrong = await admin('POST', `/api/admin/registry/concerns/${id}/close`, {
      outcome: 'Confirmed with the operator.',
      statusChange: { action: 'reinstate', reason: 'Not a move a concern makes.' },
    })
    expect(wrong.statusCode).toBe(400)
    expect(await rowCounts()).toEqual(before)

    const closed = await admin('POST', `/api/admin/registry/concerns/${id}/close`, {
      outcome: 'Confirmed with the operator; the chamber’s relief valve was replaced.',
      statusChange: { action: 'suspend', reason: 'A chamber was operated above its rated pressure.' },
    })
    expect(closed.statusCode, closed.body).toBe(200)
    expect(closed.json() as AdminConcern).toMatchObject({
      state: 'closed',
      closedBy: 'registrar@example.org',
      statusChange: { action: 'suspend', reason: 'A chamber was operated above its rated pressure.' },
    })
    const page = (await app.inject({ method: 'GET', url: `/api/registry/${listing.key}` })).json() as ListingPage
    expect(page.status).toBe('suspended')
    expect(page.history.at(-1)?.reason).toBe('A chamber was operated above its rated pressure.')
    // Never public: nothing of the concern in the listing's answer.
    expect(JSON.stringify(page)).not.toContain('visitor@example.org')
    expect(JSON.stringify(page)).not.toContain('rated pressure during my session')

    // Every step an activity row: raised by the public, looked into and closed by the registrar.
    const steps = await app.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.entity, 'registry_concern'))
      .orderBy(auditLog.id)
    expect(steps.map((row) => [row.actorEmail, (row.after as { state: string }).state])).toEqual([
      ['public', 'new'],
      ['registrar@example.org', 'looking'],
      ['registrar@example.org', 'closed'],
    ])
    expect(JSON.stringify(steps)).not.toContain('visitor@example.org')
  })

  it('raised with JSON and closed over tRPC with a withdrawal; a move the listing refuses is 409 and changes nothing', async () => {
    const listing = await listFacility()
    const raised = await app.inject({
      method: 'POST',
      url: `/api/registry/${listing.key.toUpperCase()}/concerns`,
      headers: SAME_ORIGIN,
      payload: JSON_CONCERN,
    })
    expect(raised.statusCode, raised.body).toBe(201)
    const { reference } = raised.json() as { reference: string; message: string }
    expect(raised.json()).toMatchObject({
      reference: expect.stringMatching(/^Concern \d+$/),
      message: CONCERN_RECEIVED,
    })
    const notice = await mailTo(COUNCIL, /a concern about/)
    // The person's words are quoted as text: escaped in the HTML part, never markup.
    expect(notice.parsed.html).toContain('&lt;b&gt;nobody&lt;/b&gt;')
    expect(notice.parsed.text).toContain('who does not agree to be contacted')

    const queue = dataOf<ConcernQueue>(await trpcQuery('registry.admin.concerns.list', { state: 'new', page: 1 }))
    expect(queue.items.map((item) => item.reference)).toEqual([reference])
    const id = queue.items[0]?.id as string
    expect(dataOf<AdminConcern>(await trpcQuery('registry.admin.concerns.get', { id }))).toMatchObject({
      whatHappened: JSON_CONCERN.whatHappened,
      consent: false,
    })
    expect(dataOf<AdminConcern>(await trpcMutation('registry.admin.concerns.look', { id }))).toMatchObject({
      state: 'looking',
    })

    // The listing is suspended meanwhile: closing with a suspension is a move it refuses.
    const suspended = await trpcMutation('registry.admin.changeStatus', {
      id: listing.id,
      action: 'suspend',
      reason: 'Suspended for a test.',
    })
    expect(suspended.statusCode, suspended.body).toBe(200)
    const before = await rowCounts()
    for (const refused of [
      await admin('POST', `/api/admin/registry/concerns/${id}/close`, {
        outcome: 'Looked into.',
        statusChange: { action: 'suspend', reason: 'Suspending a suspended listing.' },
      }),
      await trpcMutation('registry.admin.concerns.close', {
        id,
        outcome: 'Looked into.',
        statusChange: { action: 'suspend', reason: 'Suspending a suspended listing.' },
      }),
    ]) {
      expect(refused.statusCode, refused.body).toBe(409)
    }
    expect(await rowCounts()).toEqual(before)
    expect(dataOf<AdminConcern>(await trpcQuery('registry.admin.concerns.get', { id }))).toMatchObject({
      state: 'looking',
      outcome: null,
    })
    const [still] = await app.db.select().from(listings).where(eq(listings.id, listing.id))
    expect(still?.status).toBe('suspended')

    const closed = await trpcMutation('registry.admin.concerns.close', {
      id,
      outcome: 'The operator could not show any training records.',
      statusChange: { action: 'withdraw', reason: 'The facility could not show its staff’s training.' },
    })
    expect(closed.statusCode, closed.body).toBe(200)
    expect(dataOf<AdminConcern>(closed)).toMatchObject({ state: 'closed', statusChange: { action: 'withdraw' } })
    const page = (await app.inject({ method: 'GET', url: `/api/registry/${listing.key}` })).json() as ListingPage
    expect(page.status).toBe('withdrawn')
    expect(page.history.at(-1)?.reason).toBe('The facility could not show its staff’s training.')
    // Closed once: closing again is 409.
    expect((await admin('POST', `/api/admin/registry/concerns/${id}/close`, { outcome: 'Again.' })).statusCode).toBe(
      409,
    )
  })

  it('bad input and an unknown listing store nothing; a honeypot gets the same answer', async () => {
    const listing = await listFacility()
    const before = await rowCounts()
    const bad = await app.inject({
      method: 'POST',
      url: `/api/registry/${listing.key}/concerns`,
      headers: SAME_ORIGIN,
      payload: { name: '', email: 'not an address', whatHappened: '', when: '' },
    })
    expect(bad.statusCode).toBe(400)
    expect(Object.keys((bad.json() as { fields: object }).fields)).toEqual(
      expect.arrayContaining(['name', 'email', 'whatHappened', 'when']),
    )
    // A browser's refused post: 4xx (the page again where pages are rendered), nothing stored.
    const badForm = await app.inject({
      method: 'POST',
      url: `/api/registry/${listing.key}/concerns`,
      headers: { ...SAME_ORIGIN, 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ name: 'Test Visitor', email: 'nope', whatHappened: 'x', when: '' }).toString(),
    })
    expect(badForm.statusCode).toBeGreaterThanOrEqual(400)
    expect(badForm.statusCode).toBeLessThan(500)
    const valid = {
      name: 'Test Visitor',
      email: 'v@example.org',
      whatHappened: 'Something.',
      when: 'Today',
      consent: true,
    }
    for (const url of ['/api/registry/MHBOT-SC-L-9999/concerns', '/api/registry/not-a-number/concerns']) {
      const unknown = await app.inject({ method: 'POST', url, headers: SAME_ORIGIN, payload: valid })
      expect(unknown.statusCode, url).toBe(404)
      expect(unknown.json()).toMatchObject({ message: NO_LISTING })
    }
    const bot = await app.inject({
      method: 'POST',
      url: `/api/registry/${listing.key}/concerns`,
      headers: SAME_ORIGIN,
      payload: { ...valid, name: 'Bot', whatHappened: 'Buy now.', website: 'https://spam.example' },
    })
    expect(bot.statusCode).toBe(201)
    expect(bot.json()).toMatchObject({ message: CONCERN_RECEIVED })
    expect(await rowCounts()).toEqual(before)
  })

  it('the council’s routes answer a stranger 401 and an editor 403, and an unknown id 404', async () => {
    const listing = await listFacility()
    const raised = await app.inject({
      method: 'POST',
      url: `/api/registry/${listing.key}/concerns`,
      headers: SAME_ORIGIN,
      payload: JSON_CONCERN,
    })
    const [row] = await app.db.select().from(registryConcerns)
    const id = row?.id as string
    expect(raised.statusCode).toBe(201)
    const editor = await memberCookie(app, 'editor@example.org', 'editor')
    const calls = [
      ['GET', '/api/admin/registry/concerns'],
      ['GET', `/api/admin/registry/concerns/${id}`],
      ['POST', `/api/admin/registry/concerns/${id}/look`],
      ['POST', `/api/admin/registry/concerns/${id}/close`],
    ] as const
    for (const [method, url] of calls) {
      expect((await admin(method, url, method === 'POST' ? { outcome: 'No.' } : undefined, '')).statusCode, url).toBe(
        401,
      )
      expect(
        (await admin(method, url, method === 'POST' ? { outcome: 'No.' } : undefined, editor)).statusCode,
        url,
      ).toBe(403)
    }
    expect((await trpcQuery('registry.admin.concerns.list', { state: 'open', page: 1 }, '')).statusCode).toBe(401)
    expect((await trpcMutation('registry.admin.concerns.look', { id }, editor)).statusCode).toBe(403)
    const [stored] = await app.db.select().from(registryConcerns)
    expect(stored?.state).toBe('new')
    // An unknown id: 404.
    const unknown = '00000000-0000-4000-8000-000000000000'
    expect((await admin('GET', `/api/admin/registry/concerns/${unknown}`)).statusCode).toBe(404)
    expect((await admin('POST', `/api/admin/registry/concerns/${unknown}/look`)).statusCode).toBe(404)
  })
})

describe('without mail', () => {
  it('a concern is stored and answered without a promise of mail; nothing queued', async () => {
    const quiet = await buildTestApp(setup.database.handle, { env: { NEWS_PUBLISH_INTERVAL_S: '3600' } })
    try {
      const listing = await listFacility()
      const raised = await quiet.inject({
        method: 'POST',
        url: `/api/registry/${listing.key}/concerns`,
        headers: SAME_ORIGIN,
        payload: JSON_CONCERN,
      })
      expect(raised.statusCode).toBe(201)
      expect(raised.json()).toMatchObject({ message: CONCERN_RECEIVED_NO_MAIL })
      const [{ n } = { n: -1 }] = await app.db.select({ n: count() }).from(registryConcerns)
      expect(n).toBe(1)
      expect(await app.db.select().from(mailOutbox)).toEqual([])
    } finally {
      await quiet.close()
    }
  })
})
