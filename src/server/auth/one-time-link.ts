import { createHash, randomBytes } from 'node:crypto'
import { and, eq, gt, isNull, lt, or } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { loginTokens } from '../../db/schema'

export const ONE_TIME_LINK_TTL_MS = 15 * 60 * 1000
export const ONE_TIME_LINK_PATH = '/api/login/link'
/** A session opened with the link lasts hours, not the days an OpenID Connect session may. */
export const LINK_SESSION_TTL_MS = 8 * 60 * 60 * 1000

const FALLBACK_OPERATOR_EMAIL = 'admin@localhost'

type LinkSettings = { OIDC_ISSUER?: string; ADMIN_EMAILS: string[] }

/** Who the link signs in: the first ADMIN_EMAILS entry, or a stand-in operator when there is none. */
export const linkEmail = (env: LinkSettings) => env.ADMIN_EMAILS[0] ?? FALLBACK_OPERATOR_EMAIL

/**
 * Whether a link session still counts as an admin: only while no issuer is configured (once one
 * is, sign-in goes through it) and while its e-mail is still allowed.
 */
export function linkSessionAllowed(env: LinkSettings, email: string, signedInAt: number | undefined): boolean {
  if (env.OIDC_ISSUER) return false
  if (signedInAt === undefined || Date.now() - signedInAt > LINK_SESSION_TTL_MS) return false
  return env.ADMIN_EMAILS.length > 0 ? env.ADMIN_EMAILS.includes(email) : email === FALLBACK_OPERATOR_EMAIL
}

const hash = (token: string) => createHash('sha256').update(token).digest('hex')

/**
 * With no OpenID Connect issuer configured, the operator signs in through a single-use link printed
 * in the log at start-up. Only the token's hash is stored, so a database dump cannot be replayed.
 */
export async function createOneTimeLink(db: Db, email: string, publicUrl: string): Promise<string> {
  const token = randomBytes(32).toString('base64url')
  await db.delete(loginTokens).where(or(lt(loginTokens.expiresAt, new Date()), eq(loginTokens.email, email)))
  await db
    .insert(loginTokens)
    .values({ tokenHash: hash(token), email, expiresAt: new Date(Date.now() + ONE_TIME_LINK_TTL_MS) })
  return `${publicUrl}${ONE_TIME_LINK_PATH}?token=${token}`
}

/** Marks the token used and returns its e-mail, or null when it is unknown, used or expired. */
export async function consumeOneTimeToken(db: Db, token: string): Promise<string | null> {
  const [row] = await db
    .update(loginTokens)
    .set({ usedAt: new Date() })
    .where(
      and(eq(loginTokens.tokenHash, hash(token)), isNull(loginTokens.usedAt), gt(loginTokens.expiresAt, new Date())),
    )
    .returning({ email: loginTokens.email })
  return row?.email ?? null
}
