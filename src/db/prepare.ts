import type { Db, DbHandle } from './client'
import { migrationsFolder } from './paths'
import { adoptBuiltInDocuments, type RenderDocument, seedIfEmpty } from './seed'

/** With `seed`, starter data goes into an empty database; `render` makes the starter documents' files. */
type PrepareOptions =
  | { seed: false; folder?: string }
  | {
      seed: true
      render: RenderDocument
      /** The council's standards into a database that has none (src/server/services/standards-seed.ts). */
      standards?: (db: Db) => Promise<unknown>
      folder?: string
    }

/**
 * Brings a database up to date at start-up: migrations, then starter data into an empty database.
 * Both run under one lock so two processes starting together do the work once.
 */
export async function prepareDatabase(handle: DbHandle, options: PrepareOptions): Promise<{ seeded: boolean }> {
  return handle.withStartupLock(async () => {
    await handle.migrate(options.folder ?? migrationsFolder())
    if (!options.seed) return { seeded: false }
    const seeded = await seedIfEmpty(handle.db, options.render)
    await adoptBuiltInDocuments(handle.db, options.render)
    await options.standards?.(handle.db)
    return { seeded }
  })
}
