import { chmodSync, lstatSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { createDb } from '../../src/db/client'
import { migrationsFolder } from '../../src/db/paths'
import { resolveSessionSecret } from '../../src/server/auth/secret'

/**
 * The embedded database's folder (DATA_DIR) holds every message, address and session, and the
 * generated session secret: only its owner may read or write any of it. This opens a real PGlite
 * in a temporary folder, whichever database the rest of the suite runs on.
 */

let dir: string | undefined
afterEach(() => {
  if (dir) rmSync(dir, { recursive: true, force: true })
  dir = undefined
})

/** Every path under `root` (itself included) whose mode lets group or others in, with that mode. */
function openToOthers(root: string): string[] {
  const found: string[] = []
  const walk = (path: string) => {
    const stats = lstatSync(path)
    if ((stats.mode & 0o077) !== 0) found.push(`${(stats.mode & 0o777).toString(8)} ${path.slice(root.length) || '/'}`)
    if (stats.isDirectory()) for (const entry of readdirSync(path)) walk(join(path, entry))
  }
  walk(root)
  return found
}

const modeOf = (path: string) => lstatSync(path).mode & 0o777

describe('the embedded database’s files are the owner’s alone', () => {
  it('a new DATA_DIR, the database in it and the generated session secret: 0700 folders, 0600 files', async () => {
    dir = join(mkdtempSync(join(tmpdir(), 'mhbot-modes-')), 'data')
    const handle = await createDb({ kind: 'pglite', dataDir: dir })
    try {
      await handle.migrate(migrationsFolder())
      resolveSessionSecret({ DATA_DIR: dir, SESSION_SECRET: undefined })
      expect(modeOf(dir)).toBe(0o700)
      expect(modeOf(join(dir, 'session-secret'))).toBe(0o600)
      expect(modeOf(join(dir, 'PG_VERSION'))).toBe(0o600)
      expect(openToOthers(dir)).toEqual([])
    } finally {
      await handle.close()
    }
    expect(openToOthers(dir)).toEqual([])
  })

  it('an existing DATA_DIR left open to others (an older install) is closed when opened', async () => {
    dir = join(mkdtempSync(join(tmpdir(), 'mhbot-modes-')), 'data')
    mkdirSync(dir, { mode: 0o755 })
    chmodSync(dir, 0o755)
    writeFileSync(join(dir, 'session-secret'), 'x'.repeat(48), { mode: 0o644 })
    chmodSync(join(dir, 'session-secret'), 0o644)
    const first = await createDb({ kind: 'pglite', dataDir: dir })
    await first.close()
    // As the PGlite of earlier versions of the app left it.
    for (const entry of readdirSync(dir))
      chmodSync(join(dir, entry), lstatSync(join(dir, entry)).isDirectory() ? 0o755 : 0o666)
    chmodSync(dir, 0o755)
    expect(openToOthers(dir).length).toBeGreaterThan(1)

    const handle = await createDb({ kind: 'pglite', dataDir: dir })
    try {
      expect(openToOthers(dir)).toEqual([])
    } finally {
      await handle.close()
    }
  })

  it('a generated secret that is already there, readable by others, is made owner-only when read', () => {
    dir = mkdtempSync(join(tmpdir(), 'mhbot-modes-'))
    const file = join(dir, 'session-secret')
    writeFileSync(file, 's'.repeat(48))
    chmodSync(file, 0o644)
    expect(resolveSessionSecret({ DATA_DIR: dir, SESSION_SECRET: undefined })).toBe('s'.repeat(48))
    expect(modeOf(file)).toBe(0o600)
  })
})
