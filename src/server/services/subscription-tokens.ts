import { createHmac, hkdfSync, timingSafeEqual } from 'node:crypto'

/*
 * The links in the newsletter's mail carry their own authority (docs/decisions/017-newsletter-subscriptions.md):
 * a subscriber id with an HMAC under a key derived from SESSION_SECRET, one key per purpose, so a
 * token made for one purpose is worthless for the other and nobody without the secret can make one.
 *
 * - Unsubscribe: `<id>.<mac>`; it never expires (a link in an old mail must still work).
 * - Confirm: `<id>.<since>.<mac>`, where `since` is when the subscription became pending; a newer
 *   request moves `since`, which voids older links, and a link older than CONFIRM_LINK_TTL_MS is refused.
 */

export const CONFIRM_LINK_TTL_MS = 7 * 24 * 60 * 60 * 1000

const PURPOSES = {
  unsubscribe: 'mhbot newsletter unsubscribe v1',
  confirm: 'mhbot newsletter confirm v1',
  /** An applicant's link to one application's page (services/registry/links.ts). */
  application: 'mhbot registry application v1',
  /** A listing contact's link to renew that listing (services/registry/links.ts). */
  renewal: 'mhbot registry renewal v1',
} as const
export type Purpose = keyof typeof PURPOSES

/** Subscriber ids are generated UUIDs; anything else in a token is not one of ours. */
const ID = /^[A-Za-z0-9-]{1,64}$/

const keys = new Map<string, Buffer>()
function key(secret: string, purpose: Purpose): Buffer {
  const cacheKey = `${purpose}\u0000${secret}`
  let derived = keys.get(cacheKey)
  if (!derived) {
    derived = Buffer.from(hkdfSync('sha256', secret, '', PURPOSES[purpose], 32))
    keys.set(cacheKey, derived)
  }
  return derived
}

export const mac = (secret: string, purpose: Purpose, payload: string) =>
  createHmac('sha256', key(secret, purpose)).update(payload).digest()

/**
 * Compared as text, not as decoded bytes: base64url's last character carries spare bits, so
 * several spellings decode to the same MAC, and only the one we wrote may count.
 */
export function verified(secret: string, purpose: Purpose, payload: string, signature: string): boolean {
  const expected = Buffer.from(mac(secret, purpose, payload).toString('base64url'))
  const given = Buffer.from(signature)
  return given.length === expected.length && timingSafeEqual(given, expected)
}

export function unsubscribeToken(secret: string, subscriberId: string): string {
  return `${subscriberId}.${mac(secret, 'unsubscribe', subscriberId).toString('base64url')}`
}

/** The subscriber an unsubscribe token names, or null when it is malformed or forged. */
export function readUnsubscribeToken(secret: string, token: string): string | null {
  const [id, signature, ...rest] = token.split('.')
  if (!id || !signature || rest.length > 0 || !ID.test(id)) return null
  return verified(secret, 'unsubscribe', id, signature) ? id : null
}

export function confirmToken(secret: string, subscriberId: string, pendingSince: Date): string {
  const payload = `${subscriberId}.${pendingSince.getTime()}`
  return `${payload}.${mac(secret, 'confirm', payload).toString('base64url')}`
}

/** The subscriber and pending time a confirmation token names, or null when malformed, forged or too old. */
export function readConfirmToken(
  secret: string,
  token: string,
  now = Date.now(),
): { subscriberId: string; pendingSince: Date } | null {
  const [id, since, signature, ...rest] = token.split('.')
  if (!id || !since || !signature || rest.length > 0 || !ID.test(id) || !/^\d{1,15}$/.test(since)) return null
  if (!verified(secret, 'confirm', `${id}.${since}`, signature)) return null
  const pendingSince = new Date(Number(since))
  if (now - pendingSince.getTime() > CONFIRM_LINK_TTL_MS) return null
  return { subscriberId: id, pendingSince }
}

/** The addresses a subscriber's mail links to. */
export const subscriptionLinks = {
  unsubscribe: (publicUrl: string, secret: string, subscriberId: string) =>
    `${publicUrl}/newsletter/unsubscribe?token=${unsubscribeToken(secret, subscriberId)}`,
  confirm: (publicUrl: string, secret: string, subscriberId: string, pendingSince: Date) =>
    `${publicUrl}/newsletter/confirm?token=${confirmToken(secret, subscriberId, pendingSince)}`,
}
