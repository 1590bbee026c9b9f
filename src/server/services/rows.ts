import { eq } from 'drizzle-orm'
import type { PgColumn, PgTable, PgUpdateSetSource, SelectedFields, SelectedFieldsFlat } from 'drizzle-orm/pg-core'
import type { SelectResultFields } from 'drizzle-orm/query-builders/select.types'
import type { Db } from '../../db/client'
import type { AuditEntity } from '../../shared/constants'
import { NotFoundError } from '../errors'
import { type Actor, type Change, changedFields, recordChange } from './audit'

/** One row of a service's table, as a query finds it, the activity log names it and a 404 reports it. */
export type RowRef<Id extends string | number = string | number> = {
  entity: AuditEntity
  table: PgTable
  id: PgColumn
  value: Id
  notFound: string
}

/**
 * How a service names its rows: `rowsOf('message', contactSubmissions, contactSubmissions.id, 'Message')(7)`.
 * A text id comes from the request as typed, so the 404 quotes only its first 64 characters.
 */
export const rowsOf =
  <Id extends string | number>(entity: AuditEntity, table: PgTable, id: PgColumn, noun: string) =>
  (value: Id): RowRef<Id> => ({
    entity,
    table,
    id,
    value,
    notFound: `${noun} ${String(value).slice(0, 64)} not found`,
  })

// A table known only as PgTable leaves Drizzle unable to name a query's rows; the fields name them.
type Rows<Fields extends SelectedFields | SelectedFieldsFlat> = SelectResultFields<Fields>[]

/**
 * The row, read with `fields` and locked until the transaction ends, so the change that follows
 * starts from what it read; undefined when there is none.
 */
export async function lockedRow<Fields extends SelectedFields>(tx: Db, row: RowRef, fields: Fields) {
  const rows = await tx.select(fields).from(row.table).where(eq(row.id, row.value)).for('update')
  return (rows as Rows<Fields>)[0]
}

/** Sets `values` on the row and reads it back with `fields`; a row that is not there is a 404. */
export async function updatedRow<Fields extends SelectedFieldsFlat>(
  tx: Db,
  row: RowRef,
  values: Record<string, unknown>,
  fields: Fields,
) {
  const rows = await tx
    .update(row.table)
    .set(values as PgUpdateSetSource<PgTable>)
    .where(eq(row.id, row.value))
    .returning(fields)
  const [updated] = rows as Rows<Fields>
  if (!updated) throw new NotFoundError(row.notFound)
  return updated
}

type Snapshot = Change['after'] & object

/** Inserts a row and writes its audit row in the same transaction; `kept` is what the log keeps of it. */
export function createRecorded<Fields extends SelectedFieldsFlat & { id: PgColumn }>(
  db: Db,
  actor: Actor,
  into: { entity: AuditEntity; table: PgTable },
  values: Record<string, unknown>,
  fields: Fields,
  kept: (created: SelectResultFields<Fields>) => Snapshot,
): Promise<SelectResultFields<Fields>> {
  return db.transaction(async (tx) => {
    const rows = await tx
      .insert(into.table)
      .values(values as never)
      .returning(fields)
    const [created] = rows as Rows<Fields>
    if (!created) throw new Error('insert returned no row')
    const entityId = (created as { id: string | number }).id
    await recordChange(tx, actor, {
      action: 'create',
      entity: into.entity,
      entityId,
      before: null,
      after: kept(created),
    })
    return created
  })
}

/**
 * Updates the row, locked while it is read and changed, and logs the fields that changed as
 * `kept` shows them; a row that is not there is a 404. `cleanUp` runs in the same transaction
 * with both versions (to remove a file the change replaced).
 */
export function updateRecorded<Fields extends SelectedFieldsFlat>(
  db: Db,
  actor: Actor,
  row: RowRef,
  values: Record<string, unknown>,
  fields: Fields,
  kept: (version: SelectResultFields<Fields>) => Snapshot,
  cleanUp?: (tx: Db, before: SelectResultFields<Fields>, after: SelectResultFields<Fields>) => Promise<void>,
): Promise<SelectResultFields<Fields>> {
  return db.transaction(async (tx) => {
    const before = await lockedRow(tx, row, fields)
    if (!before) throw new NotFoundError(row.notFound)
    const after = await updatedRow(tx, row, values, fields)
    await cleanUp?.(tx, before, after)
    await recordChange(tx, actor, {
      action: 'update',
      entity: row.entity,
      entityId: row.value,
      ...changedFields(kept(before), kept(after)),
    })
    return after
  })
}

/**
 * Deletes the row and writes its audit row in the same transaction; a row that is not there is a
 * 404 and leaves no audit row. `kept` is what the log keeps of the deleted row (read with
 * `returning`); `cleanUp` removes what went with it (a file no other row uses) in the same transaction.
 */
export function deleteRecorded<Fields extends SelectedFieldsFlat>(
  db: Db,
  actor: Actor,
  row: RowRef,
  returning: Fields,
  kept: (deleted: SelectResultFields<Fields>) => Change['before'],
  cleanUp?: (tx: Db, deleted: SelectResultFields<Fields>) => Promise<void>,
): Promise<SelectResultFields<Fields>> {
  return db.transaction(async (tx) => {
    const rows = await tx.delete(row.table).where(eq(row.id, row.value)).returning(returning)
    const [deleted] = rows as Rows<Fields>
    if (!deleted) throw new NotFoundError(row.notFound)
    await cleanUp?.(tx, deleted)
    await recordChange(tx, actor, {
      action: 'delete',
      entity: row.entity,
      entityId: row.value,
      before: kept(deleted),
      after: null,
    })
    return deleted
  })
}

/**
 * Deletes a visitor's row (a message, an address, a testimonial) for good: the log keeps only its
 * state, read with `state`, never the visitor's own data (docs/decisions/014-audit-log.md).
 */
export async function deleteVisitorRow<Id extends string | number>(
  db: Db,
  actor: Actor,
  row: RowRef<Id>,
  state: SelectedFieldsFlat,
): Promise<{ id: Id }> {
  await deleteRecorded(db, actor, row, state, (deleted) => deleted)
  return { id: row.value }
}
