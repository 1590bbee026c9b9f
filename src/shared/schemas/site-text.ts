import { z } from 'zod'

/*
 * What every text of the council's (the FAQ, a page) is edited with (docs/decisions/054-faq-as-content.md).
 */

/** The draft version the editor opened: a save from an older one is refused, and nothing is lost. */
export const TextVersionSchema = z
  .number({ error: 'version must be a number' })
  .int('version must be a whole number')
  .min(0, 'version must be 0 or more')
  .max(2_147_483_647, 'version is too large')

/** A published revision's number, 0 for the starting text; from an address too. */
export const TextRevisionSchema = z.coerce
  .number({ error: 'revision must be a number' })
  .int('revision must be a whole number')
  .min(0, 'revision must be 0 or more')
  .max(2_147_483_647, 'revision is too large')
