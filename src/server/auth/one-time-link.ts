import { createHash, randomBytes } from 'node:crypto'
import { and, eq, gt, isNull, lt, or } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { loginTokens } from '../../db/schema'

export const ONE_TIME_LINK_TTL_MS = 15 * 60 * 1000
export const ONE_TIME_LINK_PATH = '/api/login/link'

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
