import { sql } from 'drizzle-orm'
import { afterAll, describe, expect, it } from 'vitest'
import { migrationsFolder } from '../../src/db/paths'
import { type Cleanups, emptyDatabase, migrationsUpTo, rowsOf } from '../helpers/migrations'

/**
 * drizzle/0006_subscriber_consent.sql on a database that holds subscribers already: it is migrated
 * up to 0005, given rows as the site made them before, then migrated to the end, on the file's own
 * driver. The backfill must say what the data can tell, and nothing it cannot.
 */

const cleanups: Cleanups = []
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup()
})

const at = (iso: string) => new Date(iso)

type Migrated = {
  email: string
  status: string
  confirmed_at: Date | string | null
  consent_source: string | null
  confirmation_queued_at: Date | string | null
}

describe('0006_subscriber_consent on rows made before it', () => {
  it('records when and how each subscription was confirmed where the data can tell, and null where it cannot', async () => {
    const handle = await emptyDatabase('consent_migration', cleanups)
    await handle.migrate(await migrationsUpTo('0005_newsletter_mail', cleanups))
    const { db } = handle
    const row = async (email: string, status: string, changedAt: string, subscribedAt = changedAt) => {
      const result = await db.execute(sql`
        insert into newsletter_subscribers (email, status, subscribed_at, status_changed_at)
        values (${email}, ${status}, ${subscribedAt}, ${changedAt}) returning id`)
      const id = rowsOf<{ id: string }>(result)[0]?.id
      if (!id) throw new Error('no id')
      return id
    }
    const confirmationMail = (id: string, state: string, createdAt: string) =>
      db.execute(sql`
        insert into mail_outbox (kind, subscriber_id, state, created_at)
        values ('subscription_confirm', ${id}, ${state}, ${createdAt})`)
    const adminMadeActive = (id: string, when: string) =>
      db.execute(sql`
        insert into audit_log (actor_email, action, entity, entity_id, before, after, at)
        values ('admin@example.org', 'update', 'subscriber', ${id}, '{"status":"unsubscribed"}', '{"status":"active"}', ${when})`)

    // From before mail existed: active at once when it subscribed (0005 set its change to then).
    await row('legacy@example.org', 'active', '2025-11-01T10:00:00Z')
    // Subscribed with mail on, confirmed the link an hour after it was mailed.
    const confirmed = await row('confirmed@example.org', 'active', '2026-01-05T11:00:00Z', '2026-01-05T10:00:00Z')
    await confirmationMail(confirmed, 'sent', '2026-01-05T10:00:00Z')
    // Subscribed with mail off.
    await row('direct@example.org', 'active', '2026-01-06T09:00:00Z')
    // Made active again by an admin: nobody confirmed anything then.
    const byAdmin = await row('by-admin@example.org', 'active', '2026-01-07T08:00:00.200Z', '2025-12-01T08:00:00Z')
    await confirmationMail(byAdmin, 'sent', '2025-12-01T08:00:00Z')
    await adminMadeActive(byAdmin, '2026-01-07T08:00:00Z')
    // An admin reactivation long ago, then the person unsubscribed and confirmed again by mail.
    const later = await row('later@example.org', 'active', '2026-02-01T12:00:00Z', '2025-12-01T08:00:00Z')
    await adminMadeActive(later, '2026-01-02T08:00:00Z')
    await confirmationMail(later, 'sent', '2026-02-01T11:30:00Z')
    // Waiting for its confirmation.
    const pending = await row('pending@example.org', 'pending', '2026-02-02T12:00:00Z')
    await confirmationMail(pending, 'pending', '2026-02-02T12:00:00Z')
    // Unsubscribed: when it had consented is recorded nowhere.
    await row('gone@example.org', 'unsubscribed', '2026-02-03T12:00:00Z')

    await handle.migrate(migrationsFolder())
    const rows = rowsOf<Migrated>(
      await db.execute(sql`
        select email, status, confirmed_at, consent_source, confirmation_queued_at
        from newsletter_subscribers order by email`),
    )
    const time = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString())
    expect(
      rows.map((r) => ({
        email: r.email,
        status: r.status,
        confirmedAt: time(r.confirmed_at),
        consentSource: r.consent_source,
        confirmationQueuedAt: time(r.confirmation_queued_at),
      })),
    ).toEqual([
      {
        email: 'by-admin@example.org',
        status: 'active',
        confirmedAt: null,
        consentSource: null,
        confirmationQueuedAt: at('2025-12-01T08:00:00Z').toISOString(),
      },
      {
        email: 'confirmed@example.org',
        status: 'active',
        confirmedAt: at('2026-01-05T11:00:00Z').toISOString(),
        consentSource: 'form',
        confirmationQueuedAt: at('2026-01-05T10:00:00Z').toISOString(),
      },
      {
        email: 'direct@example.org',
        status: 'active',
        confirmedAt: at('2026-01-06T09:00:00Z').toISOString(),
        consentSource: 'mail_off',
        confirmationQueuedAt: null,
      },
      {
        email: 'gone@example.org',
        status: 'unsubscribed',
        confirmedAt: null,
        consentSource: null,
        confirmationQueuedAt: null,
      },
      {
        email: 'later@example.org',
        status: 'active',
        confirmedAt: at('2026-02-01T12:00:00Z').toISOString(),
        consentSource: 'form',
        confirmationQueuedAt: at('2026-02-01T11:30:00Z').toISOString(),
      },
      {
        email: 'legacy@example.org',
        status: 'active',
        confirmedAt: at('2025-11-01T10:00:00Z').toISOString(),
        consentSource: 'mail_off',
        confirmationQueuedAt: null,
      },
      {
        email: 'pending@example.org',
        status: 'pending',
        confirmedAt: null,
        consentSource: 'form',
        confirmationQueuedAt: at('2026-02-02T12:00:00Z').toISOString(),
      },
    ])
    // The constraint holds from now on.
    await expect(
      db.execute(sql`update newsletter_subscribers set consent_source = 'admin' where email = 'gone@example.org'`),
    ).rejects.toThrow()
  })
})
