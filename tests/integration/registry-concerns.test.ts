import { and, count, eq } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { COUNCIL_DOCUMENTS } from '../../src/content/documents'
import {
  listings,
  mailOutbox,
  registryConcerns,
  registryNotices,
  standardDocuments,
  standardVersions,
} from '../../src/db/schema'
import { createListing, sendRegistryNotices } from '../../src/server/services/registry'
import { seedStandards } from '../../src/server/services/standards'
import { CONCERN_RECEIVED } from '../../src/shared/registry-applications'
import { ListingInputSchema, type ListingPage } from '../../src/shared/schemas/registry'
import type { AdminConcern, ConcernQueue } from '../../src/shared/schemas/registry-applications'
import { standardKey } from '../../src/shared/schemas/standards'
import { buildTestApp, setUpTestApp } from '../helpers/build-app'
import { memberCookie, SAME_ORIGIN } from '../helpers/login'
import { type ReceivedMail, type SmtpServer, startSmtpServer } from '../helpers/smtp'

/*
 * Concerns about a listing, from the form to closed with a suspension (issue 38), and the renewal
 * reminders and newer-version notices, each sent once across two apps and a restart, by a test
 * clock. A real SMTP server; fictional organisations only.
 */

const COUNCIL = 'registry-notices@example.org'
const FAST = { pollMs: 100, retryBaseMs: 100, maxRetryMs: 300, maxAttempts: 1000, leaseMs: 5_000 }
const STANDARD = COUNCIL_DOCUMENTS[0]?.number as string
const DAY = 24 * 60 * 60 * 1000

let smtp: SmtpServer
beforeAll(async () => {
  smtp = await startSmtpServer()
})
afterAll(async () => {
  await smtp.stop()
})

const env = () => ({ ADMIN_EMAILS: 'owner@example.org', SMTP_URL: smtp.url, COUNCIL_NOTIFY_EMAIL: COUNCIL })
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
  )
  if (!mail) throw new Error('no mail')
  return mail
}

const listFacility = (expiresOn?: string) =>
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
      ...(expiresOn ? { expiresOn } : {}),
    }),
    { listingDays: 365 },
  )

const admin = (method: 'GET' | 'POST', url: string, payload?: object) =>
  app.inject({ method, url, headers: { ...SAME_ORIGIN, cookie: registrar }, ...(payload ? { payload } : {}) })

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
      }).toString(),
    })
    expect(posted.statusCode, posted.body).toBe(303)
    expect(posted.headers.location).toBe(`/registry/${listing.key}?concern=sent#concern-heading`)
    const ack = await mailTo('visitor@example.org', /your concern/)
    expect(ack.parsed.text).toContain('never published')
    const notice = await mailTo(COUNCIL, /a concern about/)
    expect(notice.parsed.text).toContain('The chamber was run above its rated pressure during my session.')

    const queue = (await admin('GET', '/api/admin/registry/concerns')).json() as ConcernQueue
    expect(queue.counts).toMatchObject({ new: 1, open: 1 })
    const id = queue.items[0]?.id as string
    expect((await admin('POST', `/api/admin/registry/concerns/${id}/look`)).json()).toMatchObject({ state: 'looking' })
    expect((await admin('POST', `/api/admin/registry/concerns/${id}/look`)).statusCode).toBe(409)

    // A move the status does not allow (reinstating is not one a concern makes) is refused: nothing changes.
    const wrong = await admin('POST', `/api/admin/registry/concerns/${id}/close`, {
      outcome: 'Confirmed with the operator.',
      statusChange: { action: 'reinstate', reason: 'Not a move a concern makes.' },
    })
    expect(wrong.statusCode).toBe(400)
    const closed = await admin('POST', `/api/admin/registry/concerns/${id}/close`, {
      outcome: 'Confirmed with the operator; the chamber’s relief valve was replaced.',
      statusChange: { action: 'suspend', reason: 'A chamber was operated above its rated pressure.' },
    })
    expect(closed.statusCode, closed.body).toBe(200)
    expect(closed.json() as AdminConcern).toMatchObject({ state: 'closed', statusChange: { action: 'suspend' } })
    const page = (await app.inject({ method: 'GET', url: `/api/registry/${listing.key}` })).json() as ListingPage
    expect(page.status).toBe('suspended')
    expect(page.history.at(-1)?.reason).toBe('A chamber was operated above its rated pressure.')
    // Never public: nothing of the concern in the listing's answer.
    expect(JSON.stringify(page)).not.toContain('visitor@example.org')

    // A second concern closed with a suspension the suspended listing cannot take: 409, still open.
    const again = await app.inject({
      method: 'POST',
      url: `/api/registry/${listing.key}/concerns`,
      headers: SAME_ORIGIN,
      payload: {
        name: 'Second Visitor',
        email: 'second@example.org',
        whatHappened: 'Staff were not trained.',
        when: 'May',
        consent: false,
      },
    })
    expect(again.statusCode).toBe(201)
    expect(again.json()).toMatchObject({ message: CONCERN_RECEIVED })
    const second = ((await admin('GET', '/api/admin/registry/concerns')).json() as ConcernQueue).items[0]?.id as string
    const refused = await admin('POST', `/api/admin/registry/concerns/${second}/close`, {
      outcome: 'Looked into.',
      statusChange: { action: 'suspend', reason: 'Suspending a suspended listing.' },
    })
    expect(refused.statusCode).toBe(409)
    expect((await admin('GET', `/api/admin/registry/concerns/${second}`)).json()).toMatchObject({ state: 'new' })
  })

  it('bad input and an unknown listing store nothing; a honeypot gets the same answer', async () => {
    const listing = await listFacility()
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
    const unknown = await app.inject({
      method: 'POST',
      url: '/api/registry/MHBOT-SC-L-9999/concerns',
      headers: SAME_ORIGIN,
      payload: {
        name: 'Test Visitor',
        email: 'v@example.org',
        whatHappened: 'Something happened.',
        when: 'Today',
        consent: true,
      },
    })
    expect(unknown.statusCode).toBe(404)
    const bot = await app.inject({
      method: 'POST',
      url: `/api/registry/${listing.key}/concerns`,
      headers: SAME_ORIGIN,
      payload: {
        name: 'Bot',
        email: 'b@example.org',
        whatHappened: 'Buy now.',
        when: 'Now',
        consent: true,
        website: 'x',
      },
    })
    expect(bot.statusCode).toBe(201)
    const [{ n } = { n: -1 }] = await app.db.select({ n: count() }).from(registryConcerns)
    expect(n).toBe(0)
  })
})

describe('reminders and notices, once each', () => {
  const reminders = async () =>
    app.db.select().from(mailOutbox).where(eq(mailOutbox.kind, 'registry_renewal_reminder')).orderBy(mailOutbox.id)

  it('at 30 and 7 days before the expiry, once across two apps and a restart; a renewal’s new term has its own', async () => {
    const now = Date.now()
    const expiresOn = new Date(now + 40 * DAY).toISOString().slice(0, 10)
    const listing = await listFacility(expiresOn)
    const other = await buildTestApp(setup.database.handle, { env: env(), mailTiming: FAST })
    try {
      const at = (days: number) => new Date(now + days * DAY)
      // 11 days on: 29 days left. Both apps run their tick; one reminder.
      for (const clock of [at(11), at(11)]) {
        await sendRegistryNotices(app.db, { now: clock, mailEnabled: true })
        await sendRegistryNotices(other.db, { now: clock, mailEnabled: true })
      }
      expect((await reminders()).map((row) => row.detail)).toEqual([{ days: 30, expiresOn }])
      const mail = await mailTo('contact@example.org', /expires on/)
      expect(mail.parsed.text).toContain('/registry/apply?renew=')
      // A restart: a new app over the same database finds it sent.
      await other.close()
      const restarted = await buildTestApp(setup.database.handle, { env: env(), mailTiming: FAST })
      try {
        await sendRegistryNotices(restarted.db, { now: at(20), mailEnabled: true })
        expect(await reminders()).toHaveLength(1)
        // 34 days on: 6 days left. The 7-day one, once.
        await sendRegistryNotices(restarted.db, { now: at(34), mailEnabled: true })
        await sendRegistryNotices(app.db, { now: at(35), mailEnabled: true })
        expect((await reminders()).map((row) => (row.detail as { days: number }).days)).toEqual([30, 7])
      } finally {
        await restarted.close()
      }
      // Renewed for a year: the next term's 30-day reminder is its own.
      const renewedTo = new Date(now + 400 * DAY).toISOString().slice(0, 10)
      await app.db.update(listings).set({ expiresOn: renewedTo }).where(eq(listings.id, listing.id))
      await sendRegistryNotices(app.db, { now: new Date(now + 375 * DAY), mailEnabled: true })
      expect((await reminders()).map((row) => (row.detail as { expiresOn: string }).expiresOn)).toEqual([
        expiresOn,
        expiresOn,
        renewedTo,
      ])
    } finally {
      await other.close().catch(() => {})
    }
  })

  it('mail off: nothing recorded, so the reminder still goes once mail is on', async () => {
    const expiresOn = new Date(Date.now() + 20 * DAY).toISOString().slice(0, 10)
    await listFacility(expiresOn)
    await sendRegistryNotices(app.db, { mailEnabled: false })
    expect(await app.db.select().from(registryNotices)).toEqual([])
    await sendRegistryNotices(app.db, { mailEnabled: true })
    expect(await reminders()).toHaveLength(1)
  })

  it('a newer published version of a declared standard is told once per listing', async () => {
    const listing = await listFacility()
    const bystander = await createListing(
      app.db,
      { email: 'owner@example.org' },
      ListingInputSchema.parse({
        kind: 'chamber',
        organisationName: 'Undeclared Test Chambers',
        contactEmail: 'maker@example.org',
        manufacturer: 'Example Chambers',
        modelName: 'Quiet 1.3',
        maxPressureAta: 1.3,
      }),
      { listingDays: 365 },
    )
    // As publishing a revision leaves them: the declared version superseded, a newer one published.
    const [declared] = await app.db
      .select({ id: standardVersions.id, documentId: standardVersions.documentId, body: standardVersions.body })
      .from(standardVersions)
      .innerJoin(standardDocuments, eq(standardDocuments.id, standardVersions.documentId))
      .where(and(eq(standardDocuments.key, standardKey(STANDARD)), eq(standardVersions.version, '1.0')))
    if (!declared) throw new Error('no declared version')
    await app.db.update(standardVersions).set({ state: 'superseded' }).where(eq(standardVersions.id, declared.id))
    const [newer] = await app.db
      .insert(standardVersions)
      .values({
        documentId: declared.documentId,
        version: '1.1',
        state: 'published',
        body: declared.body,
        effectiveDate: '2026-12-01',
      })
      .returning({ id: standardVersions.id })
    await sendRegistryNotices(app.db, { mailEnabled: true })
    await sendRegistryNotices(app.db, { mailEnabled: true })
    const told = await app.db.select().from(mailOutbox).where(eq(mailOutbox.kind, 'registry_superseded'))
    expect(told.map((row) => [row.listingId, (row.detail as { versionId: number }).versionId])).toEqual([
      [listing.id, newer?.id],
    ])
    expect(told.some((row) => row.listingId === bystander.id)).toBe(false)
    const mail = await mailTo('contact@example.org', /version 1\.1 is published/)
    expect(mail.parsed.text).toContain(`/standards/${standardKey(STANDARD)}/v/1.1`)
  })
})
