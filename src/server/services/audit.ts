import { and, desc, eq, lt } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { auditLog } from '../../db/schema'
import type { AuditEntity } from '../../shared/constants'

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

/** Newest first, a page at a time (`before` is the id of the last row already shown). */
export function listActivity(db: Db, query: { entity?: AuditEntity; before?: number; limit: number }) {
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
        query.before ? lt(auditLog.id, query.before) : undefined,
      ),
    )
    .orderBy(desc(auditLog.id))
    .limit(query.limit)
}
