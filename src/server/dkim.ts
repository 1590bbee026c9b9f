import { createPrivateKey } from 'node:crypto'
import { readFileSync } from 'node:fs'
import { type Env, EnvError } from './env'

/** What nodemailer's own DKIM signer takes (its transport option `dkim`). */
export type DkimOptions = { domainName: string; keySelector: string; privateKey: string }

/** A configuration error like any other: the start ends with its one line (start.ts). */
export class DkimKeyError extends EnvError {}

/**
 * The DKIM settings as nodemailer signs with them, or null when they are unset. The key is read and
 * checked once, at start: a key that cannot sign stops the start with one line saying why, rather
 * than every mail failing later. Inline, `\n` stands for a line break (one line in an env file).
 */
export function dkimOptions(env: Env): DkimOptions | null {
  const { DKIM_DOMAIN: domainName, DKIM_SELECTOR: keySelector } = env
  if (domainName === undefined || keySelector === undefined) return null
  let privateKey: string
  if (env.DKIM_PRIVATE_KEY_FILE !== undefined) {
    try {
      privateKey = readFileSync(env.DKIM_PRIVATE_KEY_FILE, 'utf8')
    } catch (error) {
      throw new DkimKeyError(
        `Invalid configuration: DKIM_PRIVATE_KEY_FILE cannot be read (${(error as NodeJS.ErrnoException).code ?? 'error'})`,
      )
    }
  } else {
    privateKey = (env.DKIM_PRIVATE_KEY ?? '').replaceAll('\\n', '\n')
  }
  try {
    const key = createPrivateKey(privateKey)
    if (key.asymmetricKeyType !== 'rsa' && key.asymmetricKeyType !== 'ed25519') throw new Error('not RSA or Ed25519')
  } catch {
    throw new DkimKeyError(
      'Invalid configuration: the DKIM private key is not an RSA or Ed25519 private key in PEM (-----BEGIN PRIVATE KEY-----)',
    )
  }
  return { domainName, keySelector, privateKey }
}
