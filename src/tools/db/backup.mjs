// `npm run db:backup -- <file>`: writes the embedded database (PGlite, under DATA_DIR) to one
// .tar.gz file, which `npm run db:restore -- <file>` turns back into a DATA_DIR. `-` writes to
// stdout, for `docker run … node src/tools/db/backup.mjs - > file` (run it with node directly:
// npm prints its own lines on stdout). README, Backups.
//
// The file is PGlite's own dump of the whole folder (dumpDataDir), so it also holds the
// session-secret file the server generates there when SESSION_SECRET is not set: signed-in
// sessions then still work after a restore.
import { existsSync, mkdirSync, renameSync, rmSync, writeFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { gzipSync } from 'node:zlib'
import {
  argumentPath,
  dataDir,
  errorText,
  fail,
  IN_USE_MESSAGE,
  inUse,
  isInside,
  megabytes,
  refuseWithPostgres,
  SECRET_FILE,
  tarEntryNames,
} from './shared.mjs'

const USAGE = 'Usage: npm run db:backup -- <file.tar.gz>   (or: node src/tools/db/backup.mjs - > file.tar.gz)'

async function main() {
  const args = process.argv.slice(2)
  const [file] = args
  if (args.length !== 1 || file === undefined || file.startsWith('--')) fail(USAGE)
  refuseWithPostgres('back it up with pg_dump')

  const dir = dataDir()
  const target = file === '-' ? null : argumentPath(file)

  if (!existsSync(join(dir, 'PG_VERSION'))) fail(`No embedded database in ${dir} (no PG_VERSION): check DATA_DIR`)
  if (inUse(dir)) fail(IN_USE_MESSAGE(dir))
  if (target && existsSync(target)) fail(`${target} already exists: choose a new file name`)
  // A backup kept in DATA_DIR would be copied into every later backup.
  if (target && isInside(target, dir)) fail(`${target} is inside DATA_DIR (${dir}): write the backup elsewhere`)

  let tar
  try {
    const { PGlite } = await import('@electric-sql/pglite')
    const db = new PGlite(dir)
    try {
      await db.waitReady
      // Writes every committed change into the table files, so the copy does not lean on WAL replay.
      await db.query('checkpoint')
      // Uncompressed, to check its contents below; compressed here with Node's zlib.
      tar = new Uint8Array(await (await db.dumpDataDir('none')).arrayBuffer())
    } finally {
      await db.close()
    }
  } catch (error) {
    fail(`Backup failed: could not read the database in ${dir}: ${errorText(error)}`)
  }

  const names = tarEntryNames(tar)
  const hasSecret = existsSync(join(dir, SECRET_FILE))
  if (hasSecret && !names.includes(SECRET_FILE)) {
    fail(`Backup failed: the dump of ${dir} lacks ${SECRET_FILE}; sessions would not survive a restore`)
  }
  const gz = gzipSync(tar)
  const secretNote = hasSecret
    ? 'session secret included'
    : `no ${SECRET_FILE} file: sessions survive a restore only with the same SESSION_SECRET`

  if (target === null) {
    process.stdout.write(gz, (error) => {
      if (error) fail(`Backup failed: could not write to stdout: ${errorText(error)}`)
      process.stderr.write(`Backed up ${dir} to stdout (${megabytes(gz.length)}, ${secretNote})\n`)
    })
  } else {
    // Written beside the target and renamed into place: a failed run never leaves a truncated backup
    // under the real name. Owner-only: it holds every row and possibly the session secret.
    const partial = `${target}.partial`
    try {
      mkdirSync(dirname(target), { recursive: true })
      writeFileSync(partial, gz, { mode: 0o600 })
      renameSync(partial, target)
    } catch (error) {
      rmSync(partial, { force: true })
      fail(`Backup failed: could not write ${target}: ${errorText(error)}`)
    }
    process.stdout.write(`Backed up ${dir} to ${target} (${megabytes(gz.length)}, ${secretNote})\n`)
  }
}

// Anything unforeseen still ends in one line, not a stack trace.
main().catch((error) => fail(`Backup failed: ${errorText(error)}`))
