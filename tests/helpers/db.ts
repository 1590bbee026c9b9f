import postgres from 'postgres'
import { inject } from 'vitest'
import { createDb, type DbHandle } from '../../src/db/client'
import { migrationsFolder } from '../../src/db/paths'
import { withDatabase } from './global-postgres'

export type TestDatabase = {
  handle: DbHandle
  driver: 'postgres' | 'pglite'
  /** Connection string when on Postgres (for child processes and LISTEN/NOTIFY). */
  url: string | null
  drop: () => Promise<void>
}

let counter = 0

/**
 * A fresh, migrated, empty database for one test file: a clone of the run's template on Postgres,
 * or an in-memory PGlite. Which one follows the project (TEST_DB_DRIVER); without a reachable
 * Postgres it falls back to PGlite.
 */
export async function createTestDatabase(
  driver: 'postgres' | 'pglite' = (process.env.TEST_DB_DRIVER as 'postgres' | 'pglite' | undefined) ?? 'postgres',
): Promise<TestDatabase> {
  const adminUrl = inject('postgresAdminUrl')
  const template = inject('postgresTemplate')
  if (driver === 'postgres' && adminUrl && template) {
    counter += 1
    const name = `mhbot_test_${inject('postgresRunId')}_${process.pid}_${counter}`
    const admin = postgres(adminUrl, { max: 1, onnotice: () => {} })
    await admin.unsafe(`create database "${name}" template "${template}"`)
    const url = withDatabase(adminUrl, name)
    const handle = await createDb({ kind: 'postgres', url })
    return {
      handle,
      driver: 'postgres',
      url,
      async drop() {
        await handle.close()
        await admin.unsafe(`drop database if exists "${name}" with (force)`)
        await admin.end({ timeout: 5 })
      },
    }
  }
  const handle = await createDb({ kind: 'pglite', dataDir: null })
  await handle.migrate(migrationsFolder())
  return { handle, driver: 'pglite', url: null, drop: () => handle.close() }
}

const TABLES = [
  'research_studies',
  'attachments',
  'educational_resources',
  'testimonials',
  'newsletter_subscribers',
  'contact_submissions',
  'sessions',
  'users',
  'login_tokens',
  'app_meta',
]

/** Empties every table between tests, keeping the schema. */
export async function resetDatabase(handle: DbHandle): Promise<void> {
  const { sql } = await import('drizzle-orm')
  await handle.db.execute(sql.raw(`truncate table ${TABLES.join(', ')} restart identity cascade`))
}
