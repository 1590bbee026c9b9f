import { NotFoundError } from '../errors'

/** A serial column is a Postgres integer: no row has a larger id. */
const MAX_SERIAL_ID = 2_147_483_647

/**
 * An id the column cannot hold names no row. Checked before querying: Postgres would refuse the
 * parameter itself ("out of range for type integer") and the request would fail as a 500.
 */
export function assertRowId(id: number, notFound: string): void {
  if (!Number.isSafeInteger(id) || id < 1 || id > MAX_SERIAL_ID) throw new NotFoundError(notFound)
}
