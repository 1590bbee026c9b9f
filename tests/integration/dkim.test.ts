import { generateKeyPairSync } from 'node:crypto'
import { writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { FastifyInstance } from 'fastify'
import { dkimVerify } from 'mailauth/lib/dkim/verify'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { dkimOptions } from '../../src/server/dkim'
import { buildTestApp, testEnv } from '../helpers/build-app'
import { setUpTestDatabase } from '../helpers/db'
import { SAME_ORIGIN } from '../helpers/login'
import { type SmtpServer, startSmtpServer } from '../helpers/smtp'

/*
 * DKIM signing of the site's mail (issue 40, item 5): with a key configured, every message goes out
 * signed by nodemailer's own signer, and a verifier library (mailauth) that reads the public key
 * from DNS (here, the record an operator would publish, served by its resolver option) says pass;
 * the same message changed in transit does not pass. A bad key or half the settings stop the start.
 */

const DOMAIN = 'council.example.org'
const SELECTOR = 'mail2026'
const FAST = { pollMs: 100, retryBaseMs: 100, maxRetryMs: 300, maxAttempts: 1000, leaseMs: 5_000 }
const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 })
const PRIVATE_PEM = privateKey.export({ type: 'pkcs8', format: 'pem' }).toString()
/** The TXT record docs/operations.md tells an operator to publish at SELECTOR._domainkey.DOMAIN. */
const RECORD = `v=DKIM1; k=rsa; p=${publicKey.export({ type: 'spki', format: 'der' }).toString('base64')}`

const resolver = async (name: string, type: string) => {
  if (type === 'TXT' && name === `${SELECTOR}._domainkey.${DOMAIN}`) return [[RECORD]]
  const error = new Error(`no ${type} record for ${name}`) as Error & { code: string }
  error.code = 'ENOTFOUND'
  throw error
}

let smtp: SmtpServer
beforeAll(async () => {
  smtp = await startSmtpServer()
})
afterAll(async () => {
  await smtp.stop()
})

const setup = setUpTestDatabase()
// One app at a time: another's sender would claim (and sign, or not) this one's mail.
const apps: FastifyInstance[] = []
afterEach(async () => {
  for (const app of apps.splice(0)) await app.close()
})

const contact = { name: 'Pat Example', email: 'pat@example.net', subject: 'Signed?', message: 'Is this mail signed?' }

describe('DKIM', () => {
  it('signs every message: the notice and the receipt verify, and a changed body does not', async () => {
    const app = await buildTestApp(setup.database.handle, {
      env: {
        SMTP_URL: smtp.url,
        MAIL_FROM: `site@${DOMAIN}`,
        COUNCIL_NOTIFY_EMAIL: `desk@${DOMAIN}`,
        DKIM_DOMAIN: DOMAIN,
        DKIM_SELECTOR: SELECTOR,
        // As an env file holds it: one line, \n for each line break.
        DKIM_PRIVATE_KEY: PRIVATE_PEM.trim().replaceAll('\n', '\\n'),
      },
      mailTiming: FAST,
    })
    apps.push(app)
    smtp.received.length = 0
    expect(
      (await app.inject({ method: 'POST', url: '/api/contact', headers: SAME_ORIGIN, payload: contact })).statusCode,
    ).toBe(201)
    const mails = await smtp.waitFor(2)
    for (const mail of mails) {
      const result = await dkimVerify(mail.raw, { resolver })
      expect(
        result.results.map((one) => one.status.result),
        mail.parsed.subject,
      ).toEqual(['pass'])
      expect(result.results[0]?.signingDomain).toBe(DOMAIN)
      expect(result.results[0]?.selector).toBe(SELECTOR)
      // Changed on the way: the signature no longer vouches for it.
      const changed = Buffer.from(
        mail.raw.toString('latin1').replace('Is this mail signed?', 'Wire the money.'),
        'latin1',
      )
      const [broken] = (await dkimVerify(changed, { resolver })).results
      expect(broken?.status.result).not.toBe('pass')
      expect(broken?.info).toContain('body hash did not verify')
    }
  })

  it('without the settings no message is signed', async () => {
    const app = await buildTestApp(setup.database.handle, {
      env: { SMTP_URL: smtp.url, COUNCIL_NOTIFY_EMAIL: `desk@${DOMAIN}` },
      mailTiming: FAST,
    })
    apps.push(app)
    smtp.received.length = 0
    await app.inject({
      method: 'POST',
      url: '/api/contact',
      headers: SAME_ORIGIN,
      payload: { ...contact, email: 'other@example.net' },
    })
    const [mail] = await smtp.waitFor(1)
    expect(mail?.raw.toString('latin1')).not.toMatch(/^DKIM-Signature:/im)
  })
})

describe('DKIM settings', () => {
  const env = (extra: Record<string, string>) => testEnv(extra)

  it('reads the key from a file as from the inline setting', () => {
    const file = join(tmpdir(), `dkim-${process.pid}.pem`)
    writeFileSync(file, PRIVATE_PEM)
    const options = dkimOptions(env({ DKIM_DOMAIN: DOMAIN, DKIM_SELECTOR: SELECTOR, DKIM_PRIVATE_KEY_FILE: file }))
    expect(options).toEqual({ domainName: DOMAIN, keySelector: SELECTOR, privateKey: PRIVATE_PEM })
    expect(dkimOptions(env({}))).toBeNull()
  })

  it('refuses half the settings, two keys, a bad domain, and a key that is not one, each in one line', () => {
    expect(() => env({ DKIM_DOMAIN: DOMAIN })).toThrow(
      'DKIM_DOMAIN DKIM_DOMAIN, DKIM_SELECTOR and DKIM_PRIVATE_KEY (or DKIM_PRIVATE_KEY_FILE) are set together or not at all',
    )
    expect(() =>
      env({ DKIM_DOMAIN: DOMAIN, DKIM_SELECTOR: SELECTOR, DKIM_PRIVATE_KEY: 'x', DKIM_PRIVATE_KEY_FILE: '/x' }),
    ).toThrow('DKIM_PRIVATE_KEY and DKIM_PRIVATE_KEY_FILE are two ways to give one key: set one')
    expect(() => env({ DKIM_DOMAIN: 'not a domain', DKIM_SELECTOR: SELECTOR, DKIM_PRIVATE_KEY: 'x' })).toThrow(
      'DKIM_DOMAIN must be a domain name',
    )
    expect(() =>
      dkimOptions(env({ DKIM_DOMAIN: DOMAIN, DKIM_SELECTOR: SELECTOR, DKIM_PRIVATE_KEY: 'not a key' })),
    ).toThrow('the DKIM private key is not an RSA or Ed25519 private key in PEM')
    expect(() =>
      dkimOptions(env({ DKIM_DOMAIN: DOMAIN, DKIM_SELECTOR: SELECTOR, DKIM_PRIVATE_KEY_FILE: '/nowhere/dkim.pem' })),
    ).toThrow('DKIM_PRIVATE_KEY_FILE cannot be read (ENOENT)')
  })
})
