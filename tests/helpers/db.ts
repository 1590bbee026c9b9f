import { readFile } from 'node:fs/promises'
import { is, sql } from 'drizzle-orm'
import { getTableConfig, PgTable } from 'drizzle-orm/pg-core'
import postgres from 'postgres'
import { afterAll, beforeAll, beforeEach, inject } from 'vitest'
import { createDb, type DbHandle } from '../../src/db/client'
import { migrationsFolder } from '../../src/db/paths'
import * as schema from '../../src/db/schema'
import type { RenderDocument } from '../../src/db/seed'
import { renderDocumentPdf } from '../../src/server/services/standards/pdf'
import { DEFAULT_SITE } from '../../src/shared/site'
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
  const postgresTemplate = inject('postgresTemplate')
  if (driver === 'postgres' && adminUrl && postgresTemplate) {
    counter += 1
    const name = `mhbot_test_${inject('postgresRunId')}_${process.pid}_${counter}`
    const admin = postgres(adminUrl, { max: 1, onnotice: () => {} })
    await admin.unsafe(`create database "${name}" template "${postgresTemplate}"`)
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
  // The run's migrated cluster when the project made one (global-pglite.ts); migrating after is a
  // no-op then, and still right when it did not.
  const template = inject('pgliteTemplate')
  const from = template ? new Blob([await readFile(template)]) : undefined
  const handle = await createDb({ kind: 'pglite', dataDir: null, ...(from ? { from } : {}) })
  await handle.migrate(migrationsFolder())
  return { handle, driver: 'pglite', url: null, drop: () => handle.close() }
}

const quote = (identifier: string) => `"${identifier.replaceAll('"', '""')}"`

/** Every table src/db/schema.ts exports, quoted, so a table added there is emptied without editing this list. */
const TABLES = Object.values(schema)
  .filter((value) => is(value, PgTable))
  .map((table) => {
    const { name, schema: namespace } = getTableConfig(table)
    return namespace ? `${quote(namespace)}.${quote(name)}` : quote(name)
  })

/** Empties every table between tests, keeping the schema. */
export async function resetDatabase(handle: DbHandle): Promise<void> {
  await handle.db.execute(sql.raw(`truncate table ${TABLES.join(', ')} restart identity cascade`))
}

/**
 * One database for the calling test file: registers the beforeAll that creates it, the afterAll
 * that drops it, and (unless `reset: false`) a beforeEach that empties it, so a file cannot forget
 * the teardown. Call it at the top of the file; read `database` inside tests and hooks.
 */
export function setUpTestDatabase(options: { reset?: 'each' | false } = {}): { readonly database: TestDatabase } {
  let database: TestDatabase | undefined
  const current = () => {
    if (!database)
      throw new Error('setUpTestDatabase(): `database` was read outside a test (before beforeAll or after afterAll)')
    return database
  }
  beforeAll(async () => {
    database = await createTestDatabase()
  })
  afterAll(async () => {
    await database?.drop()
    database = undefined
  })
  if ((options.reset ?? 'each') === 'each') beforeEach(() => resetDatabase(current().handle))
  return {
    get database() {
      return current()
    },
  }
}

/** The starter documents as the server renders them with the default council identity. */
export const renderStarterDocument: RenderDocument = (doc) => renderDocumentPdf(doc, DEFAULT_SITE)
