// What backup.mjs and restore.mjs share. Plain Node ESM that needs nothing but Node and
// @electric-sql/pglite (a production dependency), so both run inside the production image too,
// where there is no tsx, no TypeScript and no dev dependency.
import { chmodSync, existsSync, lstatSync, readdirSync } from 'node:fs'
import { join, relative, resolve } from 'node:path'

/** The file the server keeps its generated SESSION_SECRET in (src/server/plugins/session.ts). */
export const SECRET_FILE = 'session-secret'

/**
 * DATA_DIR read the way src/server/env.ts reads it (unset or blank means ./data, relative to the
 * working directory), so the tools open the very folder the server would.
 */
export function dataDir() {
  const raw = process.env.DATA_DIR
  return resolve(raw === undefined || raw.trim() === '' ? './data' : raw)
}

/**
 * A file named on the command line. `npm run` changes into the project folder; npm keeps the folder
 * the command was typed in as INIT_CWD, and a relative name means that folder to the person typing.
 * @param {string} name
 */
export function argumentPath(name) {
  return resolve(process.env.INIT_CWD ?? process.cwd(), name)
}

/**
 * @param {string} path
 * @param {string} folder
 */
export const isInside = (path, folder) => {
  const rest = relative(folder, path)
  return rest === '' || (!rest.startsWith('..') && !rest.startsWith('/'))
}

/**
 * PGlite writes postmaster.pid when it opens a folder and removes it when it closes cleanly.
 * @param {string} dir
 */
export function inUse(dir) {
  return existsSync(join(dir, 'postmaster.pid'))
}

// PGlite does not lock its folder: a second process would open it and the two would corrupt it.
// Its pid file holds no real process id (-42), so the file itself is the only sign of a server.
export const IN_USE_MESSAGE = (/** @type {string} */ dir) =>
  `${dir} is in use (postmaster.pid): stop the server first (if none is running, it did not shut down cleanly: start it and stop it once)`

/**
 * Refuses to act when DATABASE_URL is set: the server's data is then in Postgres, not in DATA_DIR.
 * @param {string} what what to do instead
 */
export function refuseWithPostgres(what) {
  if (process.env.DATABASE_URL?.trim()) {
    fail(`DATABASE_URL is set, so the data is in Postgres, not in DATA_DIR: ${what} (README, Backups)`)
  }
}

/**
 * One line on stderr and a non-zero exit: what went wrong and, where there is one, what to do.
 * @param {string} message
 * @returns {never}
 */
export function fail(message) {
  process.stderr.write(`${message}\n`)
  return process.exit(1)
}

export const errorText = (/** @type {unknown} */ error) => (error instanceof Error ? error.message : String(error))

/**
 * The names in an uncompressed (ustar) tar archive, without a leading "/" or "./". Enough to check
 * what a PGlite dump holds without unpacking it anywhere.
 * @param {Uint8Array} tar
 * @returns {string[]}
 */
export function tarEntryNames(tar) {
  const names = []
  /** @type {(header: Uint8Array, start: number, length: number) => string} */
  const text = (header, start, length) => {
    const field = header.subarray(start, start + length)
    const end = field.indexOf(0)
    return Buffer.from(end === -1 ? field : field.subarray(0, end)).toString('utf8')
  }
  for (let at = 0; at + 512 <= tar.length; ) {
    const header = tar.subarray(at, at + 512)
    if (header.every((byte) => byte === 0)) break
    const size = Number.parseInt(text(header, 124, 12).trim() || '0', 8)
    if (!Number.isFinite(size) || text(header, 257, 5) !== 'ustar') throw new Error('not a tar archive')
    const prefix = text(header, 345, 155)
    const name = text(header, 0, 100)
    names.push((prefix ? `${prefix}/${name}` : name).replace(/^\.?\/+/, ''))
    at += 512 + Math.ceil(size / 512) * 512
  }
  return names
}

export const megabytes = (/** @type {number} */ bytes) => `${(bytes / 1024 / 1024).toFixed(1)} MB`

/**
 * DATA_DIR and everything in it, owner-only, as the server keeps it (src/db/owner-only.ts; this is
 * its plain-JavaScript twin, since these commands run in the image without the server's sources).
 * PGlite unpacks files as 0666 whatever the umask.
 *
 * @param {string} dir
 */
export function keepToOwner(dir) {
  const uid = process.getuid?.()
  /** @param {string} path */
  const restrict = (path) => {
    const stats = lstatSync(path)
    if (stats.isSymbolicLink()) return
    if ((stats.mode & 0o077) !== 0 && (uid === undefined || stats.uid === uid)) chmodSync(path, stats.mode & 0o700)
    if (stats.isDirectory()) for (const entry of readdirSync(path)) restrict(join(path, entry))
  }
  restrict(dir)
}
