import { createHmac, timingSafeEqual } from 'node:crypto'

/*
 * How a call to POST /api/mail/events/{provider} proves it comes from the council's provider
 * (docs/mail-events.md). Every provider's call carries MAIL_EVENTS_SECRET one way or another;
 * SNS's messages are signed by AWS as well (sns.ts).
 */

/** How far a generic call's time may be from ours: a recorded call cannot be replayed later than this. */
export const SIGNATURE_TOLERANCE_SECONDS = 300

const equalText = (given: string, expected: string) => {
  const a = Buffer.from(given)
  const b = Buffer.from(expected)
  return a.length === b.length && timingSafeEqual(a, b)
}

/** The generic shape's signature: `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<body>">`. */
export function signGeneric(secret: string, body: string, at: number): string {
  const t = Math.floor(at / 1000)
  return `t=${t},v1=${createHmac('sha256', secret).update(`${t}.${body}`).digest('hex')}`
}

/** Whether `header` is a signature of `body` by `secret`, made within the tolerance of `now`. */
export function verifyGenericSignature(secret: string, header: string | undefined, body: string, now: number): boolean {
  if (!header) return false
  const parts = new Map<string, string[]>()
  for (const part of header.split(',')) {
    const at = part.indexOf('=')
    if (at <= 0) continue
    const key = part.slice(0, at).trim()
    parts.set(key, [...(parts.get(key) ?? []), part.slice(at + 1).trim()])
  }
  const t = parts.get('t')?.[0]
  if (!t || !/^\d{1,12}$/.test(t)) return false
  if (Math.abs(now / 1000 - Number(t)) > SIGNATURE_TOLERANCE_SECONDS) return false
  const expected = createHmac('sha256', secret).update(`${t}.${body}`).digest('hex')
  // More than one v1 lets a sender sign with an old and a new secret while it changes.
  return (parts.get('v1') ?? []).some((given) => equalText(given.toLowerCase(), expected))
}

/**
 * Basic credentials whose password is the secret (any user name): what SNS and Postmark send when
 * the endpoint's address is written `https://user:secret@host/…` in their settings.
 */
export function verifyBasicSecret(secret: string, authorization: string | undefined): boolean {
  const match = /^Basic\s+([A-Za-z0-9+/=]+)\s*$/i.exec(authorization ?? '')
  if (!match?.[1]) return false
  const decoded = Buffer.from(match[1], 'base64').toString('utf8')
  const colon = decoded.indexOf(':')
  return colon !== -1 && equalText(decoded.slice(colon + 1), secret)
}
