import { z } from 'zod'

/**
 * The largest id a serial column holds (a Postgres integer). A larger parameter is not "no such
 * row" to Postgres: it refuses the query itself ("out of range for type integer"), which would end
 * the request as a 500. So the schema refuses it, and every adapter answers 400 before any query.
 */
export const MAX_ROW_ID = 2_147_483_647

const ROW_ID_MESSAGE = `Must be a whole number from 1 to ${MAX_ROW_ID}`

/** Ids of serial columns, from a path segment, a query string or a JSON body alike. */
export const RowIdSchema = z.coerce
  .number({ error: ROW_ID_MESSAGE })
  .int(ROW_ID_MESSAGE)
  .min(1, ROW_ID_MESSAGE)
  .max(MAX_ROW_ID, ROW_ID_MESSAGE)

/** A REST path's `:id`, parsed as an object so a refusal names the field (`fields.id`). */
export const RowIdParamsSchema = z.object({ id: RowIdSchema })
