import { eq } from 'drizzle-orm'
import type { PgColumn, PgTable, SelectedFields } from 'drizzle-orm/pg-core'
import type { SelectResultFields } from 'drizzle-orm/query-builders/select.types'
import type { Db } from '../../db/client'
import type { AuditEntity } from '../../shared/constants'
import { NotFoundError } from '../errors'
import { type Actor, type Change, recordChange } from './audit'

/**
 * The row whose `id` column holds `value`, read with `fields` and locked until the transaction
 * ends, so the change that follows starts from what it read; undefined when there is none.
 */
export async function lockedRow<Fields extends SelectedFields>(
  tx: Db,
  table: PgTable,
  id: PgColumn,
  value: string | number,
  fields: Fields,
) {
  // A table known only as PgTable leaves Drizzle unable to name the result; `fields` names it.
  const rows = await tx.select(fields).from(table).where(eq(id, value)).for('update')
  return (rows as SelectResultFields<Fields>[])[0]
}

type Target = { entity: AuditEntity; id: string | number; notFound: string }

/**
 * Deletes one row and writes its audit row in the same transaction; a row that is not there is a
 * 404 and leaves no audit row. `remove` is the delete, returning the row; `kept` is what the log
 * keeps of it; `cleanUp` removes what went with it (a file no other row uses) in the same transaction.
 */
export function deleteRecorded<Row>(
  db: Db,
  actor: Actor,
  target: Target,
  remove: (tx: Db) => Promise<Row[]>,
  kept: (row: Row) => Change['before'],
  cleanUp?: (tx: Db, row: Row) => Promise<void>,
): Promise<Row> {
  return db.transaction(async (tx) => {
    const [row] = await remove(tx)
    if (!row) throw new NotFoundError(target.notFound)
    await cleanUp?.(tx, row)
    await recordChange(tx, actor, {
      action: 'delete',
      entity: target.entity,
      entityId: target.id,
      before: kept(row),
      after: null,
    })
    return row
  })
}
