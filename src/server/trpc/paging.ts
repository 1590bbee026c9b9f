import { RowIdSchema } from '../../shared/schemas/admin'

/**
 * tRPC's infinite queries pass the page position as `cursor`; the shared list schemas call it
 * `before` (the REST query parameter).
 */
export const cursor = { cursor: RowIdSchema.nullish() }

/** A page of a newest-first list and where the next one starts (null at the end). */
export function page<Row extends { id: number }>(items: Row[], limit: number) {
  return { items, nextCursor: items.length === limit ? (items.at(-1)?.id ?? null) : null }
}
