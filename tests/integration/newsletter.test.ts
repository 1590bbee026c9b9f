import { eq } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { beforeEach, describe, expect, it } from 'vitest'
import { auditLog, mailOutbox, newsletterSubscribers } from '../../src/db/schema'
import { PENDING_SUBSCRIBER_TTL_MS, prunePendingSubscribers } from '../../src/server/services/newsletter'
import { confirmToken, unsubscribeToken } from '../../src/server/services/subscription-tokens'
import { setUpTestApp, TEST_PUBLIC_URL, testEnv } from '../helpers/build-app'
import { CROSS_ORIGIN, loginCookie, SAME_ORIGIN } from '../helpers/login'

/**
 * The newsletter's promises without mail (SMTP is in mail.test.ts): one-click unsubscribe from a
 * signed link, refused forgeries, and the council's subscribers screen over the REST contract,
 * CSV export included (README, API).
 */

const ADMIN = 'admin@example.org'
const setup = setUpTestApp({ env: { ADMIN_EMAILS: ADMIN } })
const SECRET = testEnv().SESSION_SECRET ?? ''
let app: FastifyInstance
let cookie: string

beforeEach(async () => {
  app = setup.app
  cookie = await loginCookie(app, ADMIN)
})

async function subscriber(email: string, status: 'pending' | 'active' | 'unsubscribed' = 'active') {
  const [row] = await app.db.insert(newsletterSubscribers).values({ email, status }).returning()
  if (!row) throw new Error('no row')
  return row
}
const statusOf = async (id: string) =>
  (await app.db.select().from(newsletterSubscribers).where(eq(newsletterSubscribers.id, id)))[0]?.status
const asAdmin = (method: 'GET' | 'PATCH' | 'DELETE', url: string, payload?: object) =>
  app.inject({ method, url, headers: { ...SAME_ORIGIN, cookie }, ...(payload ? { payload } : {}) })
const form = (values: Record<string, string>) => ({
  'content-type': 'application/x-www-form-urlencoded',
  payload: new URLSearchParams(values).toString(),
})

describe('unsubscribe in one click', () => {
  it('a GET shows the address and one button, and changes nothing (link scanners)', async () => {
    const row = await subscriber('reader@example.net')
    const response = await app.inject({
      method: 'GET',
      url: `/newsletter/unsubscribe?token=${unsubscribeToken(SECRET, row.id)}`,
    })
    expect(response.statusCode).toBe(200)
    expect(response.headers['x-robots-tag']).toBe('noindex, nofollow')
    expect(response.body).toContain('reader@example.net')
    expect(response.body).toContain('<form method="post" action="/api/newsletter/unsubscribe">')
    expect(response.body.match(/<button/g)).toHaveLength(1)
    expect(await statusOf(row.id)).toBe('active')
  })

  it('the page’s button (a form post) unsubscribes and shows a confirmation; again is no error', async () => {
    const row = await subscriber('reader@example.net')
    const { payload, ...type } = form({ token: unsubscribeToken(SECRET, row.id) })
    const send = () =>
      app.inject({
        method: 'POST',
        url: '/api/newsletter/unsubscribe',
        headers: { ...SAME_ORIGIN, ...type },
        payload,
      })
    const response = await send()
    expect(response.statusCode).toBe(200)
    expect(response.headers['content-type']).toMatch(/^text\/html/)
    expect(response.body).toContain('You are unsubscribed')
    expect(await statusOf(row.id)).toBe('unsubscribed')
    expect((await send()).body).toContain('already unsubscribed')
  })

  it('takes a JSON {token} and answers JSON', async () => {
    const row = await subscriber('reader@example.net')
    const response = await app.inject({
      method: 'POST',
      url: '/api/newsletter/unsubscribe',
      headers: SAME_ORIGIN,
      payload: { token: unsubscribeToken(SECRET, row.id) },
    })
    expect(response.statusCode).toBe(200)
    expect(response.json()).toMatchObject({ ok: true, outcome: 'done' })
    expect(await statusOf(row.id)).toBe('unsubscribed')
  })

  it('RFC 8058: a mail provider’s POST to the link itself, from its own servers, urlencoded or multipart', async () => {
    const first = await subscriber('one@example.net')
    const second = await subscriber('two@example.net')
    const crossSite = { ...CROSS_ORIGIN, 'sec-fetch-site': 'cross-site' }
    const urlencoded = await app.inject({
      method: 'POST',
      url: `/newsletter/unsubscribe?token=${unsubscribeToken(SECRET, first.id)}`,
      headers: { ...crossSite, 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    })
    expect(urlencoded.statusCode).toBe(200)
    expect(await statusOf(first.id)).toBe('unsubscribed')

    const boundary = 'mailprovider'
    const multipart = await app.inject({
      method: 'POST',
      url: `/newsletter/unsubscribe?token=${unsubscribeToken(SECRET, second.id)}`,
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: `--${boundary}\r\nContent-Disposition: form-data; name="List-Unsubscribe"\r\n\r\nOne-Click\r\n--${boundary}--\r\n`,
    })
    expect(multipart.statusCode).toBe(200)
    expect(await statusOf(second.id)).toBe('unsubscribed')
  })

  it('a POST to the link without the one-click body changes nothing', async () => {
    const row = await subscriber('reader@example.net')
    const response = await app.inject({
      method: 'POST',
      url: `/newsletter/unsubscribe?token=${unsubscribeToken(SECRET, row.id)}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'something=else',
    })
    expect(response.statusCode).toBe(400)
    expect(await statusOf(row.id)).toBe('active')
  })

  it('tampered and forged tokens get a clear page or JSON reason with a 400, and change nothing', async () => {
    const row = await subscriber('reader@example.net')
    const good = unsubscribeToken(SECRET, row.id)
    const last = good.at(-1) === 'A' ? 'B' : 'A'
    const other = await subscriber('other@example.net')
    const forged = [
      `${good.slice(0, -1)}${last}`,
      unsubscribeToken('another-secret-another-secret-another-1234', row.id),
      // A signature made for one subscriber does not carry over to another.
      `${other.id}.${good.split('.')[1]}`,
      // Nor does a confirmation token work as an unsubscribe one.
      confirmToken(SECRET, row.id, new Date()),
      '',
      'x'.repeat(600),
    ]
    for (const token of forged) {
      const page = await app.inject({
        method: 'GET',
        url: `/newsletter/unsubscribe?token=${encodeURIComponent(token)}`,
      })
      expect(page.statusCode, token).toBe(400)
      expect(page.body).toContain('This unsubscribe link is not valid')
      const posted = await app.inject({
        method: 'POST',
        url: '/api/newsletter/unsubscribe',
        headers: { ...SAME_ORIGIN, ...form({ token }) },
        payload: form({ token }).payload,
      })
      expect(posted.statusCode, token).toBe(400)
      expect(posted.headers['content-type']).toMatch(/^text\/html/)
      const json = await app.inject({
        method: 'POST',
        url: '/api/newsletter/unsubscribe',
        headers: SAME_ORIGIN,
        payload: { token },
      })
      expect(json.statusCode, token).toBe(400)
      expect(json.json()).toMatchObject({ error: 'Bad Request', message: expect.any(String) })
      const oneClick = await app.inject({
        method: 'POST',
        url: `/newsletter/unsubscribe?token=${encodeURIComponent(token)}`,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: 'List-Unsubscribe=One-Click',
      })
      expect(oneClick.statusCode, token).toBe(400)
    }
    expect(await statusOf(row.id)).toBe('active')
    expect(await statusOf(other.id)).toBe('active')
  })

  it('a link to an address deleted since says so, without an error', async () => {
    const row = await subscriber('gone@example.net')
    await app.db.delete(newsletterSubscribers)
    const page = await app.inject({
      method: 'GET',
      url: `/newsletter/unsubscribe?token=${unsubscribeToken(SECRET, row.id)}`,
    })
    expect(page.statusCode).toBe(200)
    expect(page.body).toContain('no longer on the newsletter’s list')
  })

  it('a tampered confirmation link is refused and the address stays pending', async () => {
    const row = await subscriber('waiting@example.net', 'pending')
    const good = confirmToken(SECRET, row.id, row.statusChangedAt)
    const tampered = `${good.slice(0, -2)}xx`
    expect((await app.inject({ method: 'GET', url: `/newsletter/confirm?token=${tampered}` })).statusCode).toBe(400)
    const refused = await app.inject({
      method: 'POST',
      url: '/api/newsletter/confirm',
      headers: SAME_ORIGIN,
      payload: { token: tampered },
    })
    expect(refused.statusCode).toBe(400)
    expect(await statusOf(row.id)).toBe('pending')
    // The genuine one works, from the page's own form post only (the confirmation is no one-click).
    const crossSite = await app.inject({
      method: 'POST',
      url: '/api/newsletter/confirm',
      headers: { ...CROSS_ORIGIN, 'sec-fetch-site': 'cross-site' },
      payload: { token: good },
    })
    expect(crossSite.statusCode).toBe(403)
    const confirmed = await app.inject({
      method: 'POST',
      url: '/api/newsletter/confirm',
      headers: SAME_ORIGIN,
      payload: { token: good },
    })
    expect(confirmed.statusCode).toBe(200)
    expect(await statusOf(row.id)).toBe('active')
  })

  it('addresses that never confirm are forgotten after 30 days; others stay', async () => {
    const old = await subscriber('old-pending@example.net', 'pending')
    const recent = await subscriber('new-pending@example.net', 'pending')
    const active = await subscriber('active@example.net', 'active')
    const long = new Date(Date.now() - PENDING_SUBSCRIBER_TTL_MS - 60_000)
    await app.db
      .update(newsletterSubscribers)
      .set({ statusChangedAt: long })
      .where(eq(newsletterSubscribers.id, old.id))
    await app.db
      .update(newsletterSubscribers)
      .set({ statusChangedAt: long })
      .where(eq(newsletterSubscribers.id, active.id))
    expect(await prunePendingSubscribers(app.db)).toBe(1)
    const left = (await app.db.select().from(newsletterSubscribers)).map((row) => row.id).sort()
    expect(left).toEqual([recent.id, active.id].sort())
  })
})

describe('without mail, consent cannot be checked', () => {
  it('an address that unsubscribed stays unsubscribed when someone subscribes it again: the answer a new address gets, nothing changed', async () => {
    const gone = await subscriber('gone@example.net', 'unsubscribed')
    const long = new Date(Date.UTC(2026, 0, 2))
    await app.db
      .update(newsletterSubscribers)
      .set({ statusChangedAt: long })
      .where(eq(newsletterSubscribers.id, gone.id))
    const before = await app.db.select().from(newsletterSubscribers)
    const subscribe = (email: string) =>
      app.inject({ method: 'POST', url: '/api/newsletter/subscribe', headers: SAME_ORIGIN, payload: { email } })
    const viaTrpc = (email: string) =>
      app.inject({
        method: 'POST',
        url: '/trpc/newsletter.subscribe',
        headers: { ...SAME_ORIGIN, 'content-type': 'application/json' },
        payload: JSON.stringify({ json: { email } }),
      })

    const returning = await subscribe('Gone@Example.net')
    const returningTrpc = await viaTrpc('gone@example.net')
    expect(await app.db.select().from(newsletterSubscribers)).toEqual(before)
    expect(await app.db.select().from(mailOutbox)).toEqual([])
    expect(await app.db.select().from(auditLog)).toEqual([])

    const fresh = await subscribe('new@example.net')
    const freshTrpc = await viaTrpc('newer@example.net')
    expect(returning.statusCode).toBe(fresh.statusCode)
    expect(returning.json()).toEqual(fresh.json())
    expect(fresh.json()).toMatchObject({ ok: true, confirmationSent: false })
    expect(returningTrpc.statusCode).toBe(freshTrpc.statusCode)
    expect(returningTrpc.json()).toEqual(freshTrpc.json())
    // A new address is still active at once, as specified.
    const statuses = await app.db
      .select({ email: newsletterSubscribers.email, status: newsletterSubscribers.status })
      .from(newsletterSubscribers)
      .orderBy(newsletterSubscribers.email)
    expect(statuses).toEqual([
      { email: 'gone@example.net', status: 'unsubscribed' },
      { email: 'new@example.net', status: 'active' },
      { email: 'newer@example.net', status: 'active' },
    ])
  })
})

describe('consent, recorded', () => {
  it('without mail, a new address is active at once: confirmed_at is that moment, the source mail_off (REST, tRPC, CSV)', async () => {
    const before = Date.now()
    await app.inject({
      method: 'POST',
      url: '/api/newsletter/subscribe',
      headers: SAME_ORIGIN,
      payload: { email: 'direct@example.net' },
    })
    const after = Date.now()
    const [row] = (await asAdmin('GET', '/api/admin/subscribers')).json()
    expect(row).toMatchObject({ email: 'direct@example.net', status: 'active', consentSource: 'mail_off' })
    const confirmedAt = new Date(row.confirmedAt).getTime()
    expect(confirmedAt).toBeGreaterThanOrEqual(before - 5)
    expect(confirmedAt).toBeLessThanOrEqual(after + 5)
    const stored = await app.db.select().from(newsletterSubscribers)
    expect(stored[0]?.confirmedAt?.getTime()).toBe(stored[0]?.statusChangedAt.getTime())

    const input = encodeURIComponent(JSON.stringify({ json: {} }))
    const listed = (await asAdmin('GET', `/trpc/subscribers.list?input=${input}`)).json().result.data.json.items
    expect(listed[0]).toMatchObject({ consentSource: 'mail_off', confirmedAt: row.confirmedAt })
    const csv = (await asAdmin('GET', '/api/admin/subscribers.csv')).body.split('\r\n')
    expect(csv[0]).toBe('email,subscribed_at,unsubscribe_url,confirmed_at,consent_source')
    expect(csv[1]).toMatch(
      new RegExp(`^direct@example\\.net,[^,]+,[^,]+,${row.confirmedAt.replace(/\./g, '\\.')},mail_off$`),
    )
  })
})

describe('the subscribers screen’s REST contract', () => {
  it('lists newest first with the state, searches by address (wildcards literal), and pages past 100', async () => {
    await app.db.insert(newsletterSubscribers).values(
      Array.from({ length: 105 }, (_, i) => ({
        email: `reader${String(i).padStart(3, '0')}@example.org`,
        subscribedAt: new Date(Date.UTC(2026, 0, 1) + i * 60_000),
        status: i === 104 ? ('pending' as const) : ('active' as const),
      })),
    )
    await subscriber('under_score%@example.net', 'unsubscribed')
    const first = await asAdmin('GET', '/api/admin/subscribers')
    expect(first.statusCode).toBe(200)
    const rows = first.json() as { id: string; email: string; status: string; isActive: boolean }[]
    expect(rows).toHaveLength(100)
    expect(rows[0]).toMatchObject({ email: 'under_score%@example.net', status: 'unsubscribed', isActive: false })
    expect(rows[1]).toMatchObject({ email: 'reader104@example.org', status: 'pending', isActive: false })
    expect(Object.keys(rows[0] ?? {}).sort()).toEqual([
      'confirmedAt',
      'consentSource',
      'email',
      'id',
      'isActive',
      'status',
      'subscribedAt',
      'suppressedAfter',
      'suppressedAt',
      'suppressedReason',
    ])
    const next = String(first.headers.link).match(/^<([^>]+)>; rel="next"$/)?.[1]
    expect(next).toBe(`/api/admin/subscribers?before=${rows[99]?.id}&limit=100`)
    const second = await asAdmin('GET', String(next))
    expect(second.json()).toHaveLength(6)
    expect(second.headers.link).toBeUndefined()

    const found = (await asAdmin('GET', '/api/admin/subscribers?q=READER10')).json() as { email: string }[]
    expect(found.map((row) => row.email)).toEqual([
      'reader104@example.org',
      'reader103@example.org',
      'reader102@example.org',
      'reader101@example.org',
      'reader100@example.org',
    ])
    const literal = (await asAdmin('GET', `/api/admin/subscribers?q=${encodeURIComponent('_score%')}`)).json()
    expect(literal.map((row: { email: string }) => row.email)).toEqual(['under_score%@example.net'])
    expect((await asAdmin('GET', '/api/admin/subscribers?q=r_ader')).json()).toEqual([])
    expect((await asAdmin('GET', '/api/admin/subscribers?limit=0')).statusCode).toBe(400)
    expect((await asAdmin('GET', '/api/admin/subscribers?before=no%20such')).json()).toMatchObject({
      fields: { before: 'Subscriber id is not valid' },
    })
    expect((await asAdmin('GET', '/api/admin/subscribers?q=%00')).json()).toMatchObject({
      message: 'Search must not contain a null character',
    })
  })

  it('deactivates with one audit row, holding the state and never the address', async () => {
    const row = await subscriber('reader@example.net')
    const off = await asAdmin('PATCH', `/api/admin/subscribers/${row.id}`, { isActive: false })
    expect(off.statusCode).toBe(200)
    expect(off.json()).toMatchObject({ id: row.id, isActive: false, status: 'unsubscribed' })
    // No change, no row; an active address asked to stay active is no change either.
    await asAdmin('PATCH', `/api/admin/subscribers/${row.id}`, { isActive: false })
    const steady = await subscriber('steady@example.net')
    const same = await asAdmin('PATCH', `/api/admin/subscribers/${steady.id}`, { isActive: true })
    expect(same.statusCode).toBe(200)
    expect(same.json()).toMatchObject({ id: steady.id, isActive: true, status: 'active' })
    const log = await app.db.select().from(auditLog).orderBy(auditLog.id)
    expect(
      log.map(({ action, entity, entityId, before, after, actorEmail }) => ({
        action,
        entity,
        entityId,
        before,
        after,
        actorEmail,
      })),
    ).toEqual([
      {
        action: 'update',
        entity: 'subscriber',
        entityId: row.id,
        before: { status: 'active' },
        after: { status: 'unsubscribed' },
        actorEmail: ADMIN,
      },
    ])
    expect(JSON.stringify(log)).not.toContain('reader@example.net')
  })

  it('consent is the subscriber’s alone: the admin cannot reactivate an address that unsubscribed, nor activate a pending one (409, REST and tRPC)', async () => {
    const gone = await subscriber('gone@example.net', 'unsubscribed')
    const waiting = await subscriber('waiting@example.net', 'pending')
    const before = await app.db.select().from(newsletterSubscribers).orderBy(newsletterSubscribers.email)
    for (const row of [gone, waiting]) {
      const rest = await asAdmin('PATCH', `/api/admin/subscribers/${row.id}`, { isActive: true })
      expect(rest.statusCode, row.email).toBe(409)
      expect(rest.json()).toEqual({ error: 'Conflict', message: expect.stringMatching(/^Only the subscriber can/) })
      const trpc = await app.inject({
        method: 'POST',
        url: '/trpc/subscribers.setActive',
        headers: { ...SAME_ORIGIN, cookie, 'content-type': 'application/json' },
        payload: JSON.stringify({ json: { id: row.id, isActive: true } }),
      })
      expect(trpc.statusCode, row.email).toBe(409)
      expect(trpc.json().error.json).toMatchObject({ message: rest.json().message, data: { code: 'CONFLICT' } })
    }
    expect(await app.db.select().from(newsletterSubscribers).orderBy(newsletterSubscribers.email)).toEqual(before)
    expect(await app.db.select().from(auditLog)).toEqual([])
    // Deactivating and deleting stay the admin's to do.
    expect((await asAdmin('PATCH', `/api/admin/subscribers/${waiting.id}`, { isActive: false })).statusCode).toBe(200)
    expect((await asAdmin('DELETE', `/api/admin/subscribers/${gone.id}`)).statusCode).toBe(200)
  })

  it('deletes for good: the address and its queued mail go, the audit row keeps no address', async () => {
    const row = await subscriber('forget-me@example.net', 'pending')
    await app.db.insert(mailOutbox).values({ kind: 'subscription_confirm', subscriberId: row.id })
    const response = await asAdmin('DELETE', `/api/admin/subscribers/${row.id}`)
    expect(response.statusCode).toBe(200)
    expect(response.json()).toEqual({ id: row.id })
    expect(await app.db.select().from(newsletterSubscribers)).toEqual([])
    expect(await app.db.select().from(mailOutbox)).toEqual([])
    const log = await app.db.select().from(auditLog)
    expect(log).toHaveLength(1)
    expect(log[0]).toMatchObject({ action: 'delete', entity: 'subscriber', before: { status: 'pending' }, after: null })
    expect(JSON.stringify(log)).not.toContain('forget-me')
  })

  it('refuses bad input with a reason and unknown ids with 404', async () => {
    const row = await subscriber('reader@example.net')
    const bad = await asAdmin('PATCH', `/api/admin/subscribers/${row.id}`, { isActive: 'no' })
    expect(bad.statusCode).toBe(400)
    expect(bad.json().fields).toEqual({ isActive: 'isActive must be true or false' })
    expect((await asAdmin('PATCH', '/api/admin/subscribers/nobody', { isActive: false })).statusCode).toBe(404)
    expect((await asAdmin('DELETE', '/api/admin/subscribers/nobody')).statusCode).toBe(404)
    // Found by the hostile-input properties: a NUL character once reached the query and failed as a 500.
    for (const id of ['%00', 'a%00b', '%F0%9F%98%80', 'x'.repeat(65)]) {
      const deleted = await asAdmin('DELETE', `/api/admin/subscribers/${id}`)
      expect(deleted.statusCode, id).toBe(400)
      expect(deleted.json().message).toBe('Subscriber id is not valid')
    }
    expect(await app.db.select().from(auditLog)).toEqual([])
  })

  it('a change that fails leaves no audit row', async () => {
    const row = await subscriber('reader@example.net')
    // The log refuses this actor (no e-mail): the change in the same transaction must not stay.
    const { setSubscriberActive } = await import('../../src/server/services/subscribers')
    await expect(setSubscriberActive(app.db, { email: null as unknown as string }, row.id, false)).rejects.toThrow()
    expect(await statusOf(row.id)).toBe('active')
    expect(await app.db.select().from(auditLog)).toEqual([])
  })
})

describe('CSV export of the active subscribers', () => {
  it('is a UTF-8 attachment with a header row, one row per active address with its working unsubscribe link', async () => {
    const active = await subscriber('zoë@example.net')
    await subscriber('pending@example.net', 'pending')
    await subscriber('gone@example.net', 'unsubscribed')
    const response = await asAdmin('GET', '/api/admin/subscribers.csv')
    expect(response.statusCode).toBe(200)
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8')
    expect(response.headers['content-disposition']).toMatch(
      /^attachment; filename="newsletter-subscribers-\d{4}-\d{2}-\d{2}\.csv"$/,
    )
    expect(response.headers['cache-control']).toBe('no-store, private')
    const lines = response.body.split('\r\n')
    expect(lines[0]).toBe('email,subscribed_at,unsubscribe_url,confirmed_at,consent_source')
    expect(lines).toHaveLength(3)
    expect(lines[2]).toBe('')
    const [email, at, link, confirmedAt, source] = (lines[1] ?? '').split(',')
    // Stored directly, so no consent was recorded: the cells stay empty.
    expect([confirmedAt, source]).toEqual(['', ''])
    expect(email).toBe('zoë@example.net')
    expect(new Date(String(at)).getTime()).toBe(active.subscribedAt.getTime())
    expect(link).toBe(`${TEST_PUBLIC_URL}/newsletter/unsubscribe?token=${unsubscribeToken(SECRET, active.id)}`)
    const page = await app.inject({ method: 'GET', url: String(link).slice(TEST_PUBLIC_URL.length) })
    expect(page.statusCode).toBe(200)
    expect(page.body).toContain('zoë@example.net')
  })

  it('neutralises every cell a spreadsheet would run as a formula', async () => {
    // Stored directly: whatever an address looks like, the export must not hand a spreadsheet a formula.
    const hostile = [
      '=HYPERLINK("http://evil.example")@x.org',
      '+1@x.org',
      '-2@x.org',
      '@sum@x.org',
      '\tcmd@x.org',
      '\rcr@x.org',
    ]
    for (const email of hostile) await subscriber(email)
    const body = (await asAdmin('GET', '/api/admin/subscribers.csv')).body
    const cells = body
      .split('\r\n')
      .slice(1, -1)
      .map((line) => line.match(/^("(?:[^"]|"")*"|[^,]*)/)?.[1] ?? '')
    expect(cells.sort()).toEqual(
      [
        `"'=HYPERLINK(""http://evil.example"")@x.org"`,
        "'+1@x.org",
        "'-2@x.org",
        "'@sum@x.org",
        "'\tcmd@x.org",
        `"'\rcr@x.org"`,
      ].sort(),
    )
  })
})
