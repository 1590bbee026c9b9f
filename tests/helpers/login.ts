import { randomBytes } from 'node:crypto'
import { eq } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { sessions, users } from '../../src/db/schema'
import { SESSION_COOKIE } from '../../src/server/plugins/session'
import { upsertUser } from '../../src/server/services/users'
import type { Role } from '../../src/shared/permissions'

const DAY_MS = 24 * 60 * 60 * 1000

/**
 * The cheap way in for tests: a user row and a session row, and the signed cookie that names it
 * (the sign-in flow itself has its own end-to-end test against a real OIDC server).
 */
export async function loginCookie(
  app: FastifyInstance,
  email: string,
  via: 'oidc' | 'link' = 'oidc',
  signedInAt = Date.now(),
): Promise<string> {
  const user = await upsertUser(app.db, { email })
  const sid = randomBytes(24).toString('base64url')
  const expires = new Date(Date.now() + DAY_MS)
  await app.db.insert(sessions).values({
    sid,
    sess: {
      cookie: {
        originalMaxAge: DAY_MS,
        expires: expires.toISOString(),
        httpOnly: true,
        path: '/',
        sameSite: 'lax',
        secure: false,
      },
      userId: user.id,
      via,
      signedInAt,
    },
    expire: expires,
    userId: user.id,
  })
  return `${SESSION_COOKIE}=${app.signCookie(sid)}`
}

/** A member of the team with `role` (as an accepted invitation leaves them), signed in. */
export async function memberCookie(app: FastifyInstance, email: string, role: Role): Promise<string> {
  await upsertUser(app.db, { email })
  await app.db.update(users).set({ role }).where(eq(users.email, email))
  return loginCookie(app, email)
}

export const SAME_ORIGIN = { origin: 'http://localhost:3000' }
export const CROSS_ORIGIN = { origin: 'https://evil.example' }
