import { and, eq } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { COUNCIL_DOCUMENTS } from '../../src/content/documents'
import { mailOutbox, registryNotices, standardDocuments, standardVersions } from '../../src/db/schema'
import { createListing, sendRegistryNotices } from '../../src/server/services/registry'
import { changeListingStatus } from '../../src/server/services/registry/status'
import { seedStandards } from '../../src/server/services/standards'
import { ListingInputSchema } from '../../src/shared/schemas/registry'
import { standardKey } from '../../src/shared/schemas/standards'
import { buildTestApp, setUpTestApp } from '../helpers/build-app'
import { type ReceivedMail, type SmtpServer, startSmtpServer } from '../helpers/smtp'

/*
 * The registry's notices to a listing's contact (issue 38): renewal reminders 30 and 7 days before
 * the expiry date and the word of a newer published version, each queued exactly once across two
 * apps on one database and a restart, by a test clock; with mail off, nothing recorded. A real SMTP
 * server; fictional organisations only.
 */

const FAST = { pollMs: 100, retryBaseMs: 100, maxRetryMs: 300, maxAttempts: 1000, leaseMs: 5_000 }
const STANDARD = COUNCIL_DOCUMENTS[0]?.number as string
const DAY = 24 * 60 * 60 * 1000
const CONTACT = 'notices-contact@example.org'
const REGISTRAR = { email: 'registrar@example.org' }
const dateOf = (at: Date) => at.toISOString().slice(0, 10)

// Several apps and a real SMTP round trip per test: PGlite on a busy shared machine takes its time.
vi.setConfig({ testTimeout: 90_000 })

let smtp: SmtpServer
beforeAll(async () => {
  smtp = await startSmtpServer()
})
afterAll(async () => {
  await smtp.stop()
})

// The scheduler's own tick (real clock) is left to the test that is about it: an hour apart.
const env = () => ({
  SMTP_URL: smtp.url,
  COUNCIL_NOTIFY_EMAIL: 'registry-notices@example.org',
  NEWS_PUBLISH_INTERVAL_S: '3600',
})
const setup = setUpTestApp({ env, mailTiming: FAST })
let app: FastifyInstance
beforeEach(async () => {
  app = setup.app
  smtp.received.length = 0
  await seedStandards(app.db, app.site)
})

const listFacility = (expiresOn: string, organisationName = 'Reminded Test Facility') =>
  createListing(
    app.db,
    { email: 'owner@example.org' },
    ListingInputSchema.parse({
      kind: 'facility',
      organisationName,
      contactEmail: CONTACT,
      street: '3 Example Street',
      city: 'Austin',
      region: 'TX',
      postalCode: '78701',
      declarations: [{ number: STANDARD, version: '1.0' }],
      expiresOn,
    }),
    { listingDays: 365 },
  )

const queued = async (kind: 'registry_renewal_reminder' | 'registry_superseded') =>
  app.db.select().from(mailOutbox).where(eq(mailOutbox.kind, kind)).orderBy(mailOutbox.id)

const mailsTo = (subject: RegExp, count: number) =>
  smtp.waitForMatching(
    (received: ReceivedMail) => received.envelopeTo.includes(CONTACT) && subject.test(received.parsed.subject ?? ''),
    count,
    30_000,
  )

describe('renewal reminders', () => {
  it('at 30 and 7 days, once each across two apps and a restart; a renewal’s new term gets its own', async () => {
    const start = Date.now()
    const at = (days: number) => new Date(start + days * DAY)
    const expiresOn = dateOf(at(40))
    const listing = await listFacility(expiresOn)
    const other = await buildTestApp(setup.database.handle, { env: env(), mailTiming: FAST })
    try {
      // 10 days before the 30-day window: nothing.
      await sendRegistryNotices(app.db, { now: at(0), mailEnabled: true })
      expect(await queued('registry_renewal_reminder')).toEqual([])
      // 30 days left, on both apps, twice each, at once: one reminder.
      await Promise.all(
        [app, other, app, other].map((each) => sendRegistryNotices(each.db, { now: at(10), mailEnabled: true })),
      )
      expect((await queued('registry_renewal_reminder')).map((row) => row.detail)).toEqual([{ days: 30, expiresOn }])
      const [thirty] = await mailsTo(/expires on/, 1)
      expect(thirty?.parsed.subject).toBe(`${listing.number} expires on ${expiresOn}: renew the listing`)
      // The days are counted when the mail is written, by the real clock: 40 today.
      expect(thirty?.parsed.text).toContain(`expires on ${expiresOn}, in 40 days`)
      expect(thirty?.parsed.text).toMatch(/http:\/\/localhost:3000\/registry\/apply\?renew=\S+/)
      expect(thirty?.parsed.html).toContain('/registry/apply?renew=')
      expect(thirty?.parsed.html).not.toMatch(/<img/i)

      // A restart: the new process finds the 30-day one sent and sends nothing more inside that window.
      await other.close()
      const restarted = await buildTestApp(setup.database.handle, { env: env(), mailTiming: FAST })
      try {
        await sendRegistryNotices(restarted.db, { now: at(20), mailEnabled: true })
        await sendRegistryNotices(restarted.db, { now: at(32), mailEnabled: true })
        expect(await queued('registry_renewal_reminder')).toHaveLength(1)
        // 7 days left (and 6, the next day, on the other app): the 7-day one, once.
        await sendRegistryNotices(restarted.db, { now: at(33), mailEnabled: true })
        await sendRegistryNotices(app.db, { now: at(34), mailEnabled: true })
        expect((await queued('registry_renewal_reminder')).map((row) => row.detail)).toEqual([
          { days: 30, expiresOn },
          { days: 7, expiresOn },
        ])
      } finally {
        await restarted.close()
      }
      const [seven] = await smtp.waitForMatching(
        (received) =>
          received.envelopeTo.includes(CONTACT) &&
          /expires on/.test(received.parsed.subject ?? '') &&
          received.parsed.messageId !== thirty?.parsed.messageId,
        1,
        30_000,
      )
      expect(seven?.parsed.text).toContain(`expires on ${expiresOn}, in 40 days`)
      // Two messages (a redelivery after a lapsed lease would repeat a Message-ID, never make a third).
      const reminderIds = smtp.received
        .filter((received) => received.envelopeTo.includes(CONTACT) && /expires on/.test(received.parsed.subject ?? ''))
        .map((received) => received.parsed.messageId)
      expect(new Set(reminderIds).size).toBe(2)

      // Renewed for a year through the council's status move: the next term has its own two.
      const renewedTo = dateOf(at(35 + 365))
      await changeListingStatus(
        app.db,
        REGISTRAR,
        { id: listing.id, action: 'renew', reason: 'Renewed for a test.', expiresOn: renewedTo },
        at(35),
      )
      await sendRegistryNotices(app.db, { now: at(36), mailEnabled: true })
      expect(await queued('registry_renewal_reminder')).toHaveLength(2)
      await sendRegistryNotices(app.db, { now: at(35 + 365 - 30), mailEnabled: true })
      await sendRegistryNotices(app.db, { now: at(35 + 365 - 7), mailEnabled: true })
      await sendRegistryNotices(app.db, { now: at(35 + 365 - 1), mailEnabled: true })
      expect((await queued('registry_renewal_reminder')).map((row) => row.detail)).toEqual([
        { days: 30, expiresOn },
        { days: 7, expiresOn },
        { days: 30, expiresOn: renewedTo },
        { days: 7, expiresOn: renewedTo },
      ])
      const notices = await app.db.select().from(registryNotices).where(eq(registryNotices.listingId, listing.id))
      expect(notices.map((row) => `${row.kind} ${row.about}`).sort()).toEqual(
        [`expiry_30 ${expiresOn}`, `expiry_30 ${renewedTo}`, `expiry_7 ${expiresOn}`, `expiry_7 ${renewedTo}`].sort(),
      )
    } finally {
      await other.close().catch(() => {})
    }
  })

  it('a listing first seen inside 7 days gets only the 7-day reminder; suspended, expired and withdrawn ones none', async () => {
    const today = new Date()
    const lateOn = dateOf(new Date(today.getTime() + 5 * DAY))
    const late = await listFacility(lateOn)
    const suspended = await listFacility(dateOf(new Date(today.getTime() + 20 * DAY)), 'Suspended Test Facility')
    await changeListingStatus(app.db, REGISTRAR, { id: suspended.id, action: 'suspend', reason: 'A test suspension.' })
    const withdrawn = await listFacility(dateOf(new Date(today.getTime() + 20 * DAY)), 'Withdrawn Test Facility')
    await changeListingStatus(app.db, REGISTRAR, { id: withdrawn.id, action: 'withdraw', reason: 'A test withdrawal.' })
    await sendRegistryNotices(app.db, { now: today, mailEnabled: true })
    await sendRegistryNotices(app.db, { now: today, mailEnabled: true })
    const rows = await queued('registry_renewal_reminder')
    expect(rows.map((row) => [row.listingId, (row.detail as { days: number }).days])).toEqual([[late.id, 7]])
    // It says how many days are left, not the window's seven.
    // (Matched by its date: the previous test's last mail may still be arriving.)
    const [mail] = await mailsTo(new RegExp(`expires on ${lateOn}`), 1)
    expect(mail?.parsed.text).toContain(`expires on ${lateOn}, in 5 days`)
    // Past its expiry date: no reminder for a term already over.
    await sendRegistryNotices(app.db, { now: new Date(today.getTime() + 6 * DAY), mailEnabled: true })
    expect(await queued('registry_renewal_reminder')).toHaveLength(1)
  })

  it('the scheduler’s tick sends what is due, once across apps and restarts; with mail off it records nothing', async () => {
    const expiresOn = dateOf(new Date(Date.now() + 20 * DAY))
    await listFacility(expiresOn)
    // An app without mail runs its tick when ready: nothing recorded, nothing queued.
    const quiet = await buildTestApp(setup.database.handle, { env: { NEWS_PUBLISH_INTERVAL_S: '3600' } })
    await quiet.close()
    expect(await app.db.select().from(registryNotices)).toEqual([])
    expect(await queued('registry_renewal_reminder')).toEqual([])
    // Two apps with mail start (each runs its tick when ready); then one restarts.
    for (let start = 0; start < 3; start += 1) {
      const replica = await buildTestApp(setup.database.handle, { env: env(), mailTiming: FAST })
      await replica.close()
    }
    expect((await queued('registry_renewal_reminder')).map((row) => (row.detail as { days: number }).days)).toEqual([
      30,
    ])
    await mailsTo(new RegExp(`expires on ${expiresOn}`), 1)
  })

  it('mail off: nothing recorded, so turning mail on later still sends the reminder', async () => {
    await listFacility(dateOf(new Date(Date.now() + 20 * DAY)))
    expect(await sendRegistryNotices(app.db, { mailEnabled: false })).toEqual({ reminders: 0, superseded: 0 })
    expect(await app.db.select().from(registryNotices)).toEqual([])
    expect(await queued('registry_renewal_reminder')).toEqual([])
    expect(await sendRegistryNotices(app.db, { mailEnabled: true })).toEqual({ reminders: 1, superseded: 0 })
    expect(await queued('registry_renewal_reminder')).toHaveLength(1)
  })
})

describe('newer versions', () => {
  /** As publishing a revision leaves them: the published version superseded, a newer one published. */
  const publishRevision = async (from: string, to: string) => {
    const [current] = await app.db
      .select({ id: standardVersions.id, documentId: standardVersions.documentId, body: standardVersions.body })
      .from(standardVersions)
      .innerJoin(standardDocuments, eq(standardDocuments.id, standardVersions.documentId))
      .where(and(eq(standardDocuments.key, standardKey(STANDARD)), eq(standardVersions.version, from)))
    if (!current) throw new Error(`no version ${from}`)
    await app.db.update(standardVersions).set({ state: 'superseded' }).where(eq(standardVersions.id, current.id))
    const [newer] = await app.db
      .insert(standardVersions)
      .values({
        documentId: current.documentId,
        version: to,
        state: 'published',
        body: current.body,
        effectiveDate: '2026-12-01',
      })
      .returning({ id: standardVersions.id })
    if (!newer) throw new Error('no new version')
    return newer.id
  }

  it('a listing declaring an older version is told once per newer version, with its page and the renewal link', async () => {
    const expiresOn = dateOf(new Date(Date.now() + 200 * DAY))
    const listing = await listFacility(expiresOn)
    const withdrawn = await listFacility(expiresOn, 'Withdrawn Test Facility')
    await changeListingStatus(app.db, REGISTRAR, { id: withdrawn.id, action: 'withdraw', reason: 'A test withdrawal.' })
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
    // Nothing newer yet: nothing to say.
    await sendRegistryNotices(app.db, { mailEnabled: true })
    expect(await queued('registry_superseded')).toEqual([])

    const v11 = await publishRevision('1.0', '1.1')
    const other = await buildTestApp(setup.database.handle, { env: env(), mailTiming: FAST })
    try {
      await Promise.all([app, other, app].map((each) => sendRegistryNotices(each.db, { mailEnabled: true })))
    } finally {
      await other.close()
    }
    const told = await queued('registry_superseded')
    expect(told.map((row) => [row.listingId, (row.detail as { versionId: number }).versionId])).toEqual([
      [listing.id, v11],
    ])
    expect(told.some((row) => row.listingId === bystander.id || row.listingId === withdrawn.id)).toBe(false)
    const [mail] = await mailsTo(/version 1\.1 is published/, 1)
    expect(mail?.parsed.subject).toBe(`${STANDARD} version 1.1 is published: your listing ${listing.number}`)
    expect(mail?.parsed.text).toContain('declares version 1.0')
    expect(mail?.parsed.text).toContain(`http://localhost:3000/standards/${standardKey(STANDARD)}/v/1.1`)
    expect(mail?.parsed.text).toMatch(/\/registry\/apply\?renew=\S+/)

    // The next revision is news again, once.
    const v12 = await publishRevision('1.1', '1.2')
    await sendRegistryNotices(app.db, { mailEnabled: true })
    await sendRegistryNotices(app.db, { mailEnabled: true })
    expect((await queued('registry_superseded')).map((row) => (row.detail as { versionId: number }).versionId)).toEqual(
      [v11, v12],
    )
    await mailsTo(/version 1\.2 is published/, 1)
  })

  it('mail off: no superseded notice recorded', async () => {
    await listFacility(dateOf(new Date(Date.now() + 200 * DAY)))
    await publishRevision('1.0', '1.1')
    await sendRegistryNotices(app.db, { mailEnabled: false })
    expect(await app.db.select().from(registryNotices)).toEqual([])
    expect(await queued('registry_superseded')).toEqual([])
  })
})
