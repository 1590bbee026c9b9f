import { randomBytes } from 'node:crypto'
import postgres from 'postgres'
import type { TestProject } from 'vitest/node'
import { createDb } from '../../src/db/client'
import { migrationsFolder } from '../../src/db/paths'

declare module 'vitest' {
  export interface ProvidedContext {
    /** Admin URL of the test server, or null when no Postgres answered (then only PGlite runs). */
    postgresAdminUrl: string | null
    /** A migrated template database; each test file clones it. */
    postgresTemplate: string | null
    postgresRunId: string
  }
}

const DEFAULT_ADMIN_URL = 'postgres://postgres@127.0.0.1:5432/postgres'

/**
 * Creates one migrated template database for this run; test files clone it (CREATE DATABASE …
 * TEMPLATE), so every file has its own fresh database and never touches a developer's data.
 * Everything created here is dropped at the end.
 */
export default async function setup(project: TestProject) {
  const adminUrl = process.env.TEST_DATABASE_URL ?? DEFAULT_ADMIN_URL
  const runId = `${Date.now().toString(36)}${randomBytes(3).toString('hex')}`
  project.provide('postgresRunId', runId)

  const admin = postgres(adminUrl, { max: 1, onnotice: () => {}, connect_timeout: 5 })
  try {
    await admin`select 1`
  } catch (error) {
    await admin.end({ timeout: 1 }).catch(() => {})
    if (process.env.CI) throw new Error(`CI needs Postgres at ${adminUrl}: ${(error as Error).message}`)
    console.warn(`\n[tests] No Postgres at ${adminUrl}: the database suite runs on PGlite only.\n`)
    project.provide('postgresAdminUrl', null)
    project.provide('postgresTemplate', null)
    return
  }

  const template = `mhbot_test_${runId}_template`
  await admin.unsafe(`create database "${template}"`)
  const templateUrl = withDatabase(adminUrl, template)
  const handle = await createDb({ kind: 'postgres', url: templateUrl })
  await handle.migrate(migrationsFolder())
  await handle.close()

  project.provide('postgresAdminUrl', adminUrl)
  project.provide('postgresTemplate', template)

  return async () => {
    const rows = await admin<{ datname: string }[]>`
      select datname from pg_database where datname like ${`mhbot_test_${runId}_%`}`
    for (const { datname } of rows) {
      await admin.unsafe(`drop database if exists "${datname}" with (force)`)
    }
    await admin.end({ timeout: 5 })
  }
}

export function withDatabase(url: string, database: string): string {
  const parsed = new URL(url)
  parsed.pathname = `/${database}`
  return parsed.toString()
}
