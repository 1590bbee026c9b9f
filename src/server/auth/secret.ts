import { randomBytes } from 'node:crypto'
import { chmodSync, existsSync, mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import type { Env } from '../env'

/**
 * SESSION_SECRET, or outside production a secret generated once and kept under DATA_DIR, so
 * sessions survive restarts on a bare machine too, and `npm run admin:link` signs with the key the
 * running server checks (README, Configuration).
 */
export function resolveSessionSecret(env: Pick<Env, 'SESSION_SECRET' | 'DATA_DIR'>): string {
  if (env.SESSION_SECRET) return env.SESSION_SECRET
  const file = join(env.DATA_DIR, 'session-secret')
  if (existsSync(file)) {
    const stored = readFileSync(file, 'utf8').trim()
    if (stored.length >= 32) {
      // Whoever can read it can sign session cookies and sign-in links.
      if ((statSync(file).mode & 0o077) !== 0) chmodSync(file, 0o600)
      return stored
    }
  }
  mkdirSync(env.DATA_DIR, { recursive: true, mode: 0o700 })
  const secret = randomBytes(48).toString('base64url')
  writeFileSync(file, secret, { mode: 0o600 })
  // writeFileSync's mode applies only to a file it creates; a short one it overwrites keeps its own.
  chmodSync(file, 0o600)
  return secret
}
