import { mac, verified } from '../subscription-tokens'

/*
 * The registry's links carry their own authority, as the newsletter's do (decision 017): an id and
 * an HMAC under a key derived from SESSION_SECRET for this purpose alone, so a link made for one
 * application is worthless for another, and a renewal link is no application link.
 *
 * - An application's link, `<applicationId>.<mac>`, works for the life of the application: it opens
 *   the applicant's page (after a button: docs/registry.md, "Applications").
 * - A renewal link, `<listingId>.<mac>`, works while the listing exists and is not withdrawn.
 */

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/

const sign = (secret: string, purpose: 'application' | 'renewal', id: string) =>
  `${id}.${mac(secret, purpose, id).toString('base64url')}`

const read = (secret: string, purpose: 'application' | 'renewal', token: unknown): string | null => {
  if (typeof token !== 'string' || token.length > 200) return null
  const [id, signature, ...rest] = token.split('.')
  if (!id || !signature || rest.length > 0 || !UUID.test(id)) return null
  return verified(secret, purpose, id, signature) ? id : null
}

export const applicationToken = (secret: string, applicationId: string) => sign(secret, 'application', applicationId)
/** The application a link names, or null when it is malformed or forged (not whether it still exists). */
export const readApplicationToken = (secret: string, token: unknown) => read(secret, 'application', token)

export const renewalToken = (secret: string, listingId: string) => sign(secret, 'renewal', listingId)
/** The listing a renewal link names, or null when it is malformed or forged. */
export const readRenewalToken = (secret: string, token: unknown) => read(secret, 'renewal', token)
