import { spawn, spawnSync } from 'node:child_process'
import { lstatSync, readdirSync } from 'node:fs'
import { mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import type { FastifyInstance } from 'fastify'
import postgres from 'postgres'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { createDb, type DbHandle } from '../../src/db/client'
import { prepareDatabase } from '../../src/db/prepare'
import { contactSubmissions, newsletterSubscribers } from '../../src/db/schema'
import { buildTestApp } from '../helpers/build-app'
import { createTestDatabase, renderStarterDocument, type TestDatabase } from '../helpers/db'
import { makePdf, multipart } from '../helpers/fixtures'
import { withDatabase } from '../helpers/global-postgres'
import { loginCookie, SAME_ORIGIN } from '../helpers/login'

// The README's Backups section, proved: everything the site keeps (content, sessions, uploaded
// files) comes back from a backup. The db:postgres and db:pglite projects both run this file; each
// runs the part for its own driver, so every round trip runs once.

const ADMIN = 'admin@example.org'
const STUDY = 'Backed up and restored study'
const MESSAGE = 'Will this message survive a restore?'
const SUBSCRIBER = 'reader@example.org'
const tool = (name: 'backup' | 'restore') => fileURLToPath(new URL(`../../src/tools/db/${name}.mjs`, import.meta.url))

type Seeded = { cookie: string; pdf: Buffer; fileUrl: string }

/** What an admin and visitors leave in the database: a study with an uploaded file, a session, a message, a subscriber. */
async function addData(app: FastifyInstance): Promise<Seeded> {
  const cookie = await loginCookie(app, ADMIN)
  const pdf = await makePdf('Kept in the backup')
  const body = multipart('restored.pdf', pdf)
  const upload = await app.inject({
    method: 'POST',
    url: '/api/upload/research-attachment',
    headers: { ...body.headers, ...SAME_ORIGIN, cookie },
    payload: body.payload,
  })
  expect(upload.statusCode).toBe(201)
  const { fileId, webViewLink } = upload.json() as { fileId: string; webViewLink: string }
  const study = await app.inject({
    method: 'POST',
    url: '/api/research-studies',
    headers: { ...SAME_ORIGIN, cookie },
    payload: { title: STUDY, category: 'General Wellness', url: 'https://example.org/study', attachmentFileId: fileId },
  })
  expect(study.statusCode).toBe(201)
  const contact = await app.inject({
    method: 'POST',
    url: '/api/contact',
    headers: SAME_ORIGIN,
    payload: { name: 'Jo Smith', email: 'jo@example.org', subject: 'Backups', message: MESSAGE },
  })
  expect(contact.statusCode).toBe(201)
  const subscribe = await app.inject({
    method: 'POST',
    url: '/api/newsletter/subscribe',
    headers: SAME_ORIGIN,
    payload: { email: SUBSCRIBER },
  })
  expect(subscribe.statusCode).toBe(201)
  return { cookie, pdf, fileUrl: webViewLink }
}

/** The same things, read back through the app built on the restored database. */
async function expectData(app: FastifyInstance, seeded: Seeded): Promise<void> {
  const studies = (await app.inject({ method: 'GET', url: '/api/research-studies' })).json() as {
    title: string
    attachmentUrl: string | null
  }[]
  expect(studies.find((study) => study.title === STUDY)?.attachmentUrl).toBe(seeded.fileUrl)

  const file = await app.inject({ method: 'GET', url: seeded.fileUrl })
  expect(file.statusCode).toBe(200)
  expect(file.rawPayload.equals(seeded.pdf)).toBe(true)

  const user = await app.inject({ method: 'GET', url: '/api/auth/user', headers: { cookie: seeded.cookie } })
  expect(user.statusCode).toBe(200)
  expect(user.json().email).toBe(ADMIN)

  expect((await app.db.select().from(contactSubmissions)).map((row) => row.message)).toEqual([MESSAGE])
  expect((await app.db.select().from(newsletterSubscribers)).map((row) => row.email)).toEqual([SUBSCRIBER])
}

type Ran = { code: number | null; stdout: Buffer; stderr: string }

/** Runs a command to its end; a clean environment, so no DATABASE_URL or DATA_DIR leaks in from the caller's. */
function run(command: string, args: string[], options: { env?: Record<string, string>; input?: Buffer } = {}) {
  return new Promise<Ran>((resolve, reject) => {
    const child = spawn(command, args, {
      env: { PATH: process.env.PATH ?? '', ...options.env },
      stdio: [options.input ? 'pipe' : 'ignore', 'pipe', 'pipe'],
    })
    const stdout: Buffer[] = []
    let stderr = ''
    child.stdout?.on('data', (chunk: Buffer) => stdout.push(chunk))
    child.stderr?.on('data', (chunk: Buffer) => {
      stderr += chunk.toString()
    })
    child.on('error', reject)
    child.on('close', (code) => resolve({ code, stdout: Buffer.concat(stdout), stderr }))
    child.stdin?.end(options.input)
  })
}

const node = (script: string, args: string[], env: Record<string, string>, input?: Buffer) =>
  run(process.execPath, [script, ...args], { env, input })

/** The one line a tool printed on success (stdout, or stderr when stdout carried the dump). */
const oneLine = (text: string) => {
  expect(text.trim().split('\n')).toHaveLength(1)
  return text.trim()
}

describe.runIf(process.env.TEST_DB_DRIVER === 'pglite')('embedded database: db:backup, then db:restore', () => {
  let folder = ''
  let dataDir = ''
  let backupFile = ''
  let seeded: Seeded
  const open: { app?: FastifyInstance; handle?: DbHandle } = {}

  // As the server opens DATA_DIR: migrations at start-up, and no SESSION_SECRET, so the app
  // generates one into DATA_DIR/session-secret (the case where the backup has to carry it).
  async function openApp(dir: string) {
    open.handle = await createDb({ kind: 'pglite', dataDir: dir })
    await prepareDatabase(open.handle, { seed: true, render: renderStarterDocument })
    open.app = await buildTestApp(open.handle, {
      env: { DATA_DIR: dir, SESSION_SECRET: '', ADMIN_EMAILS: ADMIN },
    })
    return open.app
  }
  async function closeApp() {
    await open.app?.close()
    await open.handle?.close()
    open.app = undefined
    open.handle = undefined
  }

  beforeAll(async () => {
    folder = await mkdtemp(join(tmpdir(), 'mhbot-backup-'))
    dataDir = join(folder, 'data')
    backupFile = join(folder, 'site.tar.gz')
  })
  afterAll(async () => {
    await closeApp()
    await rm(folder, { recursive: true, force: true })
  })

  // Each case opens a file-backed PGlite, migrates and seeds it, and runs the tools as child
  // processes: 20-50 s on a quiet machine, 90 s and more to open it alone beside a busy one.
  it('db:backup refuses while the server has the folder open, and writes the file once it is stopped', async () => {
    seeded = await addData(await openApp(dataDir))

    const refused = await node(tool('backup'), [backupFile], { DATA_DIR: dataDir })
    expect(refused.code).toBe(1)
    expect(oneLine(refused.stderr)).toContain('stop the server first')
    await expect(stat(backupFile)).rejects.toThrow()

    await closeApp()
    const done = await node(tool('backup'), [backupFile], { DATA_DIR: dataDir })
    expect(done.stderr).toBe('')
    expect(done.code).toBe(0)
    expect(oneLine(done.stdout.toString())).toMatch(/^Backed up .* to .*site\.tar\.gz \(.*session secret included\)$/)
    // Owner-only: it holds every row and the session secret.
    expect((await stat(backupFile)).mode & 0o777).toBe(0o600)
  }, 180_000)

  it('db:restore into a new DATA_DIR brings back the study, its file, the session, the message and the subscriber', async () => {
    const restoredDir = join(folder, 'restored')
    const restored = await node(tool('restore'), [backupFile], { DATA_DIR: restoredDir })
    expect(restored.stderr).toBe('')
    expect(restored.code).toBe(0)
    expect(oneLine(restored.stdout.toString())).toMatch(
      /^Restored .* into .*restored \(\d+ tables; session secret restored\)$/,
    )
    // Owner-only, before the server ever opens it: PGlite unpacks its files as 0666.
    const openToOthers: string[] = []
    const walk = (path: string) => {
      const stats = lstatSync(path)
      if ((stats.mode & 0o077) !== 0) openToOthers.push(`${(stats.mode & 0o777).toString(8)} ${path}`)
      if (stats.isDirectory()) for (const entry of readdirSync(path)) walk(join(path, entry))
    }
    walk(restoredDir)
    expect(openToOthers).toEqual([])
    // The same generated secret, so the cookie signed before the backup is still valid.
    expect(await readFile(join(restoredDir, 'session-secret'), 'utf8')).toBe(
      await readFile(join(dataDir, 'session-secret'), 'utf8'),
    )

    await expectData(await openApp(restoredDir), seeded)
    await closeApp()
  }, 180_000)

  it('db:restore refuses a folder that is not empty, and with --force moves it aside (here through stdout and stdin)', async () => {
    const refused = await node(tool('restore'), [backupFile], { DATA_DIR: dataDir })
    expect(refused.code).toBe(1)
    expect(oneLine(refused.stderr)).toContain('--force')

    const notABackup = join(folder, 'notes.tar.gz')
    await writeFile(notABackup, 'not a backup')
    const wrongFile = await node(tool('restore'), ['--force', notABackup], { DATA_DIR: dataDir })
    expect(wrongFile.code).toBe(1)
    expect(oneLine(wrongFile.stderr)).toContain('is not a backup written by db:backup')

    const dump = await node(tool('backup'), ['-'], { DATA_DIR: join(folder, 'restored') })
    expect(dump.code).toBe(0)
    expect(oneLine(dump.stderr)).toMatch(/^Backed up .* to stdout/)
    const forced = await node(tool('restore'), ['--force', '-'], { DATA_DIR: dataDir }, dump.stdout)
    expect(forced.code).toBe(0)
    const aside = oneLine(forced.stdout.toString()).match(/previous folder kept as (\S+)\)$/)?.[1]
    expect(aside).toMatch(/data\.before-restore-/)
    expect((await stat(join(String(aside), 'PG_VERSION'))).isFile()).toBe(true)

    await expectData(await openApp(dataDir), seeded)
    await closeApp()
  }, 180_000)
})

/** pg_dump and pg_restore on PATH; outside CI their absence skips, in CI it fails (CI never skips). */
function pgToolsMissing(): string | null {
  const missing = ['pg_dump', 'pg_restore'].filter((name) => spawnSync(name, ['--version']).error)
  if (missing.length === 0) return null
  const message = `${missing.join(' and ')} not on PATH: install the PostgreSQL client tools (same major version as the server)`
  if (process.env.CI) throw new Error(message)
  return message
}

describe.runIf(process.env.TEST_DB_DRIVER === 'postgres')('Postgres: pg_dump, then pg_restore', () => {
  let folder = ''
  let source: TestDatabase | undefined
  let seeded: Seeded
  let dumpFile = ''
  const created: string[] = []
  const cleanups: (() => Promise<void>)[] = []
  const adminUrl = () => inject('postgresAdminUrl')

  beforeAll(async () => {
    folder = await mkdtemp(join(tmpdir(), 'mhbot-pgdump-'))
    dumpFile = join(folder, 'site.dump')
  })
  afterAll(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup()
    await source?.drop()
    const url = adminUrl()
    if (url && created.length > 0) {
      const admin = postgres(url, { max: 1, onnotice: () => {} })
      for (const name of created) await admin.unsafe(`drop database if exists "${name}" with (force)`)
      await admin.end({ timeout: 5 })
    }
    await rm(folder, { recursive: true, force: true })
  })

  /** The app as it starts on a restored database: migrations (already applied: nothing to do), then the app. */
  async function appOn(url: string) {
    const handle = await createDb({ kind: 'postgres', url })
    await prepareDatabase(handle, { seed: true, render: renderStarterDocument })
    const app = await buildTestApp(handle, { env: { ADMIN_EMAILS: ADMIN } })
    cleanups.push(async () => {
      await app.close()
      await handle.close()
    })
    return app
  }

  it('pg_dump --format=custom, pg_restore --no-owner into an empty database: everything comes back', async (context) => {
    const url = adminUrl()
    if (!url) return context.skip('no Postgres at TEST_DATABASE_URL: the Postgres round trip needs one')
    const missing = pgToolsMissing()
    if (missing) return context.skip(missing)

    source = await createTestDatabase('postgres')
    const app = await buildTestApp(source.handle, { env: { ADMIN_EMAILS: ADMIN } })
    seeded = await addData(app)
    await app.close()

    const dumped = await run('pg_dump', ['--format=custom', `--file=${dumpFile}`, `--dbname=${source.url}`])
    expect(dumped.stderr).toBe('')
    expect(dumped.code).toBe(0)

    // An empty database, as a new server would have: created from template0, nothing in it.
    const name = `mhbot_test_${inject('postgresRunId')}_${process.pid}_restored`
    const admin = postgres(url, { max: 1, onnotice: () => {} })
    await admin.unsafe(`create database "${name}" template template0`)
    await admin.end({ timeout: 5 })
    created.push(name)
    const target = withDatabase(url, name)

    const restored = await run('pg_restore', ['--no-owner', `--dbname=${target}`, dumpFile])
    expect(restored.stderr).toBe('')
    expect(restored.code).toBe(0)

    await expectData(await appOn(target), seeded)
  }, 180_000)

  it('pg_restore --clean --if-exists replaces what an existing database holds', async (context) => {
    if (!seeded) context.skip('the previous test made no dump')
    // A migrated database already in use: its own rows must be replaced by the backup's.
    const existing = await createTestDatabase('postgres')
    cleanups.push(() => existing.drop())
    await existing.handle.db
      .insert(contactSubmissions)
      .values({ name: 'Old', email: 'old@example.org', subject: 'Old', message: 'Not in the backup' })

    const restored = await run('pg_restore', [
      '--no-owner',
      '--clean',
      '--if-exists',
      `--dbname=${String(existing.url)}`,
      dumpFile,
    ])
    expect(restored.stderr).toBe('')
    expect(restored.code).toBe(0)

    await expectData(await appOn(String(existing.url)), seeded)
  }, 180_000)
})
