import { randomBytes } from 'node:crypto'
import { eq } from 'drizzle-orm'
import type { FastifyInstance, LightMyRequestResponse } from 'fastify'
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

/**
 * Follows a sign-in link as a person does (docs/decisions/037-sign-in-links-open-a-page.md): its
 * page, a GET that changes nothing, then the page's "Sign in" button, which posts the token. A
 * link whose page offers no button (refused: changed, expired, used) answers with that page.
 */
export async function followSignInLink(app: FastifyInstance, link: string): Promise<LightMyRequestResponse> {
  const url = new URL(link)
  const page = await app.inject({ method: 'GET', url: `${url.pathname}${url.search}` })
  if (page.statusCode !== 200 || !page.body.includes('<button type="submit">Sign in</button>')) return page
  return app.inject({
    method: 'POST',
    url: url.pathname,
    headers: { ...SAME_ORIGIN, 'content-type': 'application/x-www-form-urlencoded' },
    payload: `token=${encodeURIComponent(url.searchParams.get('token') ?? '')}`,
  })
}
