import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { EnvError, parseEnv, SETTING_NAMES } from '../../src/server/env'

const ROOT = join(import.meta.dirname, '..', '..')

/** .env.example as KEY=value pairs, comments and blank lines left out. */
function envExample(): Record<string, string> {
  const lines = readFileSync(join(ROOT, '.env.example'), 'utf8').split('\n')
  const settings = lines.filter((line) => line.trim() !== '' && !line.startsWith('#'))
  return Object.fromEntries(
    settings.map((line) => {
      const match = /^([A-Z0-9_]+)=(.*)$/.exec(line)
      if (!match) throw new Error(`.env.example: not KEY=value: ${line}`)
      return [match[1], match[2]]
    }),
  )
}

describe('.env.example', () => {
  it('lists every setting of src/server/env.ts, and nothing else', () => {
    expect(Object.keys(envExample()).sort()).toEqual([...SETTING_NAMES].sort())
  })

  it('holds values the server accepts, for a development server on this machine', () => {
    const env = parseEnv(envExample())
    expect(env.NODE_ENV).toBe('development')
    expect(env.HOST).toBe('127.0.0.1')
    expect(env.DATABASE_URL).toBeUndefined()
    expect(env.SMTP_URL).toBeUndefined()
  })

  it('is not enough for production: the secret must be set', () => {
    expect(() => parseEnv({ ...envExample(), NODE_ENV: 'production' })).toThrow(/SESSION_SECRET/)
  })

  it('every setting is named in the README', () => {
    const readme = readFileSync(join(ROOT, 'README.md'), 'utf8')
    expect(SETTING_NAMES.filter((name) => !readme.includes(`\`${name}\``))).toEqual([])
  })
})

describe('parseEnv', () => {
  it('applies the documented defaults', () => {
    const env = parseEnv({})
    expect(env.PORT).toBe(3000)
    expect(env.HOST).toBe('0.0.0.0')
    expect(env.DATABASE_URL).toBeUndefined()
    expect(env.DATA_DIR).toBe('./data')
    expect(env.PUBLIC_URL).toBe('http://localhost:3000')
    expect(env.ADMIN_EMAILS).toEqual([])
    expect(env.UPLOAD_MAX_MB).toBe(20)
    expect(env.RATE_LIMITS).toBe('on')
  })

  it('derives PUBLIC_URL from PORT and trims a trailing slash', () => {
    expect(parseEnv({ PORT: '8080' }).PUBLIC_URL).toBe('http://localhost:8080')
    expect(parseEnv({ PUBLIC_URL: 'https://example.org/' }).PUBLIC_URL).toBe('https://example.org')
  })

  it('reads TRUST_PROXY as a boolean, a hop count or an address list, trusting nobody by default', () => {
    expect(parseEnv({}).TRUST_PROXY).toBe(false)
    expect(parseEnv({ TRUST_PROXY: '1' }).TRUST_PROXY).toBe(1)
    expect(parseEnv({ TRUST_PROXY: 'true' }).TRUST_PROXY).toBe(true)
    expect(parseEnv({ TRUST_PROXY: 'false' }).TRUST_PROXY).toBe(false)
    expect(parseEnv({ TRUST_PROXY: '10.0.0.0/8' }).TRUST_PROXY).toBe('10.0.0.0/8')
  })

  it('reads the mail settings: off by default, smtp:// or smtps:// only, addresses checked', () => {
    const off = parseEnv({})
    expect(off.SMTP_URL).toBeUndefined()
    expect(off.MAIL_FROM).toBeUndefined()
    expect(off.COUNCIL_NOTIFY_EMAIL).toBeUndefined()
    const on = parseEnv({
      SMTP_URL: 'smtps://user:p%40ss@mail.example.org:465',
      MAIL_FROM: 'news@example.org',
      COUNCIL_NOTIFY_EMAIL: 'council@example.org',
    })
    expect(on.SMTP_URL).toBe('smtps://user:p%40ss@mail.example.org:465')
    expect(parseEnv({ SMTP_URL: '  ' }).SMTP_URL).toBeUndefined()
    expect(() => parseEnv({ SMTP_URL: 'http://mail.example.org' })).toThrow(
      'SMTP_URL must be an smtp:// or smtps:// URL with a host',
    )
    expect(() => parseEnv({ SMTP_URL: 'mail.example.org:25' })).toThrow(EnvError)
    expect(() => parseEnv({ MAIL_FROM: 'not an address' })).toThrow('MAIL_FROM must be an e-mail address')
    expect(() => parseEnv({ COUNCIL_NOTIFY_EMAIL: 'x' })).toThrow('COUNCIL_NOTIFY_EMAIL must be an e-mail address')
  })

  it('reads MAIL_RATE_PER_MINUTE: 60 by default, a whole number of at least 1', () => {
    expect(parseEnv({}).MAIL_RATE_PER_MINUTE).toBe(60)
    expect(parseEnv({ MAIL_RATE_PER_MINUTE: '600' }).MAIL_RATE_PER_MINUTE).toBe(600)
    expect(() => parseEnv({ MAIL_RATE_PER_MINUTE: '0' })).toThrow('MAIL_RATE_PER_MINUTE must be between 1 and 100000')
    expect(() => parseEnv({ MAIL_RATE_PER_MINUTE: 'fast' })).toThrow('MAIL_RATE_PER_MINUTE must be a number')
  })

  it('lower-cases and splits ADMIN_EMAILS', () => {
    expect(parseEnv({ ADMIN_EMAILS: ' Alice@Example.org, bob@example.org ,' }).ADMIN_EMAILS).toEqual([
      'alice@example.org',
      'bob@example.org',
    ])
  })

  it.each([
    [{ DATABASE_URL: 'nonsense' }, 'DATABASE_URL'],
    [{ PORT: 'abc' }, 'PORT'],
    [{ PORT: '70000' }, 'PORT'],
    [{ SESSION_SECRET: 'short' }, 'SESSION_SECRET'],
    [{ NODE_ENV: 'production' }, 'SESSION_SECRET'],
    [{ ADMIN_EMAILS: 'not-an-email' }, 'ADMIN_EMAILS'],
    [{ UPLOAD_MAX_MB: '0' }, 'UPLOAD_MAX_MB'],
    [{ RATE_LIMITS: 'maybe' }, 'RATE_LIMITS'],
    [{ OIDC_ISSUER: 'https://id.example.org' }, 'OIDC_CLIENT_ID'],
  ])('rejects %o naming %s in one line', (source, key) => {
    let caught: unknown
    try {
      parseEnv(source)
    } catch (error) {
      caught = error
    }
    expect(caught).toBeInstanceOf(EnvError)
    const message = (caught as Error).message
    expect(message).toContain(key)
    expect(message).not.toContain('\n')
  })
})
