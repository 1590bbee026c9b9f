import { z } from 'zod'
import type { Db } from '../../db/client'
import type { Permission } from '../../shared/permissions'
import { permitted } from './init'

/** A row id: serial (a number) on most lists, text (a UUID) on the subscribers'. */
type RowId = number | string

/** A page of a list and where the next one starts (null at the end). */
export function page<Row extends { id: RowId }>(
  items: Row[],
  limit: number,
): { items: Row[]; nextCursor: Row['id'] | null } {
  return { items, nextCursor: items.length === limit ? (items.at(-1)?.id ?? null) : null }
}

/**
 * An admin list as a procedure: the shared list schema, with tRPC's `cursor` (how its infinite
 * queries pass the page position) standing for `before` and read by the same schema, so a list with
 * text ids takes a text cursor; answered as
 * `{ items, nextCursor }` (shared/schemas/admin.ts has the paging model).
 */
export function listProcedure<
  Shape extends z.ZodRawShape & { before: z.ZodOptional<z.ZodType<RowId>> },
  Row extends { id: RowId },
>(
  permission: Permission,
  schema: z.ZodObject<Shape>,
  list: (db: Db, query: z.output<z.ZodObject<Shape>> & { limit: number }) => Promise<Row[]>,
) {
  const position = { cursor: z.nullish(schema.shape.before.unwrap()) }
  return permitted(permission)
    .input(schema.extend(position))
    .query(async ({ ctx, input }) => {
      const { cursor: at, ...rest } = input as { cursor?: RowId | null; before?: RowId; limit: number }
      const query = { ...rest, before: at ?? rest.before } as unknown as z.output<z.ZodObject<Shape>> & {
        limit: number
      }
      return page(await list(ctx.db, query), query.limit)
    })
}
