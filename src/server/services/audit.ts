import { and, asc, desc, eq, gte, inArray, lt, sql } from 'drizzle-orm'
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core'
import type { Db } from '../../db/client'
import {
  attachments,
  auditLog,
  contactSubmissions,
  councilSettings,
  educationalResources,
  listings,
  newsletterSubscribers,
  posts,
  registryApplications,
  registryConcerns,
  researchStudies,
  siteTexts,
  standardComments,
  standardDocuments,
  testimonials,
  users,
} from '../../db/schema'
import type { AuditEntity } from '../../shared/constants'
import type { ActivityQuery } from '../../shared/schemas/admin'

/** Who made an admin change: every admin write in the services takes one, so no adapter can skip the log. */
export type Actor = { email: string }

type Snapshot = Record<string, unknown> | null

export type Change = {
  action: 'create' | 'update' | 'delete'
  entity: AuditEntity
  entityId: string | number
  before: Snapshot
  after: Snapshot
}

/**
 * Writes the audit row of a change. Call it with the transaction that makes the change, so the row
 * and the change commit or fail together (docs/decisions/014-audit-log.md).
 */
export async function recordChange(tx: Db, actor: Actor, change: Change): Promise<void> {
  // A save with the same values (a form saved again, a PATCH repeated) is not a change: the log
  // lists what moved, and a row per save would bury it.
  if (change.action === 'update' && changedNothing(change.before, change.after)) return
  await tx.insert(auditLog).values({
    actorEmail: actor.email,
    action: change.action,
    entity: change.entity,
    entityId: String(change.entityId),
    before: change.before,
    after: change.after,
  })
}

/**
 * A visitor's row (a message, an address) moving to another state: the log keeps the state only,
 * never the visitor's data, so deleting the row leaves nothing of them (docs/decisions/014-audit-log.md).
 */
export function recordStatusChange(
  tx: Db,
  actor: Actor,
  target: { entity: AuditEntity; id: string | number },
  from: string,
  to: string,
): Promise<void> {
  return recordChange(tx, actor, {
    action: 'update',
    entity: target.entity,
    entityId: target.id,
    before: { status: from },
    after: { status: to },
  })
}

/** An update whose two sides hold the same values: nothing moved. */
function changedNothing(before: Snapshot, after: Snapshot): boolean {
  const was = before ?? {}
  const now = after ?? {}
  const keys = new Set([...Object.keys(was), ...Object.keys(now)])
  return [...keys].every((key) => JSON.stringify(was[key]) === JSON.stringify(now[key]))
}

/** Only the fields that differ, on each side: what an update changed, and nothing else. */
export function changedFields<T extends Record<string, unknown>>(
  before: T,
  after: T,
): { before: Partial<T>; after: Partial<T> } {
  const was: Partial<T> = {}
  const now: Partial<T> = {}
  for (const key of Object.keys(after) as (keyof T)[]) {
    if (JSON.stringify(before[key]) !== JSON.stringify(after[key])) {
      was[key] = before[key]
      now[key] = after[key]
    }
  }
  return { before: was, after: now }
}

/**
 * Newest first, a page at a time (`before` is the id of the last row already shown), optionally only
 * one kind of thing, one person's changes, or those made from `from` until before `to`.
 */
export function listActivity(db: Db, query: ActivityQuery) {
  return db
    .select({
      id: auditLog.id,
      at: auditLog.at,
      actorEmail: auditLog.actorEmail,
      action: auditLog.action,
      entity: auditLog.entity,
      entityId: auditLog.entityId,
      before: auditLog.before,
      after: auditLog.after,
    })
    .from(auditLog)
    .where(
      and(
        query.entity ? eq(auditLog.entity, query.entity) : undefined,
        query.actor ? sql`lower(${auditLog.actorEmail}) = ${query.actor}` : undefined,
        query.from ? gte(auditLog.at, query.from) : undefined,
        query.to ? lt(auditLog.at, query.to) : undefined,
        query.before ? lt(auditLog.id, query.before) : undefined,
      ),
    )
    .orderBy(desc(auditLog.id))
    .limit(query.limit)
}

type ActivityRow = Awaited<ReturnType<typeof listActivity>>[number]

/** A person as the log names them: their name when the sign-in gave one, else their address. */
async function namesOf(db: Db, emails: string[]): Promise<Map<string, string>> {
  if (emails.length === 0) return new Map()
  const rows = await db
    .select({ email: users.email, firstName: users.firstName, lastName: users.lastName })
    .from(users)
    .where(inArray(sql`lower(${users.email})`, emails))
  const names = new Map<string, string>()
  for (const row of rows) {
    const name = [row.firstName, row.lastName].filter(Boolean).join(' ').trim()
    if (row.email && name) names.set(row.email.toLowerCase(), name)
  }
  return names
}

const MAX_SERIAL_ID = 2_147_483_647
const serialIds = (ids: string[]) =>
  ids.filter((id) => /^\d{1,10}$/.test(id) && Number(id) <= MAX_SERIAL_ID).map(Number)

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

type LabelSource = { table: PgTable; id: PgColumn; label: PgColumn; ids: (ids: string[]) => (string | number)[] }

const labels = (table: PgTable, id: PgColumn, label: PgColumn, ids: LabelSource['ids']): LabelSource => ({
  table,
  id,
  label,
  ids,
})
const anyText = (ids: string[]) => ids
const uuids = (ids: string[]) => ids.filter((id) => UUID.test(id))

/**
 * Where each kind of thing keeps what it is called: a title, the author's name, a subject, an
 * address, a file name. `ids` keeps only the log's ids the table's id column can hold, since the
 * log stores them all as text and Postgres refuses to compare a serial or UUID with other text.
 */
const LABELS: Record<AuditEntity, LabelSource> = {
  research_study: labels(researchStudies, researchStudies.id, researchStudies.title, serialIds),
  resource: labels(educationalResources, educationalResources.id, educationalResources.title, serialIds),
  testimonial: labels(testimonials, testimonials.id, testimonials.name, serialIds),
  message: labels(contactSubmissions, contactSubmissions.id, contactSubmissions.subject, serialIds),
  subscriber: labels(newsletterSubscribers, newsletterSubscribers.id, newsletterSubscribers.email, anyText),
  file: labels(attachments, attachments.id, attachments.filename, uuids),
  post: labels(posts, posts.id, posts.title, serialIds),
  standard: labels(standardDocuments, standardDocuments.id, standardDocuments.number, serialIds),
  // The section a comment is about: the council's heading, not the visitor's words.
  standard_comment: labels(standardComments, standardComments.id, standardComments.section, serialIds),
  listing: labels(listings, listings.id, listings.number, uuids),
  // The organisation named, never the person: the applicant's and the concern's author are private.
  registry_application: labels(
    registryApplications,
    registryApplications.id,
    registryApplications.organisationName,
    uuids,
  ),
  registry_concern: labels(registryConcerns, registryConcerns.id, registryConcerns.number, uuids),
  // Unused: a member is named by the address its rows hold (below).
  member: labels(users, users.email, users.email, anyText),
  // Never named: there is one, and the sentence says which.
  council_settings: labels(councilSettings, councilSettings.id, councilSettings.name, () => []),
  // Named by its key ("faq"): the sentence says which text.
  site_text: labels(siteTexts, siteTexts.key, siteTexts.key, () => []),
}

/** What each kind of thing is called now, by id. */
async function currentLabels(db: Db, entity: AuditEntity, ids: string[]): Promise<Map<string, string>> {
  // A member's rows name the address itself, invited or not: the log is about a person's access.
  if (entity === 'member') return new Map(ids.map((id) => [id, id]))
  const source = LABELS[entity]
  const wanted = source.ids(ids)
  if (wanted.length === 0) return new Map()
  const rows = await db
    .select({ id: source.id, label: source.label })
    .from(source.table)
    .where(inArray(source.id, wanted))
  return new Map(rows.map((row) => [String(row.id), String(row.label)]))
}

/**
 * A study's or resource's title, or an upload's file name, as its own row kept it, for one that is
 * gone. These are the council's words, not a visitor's, so the log may keep them.
 */
function keptTitle(row: ActivityRow, field: 'title' | 'filename'): string | null {
  for (const side of [row.after, row.before]) {
    const title = side && typeof side === 'object' ? (side as Record<string, unknown>)[field] : undefined
    if (typeof title === 'string' && title) return title
  }
  return null
}

/**
 * The log's rows as the activity screen reads them: who (by name when known), and what the changed
 * thing is called now (`label`, with `exists` while it is still there to link to). A visitor's
 * name, words or address are read from their own row while it exists and are never copied into
 * the log, so deleting the row leaves nothing of them behind (docs/decisions/014-audit-log.md).
 */
export async function describeActivity(db: Db, rows: ActivityRow[]) {
  const names = await namesOf(db, [...new Set(rows.map((row) => row.actorEmail.toLowerCase()))])
  const labels = new Map<AuditEntity, Map<string, string>>()
  for (const entity of new Set(rows.map((row) => row.entity as AuditEntity))) {
    const ids = [...new Set(rows.filter((row) => row.entity === entity).map((row) => row.entityId))]
    labels.set(entity, await currentLabels(db, entity, ids))
  }
  return rows.map((row) => {
    const current = labels.get(row.entity as AuditEntity)?.get(row.entityId) ?? null
    const kept =
      row.entity === 'research_study' || row.entity === 'resource'
        ? keptTitle(row, 'title')
        : row.entity === 'file'
          ? keptTitle(row, 'filename')
          : null
    return {
      ...row,
      actorName: names.get(row.actorEmail.toLowerCase()) ?? null,
      label: current ?? kept,
      exists: current !== null,
    }
  })
}

/** Everyone who has changed something, for the activity screen's filter. */
export async function listActivityPeople(db: Db) {
  const rows = await db
    .selectDistinct({ email: sql<string>`lower(${auditLog.actorEmail})` })
    .from(auditLog)
    .orderBy(asc(sql`lower(${auditLog.actorEmail})`))
  const names = await namesOf(
    db,
    rows.map((row) => row.email),
  )
  return rows.map((row) => ({ email: row.email, name: names.get(row.email) ?? null }))
}
