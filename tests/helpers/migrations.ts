import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import postgres from 'postgres'
import { inject } from 'vitest'
import { createDb, type DbHandle } from '../../src/db/client'
import { migrationsFolder } from '../../src/db/paths'
import { withDatabase } from './global-postgres'

/**
 * For tests of one migration on rows made before it: a migrations folder that stops at a tag, and
 * an empty database on the test project's driver. `cleanups` collects what to undo afterwards.
 */
export type Cleanups = (() => Promise<void>)[]

/** A copy of drizzle/ whose journal ends at `lastTag`, as a site that has not updated yet has it. */
export async function migrationsUpTo(lastTag: string, cleanups: Cleanups): Promise<string> {
  const folder = await mkdtemp(join(tmpdir(), 'mhbot-migrations-'))
  cleanups.push(() => rm(folder, { recursive: true, force: true }))
  await cp(migrationsFolder(), folder, { recursive: true })
  const journalPath = join(folder, 'meta', '_journal.json')
  const journal = JSON.parse(await readFile(journalPath, 'utf8')) as { entries: { tag: string }[] }
  const last = journal.entries.findIndex((entry) => entry.tag === lastTag)
  if (last < 0) throw new Error(`no migration ${lastTag}`)
  journal.entries = journal.entries.slice(0, last + 1)
  await writeFile(journalPath, JSON.stringify(journal))
  return folder
}

/** An empty database (never the run's template, which is migrated already). */
export async function emptyDatabase(name: string, cleanups: Cleanups): Promise<DbHandle> {
  const adminUrl = inject('postgresAdminUrl')
  if (process.env.TEST_DB_DRIVER === 'postgres' && adminUrl) {
    const database = `mhbot_test_${inject('postgresRunId')}_${process.pid}_${name}`
    const admin = postgres(adminUrl, { max: 1, onnotice: () => {} })
    await admin.unsafe(`create database "${database}" template template0`)
    const handle = await createDb({ kind: 'postgres', url: withDatabase(adminUrl, database) })
    cleanups.push(async () => {
      await handle.close()
      await admin.unsafe(`drop database if exists "${database}" with (force)`)
      await admin.end({ timeout: 5 })
    })
    return handle
  }
  const handle = await createDb({ kind: 'pglite', dataDir: null })
  cleanups.push(() => handle.close())
  return handle
}

/** postgres-js answers a raw query with the rows themselves, PGlite with `{ rows }`. */
export const rowsOf = <T>(result: unknown): T[] =>
  Array.isArray(result) ? (result as T[]) : (result as { rows: T[] }).rows
