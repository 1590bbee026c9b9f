import type { DbHandle } from './client'
import { migrationsFolder } from './paths'
import { seedIfEmpty } from './seed'

type PrepareOptions = { seed: boolean; folder?: string }

/**
 * Brings a database up to date at start-up: migrations, then starter data into an empty database.
 * Both run under one lock so two processes starting together do the work once.
 */
export async function prepareDatabase(handle: DbHandle, options: PrepareOptions): Promise<{ seeded: boolean }> {
  return handle.withStartupLock(async () => {
    await handle.migrate(options.folder ?? migrationsFolder())
    const seeded = options.seed ? await seedIfEmpty(handle.db) : false
    return { seeded }
  })
}
