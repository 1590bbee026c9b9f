import type { FastifyPluginAsync, FastifyReply } from 'fastify'
import { z } from 'zod'
import { sendLinkPage } from '../auth/link-page'
import { OidcProvider, type PendingLogin, SignInError } from '../auth/oidc'
import {
  checkSignInToken,
  createSignInLink,
  LINK_SESSION_TTL_MS,
  linkEmail,
  ONE_TIME_LINK_PATH,
  ONE_TIME_LINK_TTL_MS,
  readFirstAdmin,
  redeemSignInToken,
} from '../auth/one-time-link'
import { openSession } from '../auth/sign-in'
import { UnauthorizedError } from '../errors'
import { announce } from '../events'
import { plainPage } from '../plain-page'
import { SESSION_COOKIE } from '../plugins/session'
import { acceptInvitationFor, isStoredMember } from '../services/team'
import { findUserByEmail, upsertOidcUser, upsertUser } from '../services/users'
import { mailSignInPage } from './team-join'

const PENDING_COOKIE = 'mhbot.oidc'
/** What the person at the keyboard can do next; the operator's part is in the README ("Running in production"). */
const FRESH_LINK_HINT =
  'For a new one, ask whoever runs the server to run “npm run admin:link -- your@address” (in the container image: “node dist/server/admin-link.js your@address”).'
const PENDING_TTL_S = 10 * 60

const PendingSchema = z.object({ state: z.string(), codeVerifier: z.string(), nonce: z.string() })
const CallbackQuerySchema = z.object({
  code: z.string().optional(),
  state: z.string().optional(),
  error: z.string().optional(),
  error_description: z.string().optional(),
})

/**
 * Sign-in (OpenID Connect via arctic, or the one-time link when no issuer is configured), sign-out
 * and the current user (docs/decisions/003-sign-in.md).
 */
export const authRoutes: FastifyPluginAsync = async (app) => {
  const { env } = app
  const provider =
    env.OIDC_ISSUER && env.OIDC_CLIENT_ID
      ? new OidcProvider({
          issuer: env.OIDC_ISSUER,
          clientId: env.OIDC_CLIENT_ID,
          clientSecret: env.OIDC_CLIENT_SECRET ?? null,
          redirectUri: `${env.PUBLIC_URL}/api/callback`,
        })
      : null
  const secure = env.PUBLIC_URL.startsWith('https://')
  const secret = app.sessionSecret

  const signInFailed = (reply: FastifyReply, reason: string, status = 400) => {
    // The provider's own words may be in the reason: bounded, as any text from outside.
    announce('auth.sign_in.refused', { method: 'oidc', reason: reason.slice(0, 200) })
    return reply
      .code(status)
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-store')
      .send(
        plainPage({
          title: 'Sign-in failed',
          message: `We could not sign you in: ${reason}.`,
          action: { href: '/api/login', label: 'Try signing in again' },
        }),
      )
  }

  const signIn = openSession

  if (!provider) {
    // The operator's way in on a fresh install. In production a live link in every start's log is
    // a standing risk once the operator has signed in: then it is printed only when asked for.
    app.addHook('onReady', async () => {
      const email = linkEmail(env, await readFirstAdmin(app.db))
      if (env.NODE_ENV === 'production' && env.SIGN_IN_LINK === 'auto' && (await findUserByEmail(app.db, email))) {
        app.log.info(
          `No OIDC_ISSUER configured and ${email} has signed in before, so no sign-in link is printed. Start once with SIGN_IN_LINK=on for a fresh one.`,
        )
        return
      }
      const link = createSignInLink(secret, email, env.PUBLIC_URL)
      app.log.warn(
        { signInLink: link, email, validMinutes: ONE_TIME_LINK_TTL_MS / 60_000 },
        `No OIDC_ISSUER configured. Single-use admin sign-in link for ${email} (valid 15 minutes): ${link}`,
      )
    })
  }

  app.get('/api/login', { config: { budget: 'login' } }, async (request, reply) => {
    reply.header('cache-control', 'no-store')
    if (!provider && app.mail.enabled) return reply.type('text/html; charset=utf-8').send(mailSignInPage(app.site.name))
    if (!provider) {
      return reply.type('text/html; charset=utf-8').send(
        plainPage({
          title: 'Sign-in is not configured',
          message: `No OpenID Connect provider is configured (OIDC_ISSUER). Admins sign in with a single-use link, valid for 15 minutes: the server prints one in its log when it first starts (look for "Single-use admin sign-in link"). ${FRESH_LINK_HINT}`,
        }),
      )
    }
    try {
      const { url, pending } = await provider.startLogin()
      reply.setCookie(PENDING_COOKIE, JSON.stringify(pending), {
        signed: true,
        httpOnly: true,
        sameSite: 'lax',
        secure,
        path: '/api/callback',
        maxAge: PENDING_TTL_S,
      })
      return reply.redirect(url.toString())
    } catch (error) {
      request.log.warn({ err: error }, 'could not start sign-in')
      return signInFailed(
        reply,
        error instanceof SignInError ? error.message : 'the sign-in provider could not be reached',
        502,
      )
    }
  })

  app.get('/api/callback', { config: { budget: 'callback' } }, async (request, reply) => {
    reply.header('cache-control', 'no-store')
    if (!provider) return reply.redirect('/api/login')
    const query = CallbackQuerySchema.safeParse(request.query)
    const raw = request.cookies[PENDING_COOKIE]
    reply.clearCookie(PENDING_COOKIE, { path: '/api/callback' })
    if (!query.success) return signInFailed(reply, 'the sign-in response was malformed')
    if (query.data.error) return signInFailed(reply, `the sign-in provider reported “${query.data.error}”`)
    if (!query.data.code || !query.data.state) return signInFailed(reply, 'the sign-in response was incomplete')
    const unsigned = raw ? request.unsignCookie(raw) : null
    let pending: PendingLogin | null = null
    if (unsigned?.valid && unsigned.value) {
      const parsed = PendingSchema.safeParse(JSON.parse(unsigned.value))
      pending = parsed.success ? parsed.data : null
    }
    if (!pending) return signInFailed(reply, 'the sign-in took too long or was started in another browser')
    try {
      const identity = await provider.finishLogin({ code: query.data.code, state: query.data.state }, pending)
      const user = await upsertOidcUser(app.db, {
        issuer: identity.issuer,
        subject: identity.subject,
        email: identity.email,
        firstName: identity.firstName,
        lastName: identity.lastName,
        profileImageUrl: identity.picture,
      })
      if (!user) {
        request.log.warn({ issuer: identity.issuer }, 'sign-in refused: the e-mail belongs to another identity')
        return signInFailed(reply, 'this e-mail address is already linked to another account', 403)
      }
      // An invited address proved by the provider joins the team, whichever link it came through.
      if (await acceptInvitationFor(app.db, user.email ?? identity.email))
        request.log.info({ userId: user.id }, 'invitation accepted')
      await signIn(request, user.id, 'oidc')
      request.log.info({ userId: user.id }, 'signed in')
      return reply.redirect('/admin')
    } catch (error) {
      request.log.warn({ err: error }, 'sign-in refused')
      return signInFailed(reply, error instanceof SignInError ? error.message : 'something went wrong')
    }
  })

  const LINK_REFUSALS = {
    invalid: 'The link is incomplete, was changed, or is older than 15 minutes.',
    used: 'The link was already used: each link signs in once.',
    'not-allowed':
      'The address in the link may not sign in here: it is not on the council’s team (not in ADMIN_EMAILS, nor a member who accepted an invitation; or, while ADMIN_EMAILS is empty, another address is already the first admin), or sign-in goes through the OpenID Connect provider.',
  } as const

  const TokenQuerySchema = z.object({ token: z.string().min(20).max(1000) })
  const isMember = (email: string) => isStoredMember(app.db, email)
  const refuseLink = (reply: FastifyReply, refused: keyof typeof LINK_REFUSALS) => {
    announce('auth.sign_in.refused', { method: 'link', reason: refused })
    return sendLinkPage(reply, 400, {
      title: 'This sign-in link cannot be used',
      brand: app.site.name,
      message: `${LINK_REFUSALS[refused]} ${FRESH_LINK_HINT}`,
    })
  }

  // Every sign-in link (mailed, printed at start, made by admin:link) opens this page; its GET
  // only reads, so a mail scanner or a chat's link preview uses nothing up and signs nobody in.
  app.get(ONE_TIME_LINK_PATH, { config: { budget: 'login' } }, async (request, reply) => {
    const query = TokenQuerySchema.safeParse(request.query)
    if (!query.success) return refuseLink(reply, 'invalid')
    const result = await checkSignInToken(app.db, env, secret, query.data.token, isMember)
    if ('refused' in result) return refuseLink(reply, result.refused)
    return sendLinkPage(reply, 200, {
      title: 'Sign in to the admin',
      brand: app.site.name,
      message: `This link signs ${result.email} in to the admin of ${app.site.name} for ${LINK_SESSION_TTL_MS / 3_600_000} hours. It works once, within 15 minutes of when it was made.`,
      button: { action: ONE_TIME_LINK_PATH, token: query.data.token, label: 'Sign in' },
    })
  })

  // The page's button: uses the link up and opens the session.
  app.post(ONE_TIME_LINK_PATH, { config: { budget: 'login', formBody: true } }, async (request, reply) => {
    const body = TokenQuerySchema.safeParse(request.body ?? {})
    if (!body.success) return refuseLink(reply, 'invalid')
    const result = await redeemSignInToken(app.db, env, secret, body.data.token, isMember)
    if ('refused' in result) return refuseLink(reply, result.refused)
    const user = await upsertUser(app.db, { email: result.email })
    await signIn(request, user.id, 'link')
    request.log.info({ userId: user.id }, 'signed in with a single-use link')
    return reply.redirect('/admin', 303)
  })

  app.get('/api/logout', { config: { stateChanging: true } }, async (request, reply) => {
    reply.header('cache-control', 'no-store')
    if (request.session.get('userId')) await request.session.destroy()
    reply.clearCookie(SESSION_COOKIE, { path: '/' })
    return reply.redirect('/')
  })

  app.get('/api/auth/user', async (request, reply) => {
    reply.header('cache-control', 'no-store, private')
    if (!request.user) throw new UnauthorizedError()
    return request.user
  })
}
