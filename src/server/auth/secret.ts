import { randomBytes } from 'node:crypto'
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
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
    if (stored.length >= 32) return stored
  }
  mkdirSync(env.DATA_DIR, { recursive: true })
  const secret = randomBytes(48).toString('base64url')
  writeFileSync(file, secret, { mode: 0o600 })
  return secret
}
