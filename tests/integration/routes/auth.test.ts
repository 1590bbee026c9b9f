import { createHash } from 'node:crypto'
import { eq } from 'drizzle-orm'
import type { FastifyInstance, LightMyRequestResponse } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { loginTokens } from '../../../src/db/schema'
import {
  createSignInLink,
  ONE_TIME_LINK_TTL_MS,
  readSignInToken,
  signSignInToken,
} from '../../../src/server/auth/one-time-link'
import { buildTestApp, setUpTestApp, TEST_PUBLIC_URL, testEnv } from '../../helpers/build-app'
import { CROSS_ORIGIN, followSignInLink, loginCookie, SAME_ORIGIN } from '../../helpers/login'
import { OIDC_CLIENT_ID, OIDC_CLIENT_SECRET, startTestIssuer, type TestIssuer } from '../../helpers/oidc'

let issuer: TestIssuer

const cookiesOf = (response: LightMyRequestResponse) =>
  response.cookies.map((cookie) => `${cookie.name}=${cookie.value}`).join('; ')

// The issuer starts first (the app's env names it) and stops last, after the helper's own teardown.
beforeAll(async () => {
  issuer = await startTestIssuer()
})
afterAll(async () => {
  await issuer?.stop()
})
const setup = setUpTestApp({
  env: () => ({
    ADMIN_EMAILS: 'admin@example.org',
    OIDC_ISSUER: issuer.url,
    OIDC_CLIENT_ID,
    OIDC_CLIENT_SECRET,
  }),
})

/** Walks the authorization-code flow: our /api/login → the issuer → our /api/callback. */
async function signInThroughIssuer(claims: Record<string, unknown>) {
  const login = await setup.app.inject({ method: 'GET', url: '/api/login' })
  expect(login.statusCode).toBe(302)
  const authorize = new URL(String(login.headers.location))
  expect(authorize.origin).toBe(new URL(issuer.url).origin)
  expect(authorize.searchParams.get('code_challenge_method')).toBe('S256')
  expect(authorize.searchParams.get('nonce')).toBeTruthy()
  expect(authorize.searchParams.get('redirect_uri')).toBe(`${TEST_PUBLIC_URL}/api/callback`)

  const redirect = await fetch(authorize, { redirect: 'manual' })
  const callback = new URL(String(redirect.headers.get('location')))
  issuer.nextClaims(claims)
  return setup.app.inject({
    method: 'GET',
    url: `${callback.pathname}${callback.search}`,
    headers: { cookie: cookiesOf(login) },
  })
}

describe('sign-in through OpenID Connect', () => {
  it('lets an allowlisted admin in with a fresh session', async () => {
    const callback = await signInThroughIssuer({ email: 'Admin@Example.org', email_verified: true, given_name: 'Ada' })
    expect(callback.statusCode, callback.body).toBe(302)
    expect(callback.headers.location).toBe('/admin')
    const session = callback.cookies.find((cookie) => cookie.name === 'mhbot.sid')
    expect(session?.httpOnly).toBe(true)
    expect(session?.sameSite).toBe('Lax')
    const me = await setup.app.inject({
      method: 'GET',
      url: '/api/auth/user',
      headers: { cookie: cookiesOf(callback) },
    })
    expect(me.statusCode).toBe(200)
    expect(me.json()).toMatchObject({ email: 'admin@example.org', firstName: 'Ada', isAdmin: true })
  })

  it('signs an outsider in without admin rights', async () => {
    const callback = await signInThroughIssuer({ email: 'outsider@example.org', email_verified: true })
    const me = await setup.app.inject({
      method: 'GET',
      url: '/api/auth/user',
      headers: { cookie: cookiesOf(callback) },
    })
    expect(me.json()).toMatchObject({ email: 'outsider@example.org', isAdmin: false })
  })

  it.each([
    ['a wrong nonce', { nonce: 'someone-elses' }, 'was not issued for this sign-in'],
    ['a wrong audience', { aud: 'another-client' }, 'could not be verified'],
    [
      'an expired token',
      { exp: Math.floor(Date.now() / 1000) - 3600, iat: Math.floor(Date.now() / 1000) - 7200 },
      'could not be verified',
    ],
    ['an unverified e-mail', { email_verified: false }, 'is not verified'],
    ['an e-mail with no email_verified claim', { email_verified: undefined }, 'is not verified'],
    ['email_verified given as the string "false"', { email_verified: 'false' }, 'is not verified'],
    ['email_verified given as the string "true"', { email_verified: 'true' }, 'is not verified'],
    ['no e-mail', { email: undefined }, 'did not share an e-mail'],
  ])('refuses %s with a plain page that offers to try again', async (_case, claims, reason) => {
    const callback = await signInThroughIssuer({ email: 'admin@example.org', email_verified: true, ...claims })
    expect(callback.statusCode).toBe(400)
    expect(callback.body).toContain('Sign-in failed')
    expect(callback.body).toContain(reason)
    expect(callback.body).toContain('href="/api/login"')
    expect(callback.cookies.find((cookie) => cookie.name === 'mhbot.sid')).toBeUndefined()
  })

  it('binds an e-mail to the identity that first signed in with it, and refuses another identity', async () => {
    const first = await signInThroughIssuer({ email: 'admin@example.org', email_verified: true, sub: 'subject-a' })
    expect(first.statusCode, first.body).toBe(302)
    const impostor = await signInThroughIssuer({ email: 'admin@example.org', email_verified: true, sub: 'subject-b' })
    expect(impostor.statusCode).toBe(403)
    expect(impostor.body).toContain('already linked to another account')
    expect(impostor.cookies.find((cookie) => cookie.name === 'mhbot.sid')).toBeUndefined()
    const again = await signInThroughIssuer({ email: 'Admin@example.org', email_verified: true, sub: 'subject-a' })
    expect(again.statusCode, again.body).toBe(302)
  })

  it('refuses a token with a bad signature', async () => {
    issuer.server.service.once('beforeResponse', (response) => {
      const body = response.body as { id_token?: string }
      if (body.id_token) {
        const [head, payload] = body.id_token.split('.')
        body.id_token = `${head}.${payload}.${Buffer.from('forged signature').toString('base64url')}`
      }
    })
    const callback = await signInThroughIssuer({ email: 'admin@example.org', email_verified: true })
    expect(callback.statusCode).toBe(400)
    expect(callback.body).toContain('could not be verified')
  })

  it('refuses a callback whose state does not match, and one without the pending cookie', async () => {
    const login = await setup.app.inject({ method: 'GET', url: '/api/login' })
    const wrongState = await setup.app.inject({
      method: 'GET',
      url: '/api/callback?code=x&state=nope',
      headers: { cookie: cookiesOf(login) },
    })
    expect(wrongState.statusCode).toBe(400)
    const noCookie = await setup.app.inject({ method: 'GET', url: '/api/callback?code=x&state=y' })
    expect(noCookie.statusCode).toBe(400)
    expect(noCookie.body).toContain('Try signing in again')
  })
})

describe('GET /api/auth/user', () => {
  it('answers 401 when nobody is signed in', async () => {
    const response = await setup.app.inject({ method: 'GET', url: '/api/auth/user' })
    expect(response.statusCode).toBe(401)
  })
})

describe('GET /api/logout', () => {
  it('ends the session and sends the browser home', async () => {
    const cookie = await loginCookie(setup.app, 'admin@example.org')
    const logout = await setup.app.inject({
      method: 'GET',
      url: '/api/logout',
      headers: { cookie, 'sec-fetch-site': 'same-origin' },
    })
    expect(logout.statusCode).toBe(302)
    expect(logout.headers.location).toBe('/')
    const me = await setup.app.inject({ method: 'GET', url: '/api/auth/user', headers: { cookie } })
    expect(me.statusCode).toBe(401)
  })

  it('is refused from another site', async () => {
    const cookie = await loginCookie(setup.app, 'admin@example.org')
    const logout = await setup.app.inject({
      method: 'GET',
      url: '/api/logout',
      headers: { cookie, 'sec-fetch-site': 'cross-site' },
    })
    expect(logout.statusCode).toBe(403)
    expect((await setup.app.inject({ method: 'GET', url: '/api/auth/user', headers: { cookie } })).statusCode).toBe(200)
  })
})

describe('sessions', () => {
  it('survive a restart of the server', async () => {
    const cookie = await loginCookie(setup.app, 'admin@example.org')
    const restarted = await buildTestApp(setup.database.handle, { env: { ADMIN_EMAILS: 'admin@example.org' } })
    const me = await restarted.inject({ method: 'GET', url: '/api/auth/user', headers: { cookie } })
    await restarted.close()
    expect(me.statusCode).toBe(200)
  })
})

describe('one-time sign-in link (no issuer configured)', () => {
  const SECRET = testEnv().SESSION_SECRET ?? ''
  let linkApp: FastifyInstance
  beforeAll(async () => {
    linkApp = await buildTestApp(setup.database.handle, { env: { ADMIN_EMAILS: 'ops@example.org' } })
  })
  afterAll(async () => {
    await linkApp?.close()
  })
  const tokenOf = (link: string) => String(new URL(link).searchParams.get('token'))
  /** The link's page, as a mail scanner or a person's browser opens it. */
  const view = (target: FastifyInstance, link: string) => {
    const url = new URL(link)
    return target.inject({ method: 'GET', url: `${url.pathname}${url.search}` })
  }
  /** The page's "Sign in" button. */
  const press = (target: FastifyInstance, token: string, headers: Record<string, string> = SAME_ORIGIN) =>
    target.inject({
      method: 'POST',
      url: '/api/login/link',
      headers: { ...headers, 'content-type': 'application/x-www-form-urlencoded' },
      payload: `token=${encodeURIComponent(token)}`,
    })
  /** Follows a link as a person does (its page, then its button); the page never sets a cookie. */
  const open = async (target: FastifyInstance, link: string) => {
    const page = await view(target, link)
    expect(page.headers['set-cookie']).toBeUndefined()
    return followSignInLink(target, link)
  }
  const usedLinkRows = (token: string) =>
    linkApp.db
      .select()
      .from(loginTokens)
      .where(eq(loginTokens.tokenHash, createHash('sha256').update(token).digest('hex')))

  it('opens a page whose GET changes nothing, however often a scanner fetches it; its button signs in once', async () => {
    const link = createSignInLink(SECRET, 'ops@example.org', TEST_PUBLIC_URL)
    const token = tokenOf(link)
    for (let fetches = 0; fetches < 3; fetches++) {
      const page = await view(linkApp, link)
      expect(page.statusCode).toBe(200)
      expect(page.headers['set-cookie']).toBeUndefined()
      expect(page.headers['cache-control']).toBe('no-store')
      // Not no-referrer: with it, the browser's post from this page carries "Origin: null", refused as cross-site.
      expect(page.headers['referrer-policy']).toBe('same-origin')
      expect(page.headers['x-robots-tag']).toBe('noindex, nofollow')
      expect(page.headers['content-security-policy']).toContain("form-action 'self'")
      expect(page.body).toContain('Sign in to the admin')
      expect(page.body).toContain('ops@example.org')
      expect(page.body).toContain('<form method="post" action="/api/login/link">')
      expect(page.body).toContain(`<input type="hidden" name="token" value="${token}">`)
      expect(await usedLinkRows(token)).toEqual([])
    }
    // The button from another site is refused, and uses nothing up.
    const crossSite = await press(linkApp, token, CROSS_ORIGIN)
    expect(crossSite.statusCode).toBe(403)
    expect(crossSite.headers['set-cookie']).toBeUndefined()

    const signedIn = await press(linkApp, token)
    expect(signedIn.statusCode).toBe(303)
    expect(signedIn.headers.location).toBe('/admin')
    const me = await linkApp.inject({ method: 'GET', url: '/api/auth/user', headers: { cookie: cookiesOf(signedIn) } })
    expect(me.json()).toMatchObject({ email: 'ops@example.org', isAdmin: true })
    expect(await usedLinkRows(token)).toHaveLength(1)

    const again = await press(linkApp, token)
    expect(again.statusCode).toBe(400)
    expect(again.body).toContain('already used')
    expect(again.headers['set-cookie']).toBeUndefined()
    const usedPage = await view(linkApp, link)
    expect(usedPage.statusCode).toBe(400)
    expect(usedPage.body).toContain('already used')
    expect(usedPage.body).not.toContain('<form')
    expect(usedPage.headers['cache-control']).toBe('no-store')
  })

  it('refuses a button posted with no token or a malformed one, with the link’s refusal page', async () => {
    for (const payload of ['', 'token=', 'token=short', `token=${'x'.repeat(1001)}`, 'other=1']) {
      const response = await linkApp.inject({
        method: 'POST',
        url: '/api/login/link',
        headers: { ...SAME_ORIGIN, 'content-type': 'application/x-www-form-urlencoded' },
        payload,
      })
      expect(response.statusCode, payload).toBe(400)
      expect(response.body).toContain('This sign-in link cannot be used')
      expect(response.headers['set-cookie']).toBeUndefined()
    }
  })

  it('signs the operator in once, as an admin, and never again', async () => {
    const link = createSignInLink(SECRET, 'ops@example.org', TEST_PUBLIC_URL)
    const first = await open(linkApp, link)
    expect(first.statusCode).toBe(303)
    expect(first.headers.location).toBe('/admin')
    const me = await linkApp.inject({ method: 'GET', url: '/api/auth/user', headers: { cookie: cookiesOf(first) } })
    expect(me.json()).toMatchObject({ email: 'ops@example.org', isAdmin: true })
    const second = await open(linkApp, link)
    expect(second.statusCode).toBe(400)
    expect(second.body).toContain('This sign-in link cannot be used')
    expect(second.body).toContain('already used')
  })

  it('a used link spelled differently (the spare bits of base64url’s last character) is still used', async () => {
    const link = createSignInLink(SECRET, 'ops@example.org', TEST_PUBLIC_URL)
    expect((await open(linkApp, link)).statusCode).toBe(303)
    const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_'
    const last = alphabet.indexOf(link.at(-1) ?? '')
    // 32 bytes of MAC fill 43 characters; the last one's two low bits decode to nothing.
    const respelled = [1, 2, 3].map((bits) => `${link.slice(0, -1)}${alphabet[(last & ~3) | ((last + bits) & 3)]}`)
    for (const variant of respelled) {
      const response = await open(linkApp, variant)
      expect(response.statusCode, variant).toBe(400)
      expect(response.cookies.find((cookie) => cookie.name === 'mhbot.sid')).toBeUndefined()
    }
  })

  it('stores only a hash of a redeemed link', async () => {
    const link = createSignInLink(SECRET, 'ops@example.org', TEST_PUBLIC_URL)
    await open(linkApp, link)
    const token = String(new URL(link).searchParams.get('token'))
    const rows = await linkApp.db.select().from(loginTokens)
    expect(rows.length).toBeGreaterThan(0)
    expect(JSON.stringify(rows)).not.toContain(token.slice(0, 40))
  })

  it('caps a link at 15 minutes from when it was made, whatever expiry it was signed with', async () => {
    const MINUTE = 60_000
    const DAY = 24 * 60 * MINUTE
    const now = Date.now()
    const linkFor = (claims: { i?: number; x: number }) =>
      `${TEST_PUBLIC_URL}/api/login/link?token=${signSignInToken(SECRET, {
        e: 'ops@example.org',
        n: Math.random().toString(16).slice(2).padEnd(16, '0'),
        ...claims,
      } as Parameters<typeof signSignInToken>[1])}`
    const refusedLinks = {
      'made 16 minutes ago, signed for a day': linkFor({ i: now - 16 * MINUTE, x: now + DAY }),
      'made a day ago, signed for two': linkFor({ i: now - DAY, x: now + DAY }),
      'made an hour from now, signed for 15 minutes after that': linkFor({
        i: now + 60 * MINUTE,
        x: now + 75 * MINUTE,
      }),
      'no making time, signed for a day': linkFor({ x: now + DAY }),
    }
    for (const [what, link] of Object.entries(refusedLinks)) {
      const response = await open(linkApp, link)
      expect(response.statusCode, what).toBe(400)
      expect(response.body, what).toContain('older than 15 minutes')
      expect(
        response.cookies.find((cookie) => cookie.name === 'mhbot.sid'),
        what,
      ).toBeUndefined()
    }
    // Made a minute ago and signed for a day: it works, and counts as expiring 15 minutes after it was made.
    const recent = linkFor({ i: now - MINUTE, x: now + DAY })
    const token = String(new URL(recent).searchParams.get('token'))
    expect(readSignInToken(SECRET, token, now)?.expiresAt.getTime()).toBe(now - MINUTE + ONE_TIME_LINK_TTL_MS)
    expect(readSignInToken(SECRET, token, now - MINUTE + ONE_TIME_LINK_TTL_MS)).toBeNull()
    expect((await open(linkApp, recent)).statusCode).toBe(303)
  })

  it('refuses a forged, a changed, an expired link and an address outside ADMIN_EMAILS', async () => {
    const forged = createSignInLink('another-secret-another-secret-another', 'ops@example.org', TEST_PUBLIC_URL)
    const genuine = new URL(createSignInLink(SECRET, 'ops@example.org', TEST_PUBLIC_URL))
    const [payload, signature] = String(genuine.searchParams.get('token')).split('.')
    const otherPayload = Buffer.from(
      JSON.stringify({ ...JSON.parse(Buffer.from(String(payload), 'base64url').toString()), e: 'evil@example.org' }),
    ).toString('base64url')
    const changed = `${TEST_PUBLIC_URL}/api/login/link?token=${otherPayload}.${signature}`
    const expired = createSignInLink(SECRET, 'ops@example.org', TEST_PUBLIC_URL, Date.now() - ONE_TIME_LINK_TTL_MS - 1)
    const outsider = createSignInLink(SECRET, 'someone@example.org', TEST_PUBLIC_URL)
    for (const link of [forged, changed, expired]) {
      const response = await open(linkApp, link)
      expect(response.statusCode, link).toBe(400)
      expect(response.body).toContain('was changed, or is older than 15 minutes')
      expect(response.cookies.find((cookie) => cookie.name === 'mhbot.sid')).toBeUndefined()
    }
    const refused = await open(linkApp, outsider)
    expect(refused.statusCode).toBe(400)
    expect(refused.body).toContain('not in ADMIN_EMAILS')
  })

  it('with ADMIN_EMAILS empty, makes the first address to sign in the only admin', async () => {
    const fresh = await buildTestApp(setup.database.handle, { env: { ADMIN_EMAILS: '' } })
    try {
      const first = await open(fresh, createSignInLink(SECRET, 'secretary@example.org', TEST_PUBLIC_URL))
      expect(first.statusCode).toBe(303)
      const me = await fresh.inject({ method: 'GET', url: '/api/auth/user', headers: { cookie: cookiesOf(first) } })
      expect(me.json()).toMatchObject({ email: 'secretary@example.org', isAdmin: true })
      const second = await open(fresh, createSignInLink(SECRET, 'someone@example.org', TEST_PUBLIC_URL))
      expect(second.statusCode).toBe(400)
      expect(second.body).toContain('already the first admin')
      const again = await open(fresh, createSignInLink(SECRET, 'secretary@example.org', TEST_PUBLIC_URL))
      expect(again.statusCode).toBe(303)
    } finally {
      await fresh.close()
    }
  })

  it('explains on /api/login where the link is', async () => {
    const response = await linkApp.inject({ method: 'GET', url: '/api/login' })
    expect(response.statusCode).toBe(200)
    expect(response.body).toContain('Sign-in is not configured')
    expect(response.body).toContain('Single-use admin sign-in link')
  })
})
