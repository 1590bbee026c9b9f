import type { z } from 'zod'
import type { Db } from '../../db/client'
import { RowIdSchema } from '../../shared/schemas/admin'
import { adminProcedure } from './init'

/**
 * tRPC's infinite queries pass the page position as `cursor`; the shared list schemas call it
 * `before` (the REST query parameter).
 */
export const cursor = { cursor: RowIdSchema.nullish() }

/** A page of a list and where the next one starts (null at the end). */
export function page<Row extends { id: number }>(items: Row[], limit: number) {
  return { items, nextCursor: items.length === limit ? (items.at(-1)?.id ?? null) : null }
}

/**
 * An admin list as a procedure: the shared list schema, with tRPC's `cursor` standing for `before`,
 * answered as `{ items, nextCursor }` (shared/schemas/admin.ts has the paging model).
 */
export function listProcedure<Shape extends z.ZodRawShape, Row extends { id: number }>(
  schema: z.ZodObject<Shape>,
  list: (db: Db, query: z.output<z.ZodObject<Shape>> & { before?: number; limit: number }) => Promise<Row[]>,
) {
  return adminProcedure.input(schema.extend(cursor)).query(async ({ ctx, input }) => {
    const { cursor: position, ...rest } = input as { cursor?: number | null; before?: number; limit: number }
    const query = { ...rest, before: position ?? rest.before } as z.output<z.ZodObject<Shape>> & {
      before?: number
      limit: number
    }
    return page(await list(ctx.db, query), query.limit)
  })
}
