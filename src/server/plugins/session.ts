import fastifyCookie from '@fastify/cookie'
import fastifySession from '@fastify/session'
import fp from 'fastify-plugin'
import { type SessionUser, withRole } from '../auth/access'
import { linkSessionAllowed, readFirstAdmin } from '../auth/one-time-link'
import { DrizzleSessionStore } from '../auth/session-store'
import { configOwners, resolveRole, touchSession } from '../services/team'
import { findUserById } from '../services/users'

declare module 'fastify' {
  interface FastifyInstance {
    /** The owners the server's configuration names (ADMIN_EMAILS, or the operator's first link address). */
    configOwners: () => Promise<string[]>
  }
  interface FastifyRequest {
    /** The signed-in user, or null; resolved once per request before any route or guard runs. */
    user: SessionUser | null
  }
  interface Session {
    userId?: string
    /** How the user proved who they are; a one-time-link user is the operator and an admin. */
    via?: 'oidc' | 'link'
    /** When the session was opened (ms since the epoch); a link session ends after LINK_SESSION_TTL_MS. */
    signedInAt?: number
    /** The browser's User-Agent at sign-in, so the member can tell their sessions apart. */
    userAgent?: string
  }
}

export const SESSION_COOKIE = 'mhbot.sid'
const SESSION_TTL_MS = 7 * 24 * 60 * 60 * 1000

export const sessionPlugin = fp(
  async (app) => {
    const { env } = app
    const secret = app.sessionSecret
    await app.register(fastifyCookie, { secret })
    await app.register(fastifySession, {
      secret,
      cookieName: SESSION_COOKIE,
      store: new DrizzleSessionStore(app.db),
      // Visitors who never sign in get no session and no cookie, so public pages stay cacheable.
      saveUninitialized: false,
      rolling: false,
      cookie: {
        httpOnly: true,
        sameSite: 'lax',
        secure: env.PUBLIC_URL.startsWith('https://'),
        path: '/',
        maxAge: SESSION_TTL_MS,
      },
    })

    // Once recorded, the first admin never changes: read it until it exists, then keep it.
    let firstAdmin: string | null = null
    const firstAdminOnce = async () => {
      firstAdmin ??= await readFirstAdmin(app.db)
      return firstAdmin
    }

    app.decorate('configOwners', async () =>
      configOwners(env.ADMIN_EMAILS, env.ADMIN_EMAILS.length === 0 ? await firstAdminOnce() : null),
    )

    app.decorateRequest('user', null)
    // onRequest, not preHandler: guards run on onRequest too, before a stranger's body is read.
    app.addHook('onRequest', async (request) => {
      const userId = request.session.get('userId')
      if (!userId) return
      const user = await findUserById(app.db, userId)
      if (!user?.email) {
        await request.session.destroy()
        return
      }
      const viaLink = request.session.get('via') === 'link'
      const firstAdmin = env.ADMIN_EMAILS.length === 0 ? await firstAdminOnce() : null
      const owners = await app.configOwners()
      // Read from the database on every request: a role change or removal counts at the next one.
      const { role, fromConfig } = resolveRole(owners, { email: user.email, role: user.role })
      if (
        viaLink &&
        !linkSessionAllowed(env, user.email, request.session.get('signedInAt'), firstAdmin, role !== null)
      ) {
        await request.session.destroy()
        return
      }
      request.user = withRole(
        { id: user.id, email: user.email, firstName: user.firstName, lastName: user.lastName },
        role,
        fromConfig,
      )
      await touchSession(app.db, request.session.sessionId)
    })

    // A page or data answer to a signed-in request may be about that person: no shared or browser
    // cache keeps it. Files and scripts are the same for everyone and keep their own caching.
    app.addHook('onSend', async (request, reply, payload) => {
      const type = String(reply.getHeader('content-type') ?? '')
      if (request.user && /^(text\/html|application\/json)/.test(type))
        reply.header('cache-control', 'no-store, private')
      return payload
    })
  },
  { name: 'session', dependencies: ['db'] },
)
