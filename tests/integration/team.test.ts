import { eq, like, sql } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { auditLog, invitations, rateLimitCounters, users } from '../../src/db/schema'
import { buildTestApp, setUpTestApp, TEST_PUBLIC_URL } from '../helpers/build-app'
import { followSignInLink, loginCookie, memberCookie, SAME_ORIGIN } from '../helpers/login'
import { linkIn, type SmtpServer, startSmtpServer } from '../helpers/smtp'

/**
 * The council's team (docs/decisions/025-roles-and-the-team.md), against a real SMTP server:
 * invitations by e-mail and by a link shown once, accepting one (once, within 7 days), sign-in
 * links by e-mail that tell nobody who is on the team, and changes that take effect at the
 * member's next request.
 */

const OWNER = 'owner@example.org'
let smtp: SmtpServer
beforeAll(async () => {
  smtp = await startSmtpServer()
})
afterAll(async () => {
  await smtp.stop()
})

const setup = setUpTestApp({ env: () => ({ ADMIN_EMAILS: OWNER, SMTP_URL: smtp.url }) })
let app: FastifyInstance
let owner: string
beforeEach(async () => {
  app = setup.app
  smtp.received.length = 0
  owner = await loginCookie(app, OWNER)
})

const asOwner = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object) =>
  app.inject({ method, url, headers: { ...SAME_ORIGIN, cookie: owner }, ...(payload ? { payload } : {}) })
const cookiesOf = (response: { cookies: { name: string; value: string }[] }) =>
  response.cookies.map((cookie) => `${cookie.name}=${cookie.value}`).join('; ')
const tokenOf = (link: string) => new URL(link).searchParams.get('token') ?? ''

/** Invites `email` by mail and returns the link the mail carried. */
async function inviteByMail(email: string, role: string): Promise<string> {
  const sent = await asOwner('POST', '/api/admin/team/invitations', { email, role })
  expect(sent.statusCode, sent.body).toBe(201)
  expect(sent.json()).toMatchObject({ email, role, mailed: true, link: null })
  const [mail] = await smtp.waitFor(1)
  expect(mail?.envelopeTo).toEqual([email])
  return linkIn(mail, `${TEST_PUBLIC_URL}/api/team/join`)
}

/** Accepts an invitation as a browser would: the page, then its button. */
async function accept(link: string) {
  const page = await app.inject({ method: 'GET', url: link.replace(TEST_PUBLIC_URL, '') })
  expect(page.statusCode).toBe(200)
  expect(page.body).toContain('Accept the invitation')
  return app.inject({
    method: 'POST',
    url: '/api/team/join',
    headers: { ...SAME_ORIGIN, 'content-type': 'application/x-www-form-urlencoded' },
    payload: `token=${encodeURIComponent(tokenOf(link))}`,
  })
}

describe('invitations', () => {
  it('goes by e-mail; accepting it signs the member in with its role, and works once', async () => {
    const link = await inviteByMail('volunteer@example.org', 'moderator')
    const accepted = await accept(link)
    expect(accepted.statusCode).toBe(303)
    expect(accepted.headers.location).toBe('/admin')
    const cookie = cookiesOf(accepted)
    const me = await app.inject({ method: 'GET', url: '/api/auth/user', headers: { cookie } })
    expect(me.json()).toMatchObject({ email: 'volunteer@example.org', role: 'moderator', isAdmin: true })
    expect(me.json().permissions).toEqual(['visitors', 'comments', 'activity', 'account'])

    const again = await accept(link).catch(() => null)
    expect(again).toBeNull() // the page itself already refuses a used invitation
    const page = await app.inject({ method: 'GET', url: link.replace(TEST_PUBLIC_URL, '') })
    expect(page.statusCode).toBe(400)
    expect(page.body).toContain('already accepted')

    const team = (await asOwner('GET', '/api/admin/team')).json() as { email: string; state: string }[]
    expect(team.find((member) => member.email === 'volunteer@example.org')).toMatchObject({
      state: 'active',
      role: 'moderator',
      invitedBy: OWNER,
    })
    const rows = await app.db.select().from(auditLog).where(eq(auditLog.entity, 'member'))
    expect(rows.map((row) => row.action)).toEqual(['create', 'update'])
  })

  it('without mail, the link comes back once for the owner to pass on', async () => {
    const noMail = await buildTestApp(setup.database.handle, { env: { ADMIN_EMAILS: OWNER, SMTP_URL: '' } })
    try {
      const cookie = await loginCookie(noMail, OWNER)
      const sent = await noMail.inject({
        method: 'POST',
        url: '/api/admin/team/invitations',
        headers: { ...SAME_ORIGIN, cookie },
        payload: { email: 'editor@example.org', role: 'editor' },
      })
      expect(sent.statusCode).toBe(201)
      expect(sent.json()).toMatchObject({ mailed: false, link: expect.stringContaining('/api/team/join?token=') })
      const [row] = await noMail.db.select().from(invitations).where(eq(invitations.email, 'editor@example.org'))
      expect(row?.tokenHash).not.toContain(tokenOf(sent.json().link)) // only a hash is kept
      expect(smtp.received).toHaveLength(0)
    } finally {
      await noMail.close()
    }
  })

  it('is refused after 7 days, and a stranger is then refused as any stranger is', async () => {
    const link = await inviteByMail('late@example.org', 'editor')
    await app.db
      .update(invitations)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(invitations.email, 'late@example.org'))
    const page = await app.inject({ method: 'GET', url: link.replace(TEST_PUBLIC_URL, '') })
    expect(page.statusCode).toBe(400)
    expect(page.body).toContain('has expired')
    const post = await app.inject({
      method: 'POST',
      url: '/api/team/join',
      headers: { ...SAME_ORIGIN, 'content-type': 'application/x-www-form-urlencoded' },
      payload: `token=${encodeURIComponent(tokenOf(link))}`,
    })
    expect(post.statusCode).toBe(400)
    expect(post.cookies.find((cookie) => cookie.name === 'mhbot.sid')).toBeUndefined()
  })

  it('refuses an address already on the team or named by ADMIN_EMAILS, with the reason', async () => {
    await memberCookie(app, 'member@example.org', 'editor')
    for (const email of ['member@example.org', OWNER]) {
      const response = await asOwner('POST', '/api/admin/team/invitations', { email, role: 'moderator' })
      expect(response.statusCode).toBe(409)
      expect(response.json().message).toMatch(/already on the team|server’s configuration/)
    }
    const bad = await asOwner('POST', '/api/admin/team/invitations', { email: 'not an address', role: 'boss' })
    expect(bad.statusCode).toBe(400)
    expect(Object.keys(bad.json().fields).sort()).toEqual(['email', 'role'])
  })
})

describe('changes take effect at the next request', () => {
  it('removing a member ends their sessions: the next call is 401', async () => {
    const member = await memberCookie(app, 'leaving@example.org', 'moderator')
    const before = await app.inject({ method: 'GET', url: '/api/admin/testimonials', headers: { cookie: member } })
    expect(before.statusCode).toBe(200)
    const [row] = await app.db.select().from(users).where(eq(users.email, 'leaving@example.org'))
    const removed = await asOwner('DELETE', `/api/admin/team/members/${row?.id}`)
    expect(removed.statusCode, removed.body).toBe(200)
    const after = await app.inject({ method: 'GET', url: '/api/admin/testimonials', headers: { cookie: member } })
    expect(after.statusCode).toBe(401)
  })

  it('a role change ends the sessions, and the new role is what the next sign-in gets', async () => {
    const member = await memberCookie(app, 'mover@example.org', 'moderator')
    const [row] = await app.db.select().from(users).where(eq(users.email, 'mover@example.org'))
    expect((await asOwner('PATCH', `/api/admin/team/members/${row?.id}`, { role: 'editor' })).statusCode).toBe(200)
    const old = await app.inject({ method: 'GET', url: '/api/admin/testimonials', headers: { cookie: member } })
    expect(old.statusCode).toBe(401)
    const fresh = await loginCookie(app, 'mover@example.org')
    const me = await app.inject({ method: 'GET', url: '/api/auth/user', headers: { cookie: fresh } })
    expect(me.json()).toMatchObject({ role: 'editor' })
    const refused = await app.inject({ method: 'GET', url: '/api/admin/testimonials', headers: { cookie: fresh } })
    expect(refused.statusCode).toBe(403)
  })

  it('the last owner cannot be removed or demoted; owners from ADMIN_EMAILS cannot be changed here', async () => {
    const solo = await buildTestApp(setup.database.handle, { env: { ADMIN_EMAILS: '', SMTP_URL: '' } })
    try {
      await app.db.update(users).set({ role: null })
      const cookie = await memberCookie(solo, 'only-owner@example.org', 'owner')
      const [row] = await solo.db.select().from(users).where(eq(users.email, 'only-owner@example.org'))
      const headers = { ...SAME_ORIGIN, cookie }
      const demote = await solo.inject({
        method: 'PATCH',
        url: `/api/admin/team/members/${row?.id}`,
        headers,
        payload: { role: 'editor' },
      })
      expect(demote.statusCode).toBe(409)
      expect(demote.json().message).toContain('needs an owner')
      const remove = await solo.inject({ method: 'DELETE', url: `/api/admin/team/members/${row?.id}`, headers })
      expect(remove.statusCode).toBe(409)
    } finally {
      await solo.close()
    }
    const [configured] = await app.db.select().from(users).where(eq(users.email, OWNER))
    const change = await asOwner('PATCH', `/api/admin/team/members/${configured?.id}`, { role: 'moderator' })
    expect(change.statusCode).toBe(409)
    expect(change.json().message).toContain('ADMIN_EMAILS')
    const team = (await asOwner('GET', '/api/admin/team')).json() as { email: string; fromConfig: boolean }[]
    expect(team.find((member) => member.email === OWNER)).toMatchObject({ role: 'owner', fromConfig: true })
  })
})

describe('sign-in by e-mail (mail on, no identity provider)', () => {
  const ask = (email: string) =>
    app.inject({
      method: 'POST',
      url: '/api/login/email',
      headers: { ...SAME_ORIGIN, 'content-type': 'application/x-www-form-urlencoded' },
      payload: `email=${encodeURIComponent(email)}`,
    })
  const signInWith = (link: string) => followSignInLink(app, link)

  it('offers the form on /api/login', async () => {
    const page = await app.inject({ method: 'GET', url: '/api/login' })
    expect(page.statusCode).toBe(200)
    expect(page.body).toContain('E-mail me a sign-in link')
    expect(page.body).toContain('action="/api/login/email"')
  })

  it('answers a member and a stranger alike, and only the member gets a link, which signs in once', async () => {
    await memberCookie(app, 'member@example.org', 'editor')
    const stranger = await ask('stranger@example.org')
    const member = await ask('member@example.org')
    // A plain form post: 303 to the same page for both (tests/integration/form-posts.test.ts).
    expect(stranger.statusCode).toBe(303)
    expect(member.statusCode).toBe(303)
    expect(stranger.headers.location).toBe(member.headers.location)
    expect(stranger.body).toBe(member.body)
    const [mail] = await smtp.waitFor(1)
    await new Promise((resolve) => setTimeout(resolve, 200))
    expect(smtp.received).toHaveLength(1)
    expect(mail?.envelopeTo).toEqual(['member@example.org'])
    const link = linkIn(mail, `${TEST_PUBLIC_URL}/api/login/link`)
    // A mail scanner fetches the link first: that uses nothing up.
    const scanned = await app.inject({ method: 'GET', url: link.replace(TEST_PUBLIC_URL, '') })
    expect(scanned.statusCode).toBe(200)
    expect(scanned.headers['set-cookie']).toBeUndefined()
    const first = await signInWith(link)
    expect(first.statusCode).toBe(303)
    expect(first.headers.location).toBe('/admin')
    const me = await app.inject({ method: 'GET', url: '/api/auth/user', headers: { cookie: cookiesOf(first) } })
    expect(me.json()).toMatchObject({ email: 'member@example.org', role: 'editor' })
    const second = await signInWith(link)
    expect(second.statusCode).toBe(400)
  })

  it('mails an address at most one link per 10 minutes, whoever asks, and answers every ask alike', async () => {
    await memberCookie(app, 'busy-member@example.org', 'moderator')
    const answers = [
      await ask('busy-member@example.org'),
      await ask('Busy-Member@example.org'),
      await ask('busy-member@example.org'),
    ]
    const [mail] = await smtp.waitFor(1)
    await new Promise((resolve) => setTimeout(resolve, 300))
    expect(smtp.received).toHaveLength(1)
    expect(mail?.envelopeTo).toEqual(['busy-member@example.org'])
    // Mailed, held back by the interval, or a stranger: the asker cannot tell.
    const stranger = await ask('nobody-here@example.org')
    for (const answer of [...answers, stranger]) {
      expect(answer.statusCode).toBe(303)
      expect(answer.headers.location).toBe('/api/login/email')
      expect(answer.body).toBe(stranger.body)
    }
    // The interval is the address's: another member is mailed meanwhile.
    await memberCookie(app, 'other-member@example.org', 'editor')
    await ask('other-member@example.org')
    const [, other] = await smtp.waitFor(2)
    expect(other?.envelopeTo).toEqual(['other-member@example.org'])
    // The address is not stored in the counters, only a keyed digest of it.
    const counters = await app.db.select().from(rateLimitCounters)
    expect(JSON.stringify(counters)).not.toContain('busy-member')
    // Once the 10 minutes are over (moved back here rather than waited for), the next ask is mailed.
    await app.db
      .update(rateLimitCounters)
      .set({ resetAt: sql`now() - interval '1 second'` })
      .where(like(rateLimitCounters.key, 'sign-in-mail:%'))
    await ask('busy-member@example.org')
    const [, , later] = await smtp.waitFor(3)
    expect(later?.envelopeTo).toEqual(['busy-member@example.org'])
    // The first link still works: a later mail does not void it.
    expect((await signInWith(linkIn(mail, `${TEST_PUBLIC_URL}/api/login/link`))).statusCode).toBe(303)
  })

  it('refuses a malformed address with the form again', async () => {
    const response = await ask('nobody')
    expect(response.statusCode).toBe(400)
    expect(response.body).toContain('Enter a valid e-mail address')
  })
})

describe('sessions', () => {
  it('a member lists their own sessions and ends one; an owner ends all of a member’s', async () => {
    const first = await memberCookie(app, 'busy@example.org', 'editor')
    const second = await loginCookie(app, 'busy@example.org')
    const list = await app.inject({ method: 'GET', url: '/api/admin/sessions', headers: { cookie: first } })
    const sessions = list.json() as { id: string; current: boolean; device: string }[]
    expect(sessions).toHaveLength(2)
    expect(sessions.filter((session) => session.current)).toHaveLength(1)
    const other = sessions.find((session) => !session.current)
    const ended = await app.inject({
      method: 'DELETE',
      url: `/api/admin/sessions/${other?.id}`,
      headers: { ...SAME_ORIGIN, cookie: first },
    })
    expect(ended.statusCode).toBe(200)
    expect(
      (await app.inject({ method: 'GET', url: '/api/admin/sessions', headers: { cookie: second } })).statusCode,
    ).toBe(401)
    const [row] = await app.db.select().from(users).where(eq(users.email, 'busy@example.org'))
    const all = await asOwner('DELETE', `/api/admin/team/members/${row?.id}/sessions`)
    expect(all.json()).toEqual({ ended: 1 })
    expect(
      (await app.inject({ method: 'GET', url: '/api/admin/sessions', headers: { cookie: first } })).statusCode,
    ).toBe(401)
  })
})
