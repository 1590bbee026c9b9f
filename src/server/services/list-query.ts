import { and, type Column, or, type SQL, sql } from 'drizzle-orm'
import type { PgSelect, PgTable } from 'drizzle-orm/pg-core'

/**
 * The admin lists' one paging model (shared/schemas/admin.ts): each list keeps its own order, and
 * `before` names the last row already shown. These helpers turn that into SQL, so a service only
 * says which columns order its list and which columns its search reads.
 */

/** `q` as a literal piece of an ILIKE pattern: its own %, _ and \ match themselves. */
export const containing = (q: string) => `%${q.replace(/[\\%_]/g, (char) => `\\${char}`)}%`

/** Rows where any of `columns` contains `q`, ignoring case; no condition without a search. */
export function matchesSearch(q: string | undefined, columns: Column[]): SQL | undefined {
  if (!q) return undefined
  const pattern = containing(q)
  return or(...columns.map((column) => sql`${column} ilike ${pattern}`))
}

export type SortKey = { column: Column; direction: 'asc' | 'desc' }

export const ascending = (column: Column): SortKey => ({ column, direction: 'asc' })
export const descending = (column: Column): SortKey => ({ column, direction: 'desc' })

/** Sort keys as Drizzle's orderBy takes them. */
export const orderOf = (keys: SortKey[]) =>
  keys.map((key) => (key.direction === 'asc' ? sql`${key.column} asc` : sql`${key.column} desc`))

/**
 * The rows that come after the row `before` in the order `keys` (the last key unique, such as the
 * id): (a, b, c) after (x, y, z) is a > x, or a = x and b > y, or a = x, b = y and c > z, each
 * comparison turned round for a descending key. The last row's values are read by the database in
 * the same statement: a timestamp that went through JavaScript would lose its microseconds, and
 * rows written in one transaction share theirs. When that row is gone, nothing comes after it. The
 * id may be serial or text (a subscriber's UUID): it is only ever compared with its own column.
 */
export function afterRow(
  table: PgTable,
  id: Column,
  keys: SortKey[],
  before: number | string | undefined,
): SQL | undefined {
  if (before === undefined) return undefined
  const last = (column: Column) => sql`(select ${column} from ${table} where ${id} = ${before})`
  const branches = keys.map((key, index) => {
    const beyond =
      key.direction === 'asc' ? sql`${key.column} > ${last(key.column)}` : sql`${key.column} < ${last(key.column)}`
    const equalBefore = keys.slice(0, index).map((earlier) => sql`${earlier.column} = ${last(earlier.column)}`)
    return and(...equalBefore, beyond)
  })
  return or(...branches)
}

/**
 * An admin list: its table, its order, and the columns its search reads. The order ends with the
 * table's id, which is unique (so the order is total) and is what `before` names.
 */
export type AdminListSource = { table: PgTable; order: [...SortKey[], SortKey]; search: Column[] }

/** A list's rows in its order, on a `$dynamic()` select: whole, as the public pages show them. */
export const inOrder = <Select extends PgSelect>(select: Select, list: AdminListSource) =>
  select.orderBy(...orderOf(list.order))

// The type says the order is never empty.
const lastKey = (order: [...SortKey[], SortKey]) => order[order.length - 1] as SortKey

/**
 * A page of an admin list, on a `$dynamic()` select of its rows (which keeps their type): those
 * whose search columns contain `q`, after the row `before`, in the list's order, at most `limit`.
 */
export function adminPage<Select extends PgSelect>(
  select: Select,
  list: AdminListSource,
  query: { q?: string; before?: number | string; limit: number },
) {
  return select
    .where(
      and(
        matchesSearch(query.q, list.search),
        afterRow(list.table, lastKey(list.order).column, list.order, query.before),
      ),
    )
    .orderBy(...orderOf(list.order))
    .limit(query.limit)
}
