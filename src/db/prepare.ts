import type { Db, DbHandle } from './client'
import { migrationsFolder } from './paths'
import { adoptBuiltInDocuments, type RenderDocument, seedIfEmpty } from './seed'

/**
 * With `seed`, starter data goes into an empty database; `render` makes the starter documents' files.
 * `bodies` renders the stored Markdown that has no HTML yet (rows from before it was stored, and the
 * starter standards), and the versions' that have no headings yet (rows from before migration 0014):
 * a migration cannot run the renderer
 * (docs/decisions/035-markdown-rendered-once-off-the-event-loop.md).
 */
type PrepareOptions<Bodies> = { bodies?: (db: Db) => Promise<Bodies> } & (
  | { seed: false; folder?: string }
  | {
      seed: true
      render: RenderDocument
      /** The council's standards into a database that has none (src/server/services/standards/seed.ts). */
      standards?: (db: Db) => Promise<unknown>
      folder?: string
    }
)

/**
 * Brings a database up to date at start-up: migrations, then starter data into an empty database.
 * Both run under one lock so two processes starting together do the work once.
 */
export async function prepareDatabase<Bodies = undefined>(
  handle: DbHandle,
  options: PrepareOptions<Bodies>,
): Promise<{ seeded: boolean; bodies?: Bodies }> {
  return handle.withStartupLock(async () => {
    await handle.migrate(options.folder ?? migrationsFolder())
    let seeded = false
    if (options.seed) {
      seeded = await seedIfEmpty(handle.db, options.render)
      await adoptBuiltInDocuments(handle.db, options.render)
      await options.standards?.(handle.db)
    }
    const bodies = await options.bodies?.(handle.db)
    return { seeded, ...(bodies === undefined ? {} : { bodies }) }
  })
}
