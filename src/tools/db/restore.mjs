// `npm run db:restore -- [--force] <file>`: turns a file written by `npm run db:backup` back into
// the embedded database under DATA_DIR, then opens it to check it works. `-` reads stdin, for
// `docker run -i … node src/tools/db/restore.mjs - < file`. README, Backups.
//
// It never deletes data: a DATA_DIR that is not empty is refused, or with --force renamed to
// <DATA_DIR>.before-restore-<time> first. If loading fails, what was written is removed and the
// renamed folder put back.
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync } from 'node:fs'
import { join } from 'node:path'
import { gunzipSync } from 'node:zlib'
import * as shared from './shared.mjs'

const USAGE =
  'Usage: npm run db:restore -- [--force] <file.tar.gz>   (or: node src/tools/db/restore.mjs [--force] - < file.tar.gz)'

/** @param {string} name a file, or - for stdin */
async function readInput(name) {
  if (name !== '-') return readFileSync(shared.argumentPath(name))
  const chunks = []
  for await (const chunk of process.stdin) chunks.push(chunk)
  return Buffer.concat(chunks)
}

async function main() {
  const args = process.argv.slice(2)
  const force = args.includes('--force')
  const files = args.filter((arg) => arg !== '--force')
  const [file] = files
  if (files.length !== 1 || file === undefined || file.startsWith('--')) shared.fail(USAGE)
  shared.refuseWithPostgres('restore it with pg_restore')
  const source = file === '-' ? 'stdin' : shared.argumentPath(file)
  const dir = shared.dataDir()

  // Read and checked before DATA_DIR is touched: a wrong or damaged file changes nothing.
  let tar
  try {
    const bytes = await readInput(file)
    const gzip = bytes[0] === 0x1f && bytes[1] === 0x8b
    tar = gzip ? gunzipSync(bytes) : bytes
    if (!shared.tarEntryNames(tar).includes('PG_VERSION')) throw new Error('it holds no PG_VERSION')
  } catch (error) {
    shared.fail(`Restore failed: ${source} is not a backup written by db:backup (${shared.errorText(error)})`)
  }

  const existed = existsSync(dir)
  let aside = null
  if (existed && readdirSync(dir).length > 0) {
    if (shared.inUse(dir)) shared.fail(shared.IN_USE_MESSAGE(dir))
    if (!force)
      shared.fail(`${dir} is not empty: restore into an empty DATA_DIR, or add --force to move this one aside`)
    aside = `${dir}.before-restore-${new Date().toISOString().replace(/[:.]/g, '-')}`
    try {
      renameSync(dir, aside)
    } catch (error) {
      // E.g. DATA_DIR is a mount point (a Docker volume): restore into a new, empty volume instead.
      shared.fail(
        `Could not move ${dir} aside to ${aside} (${shared.errorText(error)}): restore into an empty folder instead`,
      )
    }
  }

  let tables
  try {
    process.umask(0o077)
    mkdirSync(dir, { recursive: true, mode: 0o700 })
    const { PGlite } = await import('@electric-sql/pglite')
    const db = new PGlite(dir, { loadDataDir: new Blob([tar]) })
    try {
      await db.waitReady
      const { rows } = await db.query(
        "select count(*)::int as n from information_schema.tables where table_schema = 'public'",
      )
      tables = rows[0].n
    } finally {
      await db.close()
    }
  } catch (error) {
    // Leave DATA_DIR as it was: an empty folder stays (it may be a mount point), a new one goes.
    if (existed && !aside)
      for (const entry of readdirSync(dir)) rmSync(join(dir, entry), { recursive: true, force: true })
    else rmSync(dir, { recursive: true, force: true })
    if (aside) renameSync(aside, dir)
    shared.fail(`Restore failed: ${source} did not open as a database: ${shared.errorText(error)}`)
  }

  // The restored messages, addresses, sessions and secret are the owner's alone, as the server keeps them.
  shared.keepToOwner(dir)
  const hasSecret = existsSync(join(dir, shared.SECRET_FILE))
  const notes = [
    `${tables} table${tables === 1 ? '' : 's'}`,
    hasSecret ? 'session secret restored' : 'no session-secret file: use the same SESSION_SECRET as before',
    ...(aside ? [`previous folder kept as ${aside}`] : []),
  ]
  process.stdout.write(`Restored ${source} into ${dir} (${notes.join('; ')})\n`)
}

// Anything unforeseen still ends in one line, not a stack trace.
main().catch((error) => shared.fail(`Restore failed: ${shared.errorText(error)}`))
