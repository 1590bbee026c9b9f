import { eq, like } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import {
  auditLog,
  mailOutbox,
  newsletterSubscribers,
  postMailBodies,
  posts,
  rateLimitCounters,
} from '../../src/db/schema'
import { setUpTestApp, TEST_PUBLIC_URL } from '../helpers/build-app'
import { loginCookie, SAME_ORIGIN } from '../helpers/login'
import { replicas, until } from '../helpers/replicas'
import { linkIn, type ReceivedMail, type SmtpServer, startSmtpServer } from '../helpers/smtp'

/**
 * Sending a news post through the outbox (docs/decisions/027-newsletter-issues-through-the-outbox.md),
 * against a real SMTP server: once to each subscriber across replicas, at the rate, with one-click
 * unsubscribe headers that work; refused twice; stopped by an unsubscribe or a cancel.
 */

const ADMIN = 'admin@example.org'
const FROM = 'newsletter@example.org'
// A "minute" of 1 s here: MAIL_RATE_PER_MINUTE newsletter mails per second, across all replicas.
// The lease as long as a batch can take on a busy machine: a claim that lapsed mid-batch hands the
// row to another replica after this one took a rate slot for it, and the slots no longer add up to
// one per mail (seen here under load). No test in this file relies on a claim running out.
const FAST = { pollMs: 100, retryBaseMs: 100, maxRetryMs: 300, maxAttempts: 1000, leaseMs: 30_000, rateWindowMs: 1000 }
const RATE = 100

let smtp: SmtpServer
beforeAll(async () => {
  smtp = await startSmtpServer()
})
afterAll(async () => {
  await smtp.stop()
})

const mailEnv = () => ({ ADMIN_EMAILS: ADMIN, SMTP_URL: smtp.url, MAIL_FROM: FROM, MAIL_RATE_PER_MINUTE: String(RATE) })
const setup = setUpTestApp({ env: mailEnv, mailTiming: FAST })
let app: FastifyInstance
let cookie: string
beforeEach(async () => {
  app = setup.app
  smtp.received.length = 0
  cookie = await loginCookie(app, ADMIN)
})

const api = (method: 'GET' | 'POST', url: string, payload?: object, on = app) =>
  on.inject({ method, url, headers: { ...SAME_ORIGIN, cookie }, ...(payload ? { payload } : {}) })

async function insertPost(values: Partial<typeof posts.$inferInsert> = {}) {
  const [post] = await app.db
    .insert(posts)
    .values({
      slug: `spring-update-${Math.random().toString(36).slice(2, 8)}`,
      title: 'Spring update: new chamber standard',
      summary: 'What changed',
      body: '## The standard\n\nChambers are **checked** yearly. [Read the checklist](https://example.org/list)',
      status: 'published',
      publishedAt: new Date(),
      ...values,
    })
    .returning()
  if (!post) throw new Error('no post')
  return post
}

async function insertSubscribers(count: number, prefix = 'reader') {
  const rows = Array.from({ length: count }, (_, i) => ({ email: `${prefix}${i}@example.net`, status: 'active' }))
  for (let i = 0; i < rows.length; i += 250) await app.db.insert(newsletterSubscribers).values(rows.slice(i, i + 250))
}

const header = (mail: ReceivedMail | undefined, key: string) =>
  mail?.parsed.headerLines
    .find((line) => line.key === key)
    ?.line.replace(/^[^:]+:\s*/, '')
    .replace(/\r\n\s+/g, ' ')

describe('sending a post to the subscribers', () => {
  const others = replicas()

  // Three replicas sending 500 mails: on a shared, busy machine that can take well past a minute.
  it('reaches 500 subscribers exactly once across replicas, at the rate, each with working one-click headers', async (context) => {
    const url = setup.database.url
    if (!url) context.skip() // replicas share a Postgres; the embedded database is one process by design
    for (let i = 0; i < 2; i++) {
      await others.start(String(url), { env: mailEnv(), mailTiming: FAST })
    }
    await insertSubscribers(500)
    await app.db.insert(newsletterSubscribers).values({ email: 'left@example.net', status: 'unsubscribed' })
    const post = await insertPost()

    const recipients = await api('GET', '/api/admin/news/recipients')
    expect(recipients.json()).toEqual({ count: 500 })
    const started = Date.now()
    const sent = await api('POST', `/api/admin/news/${post.id}/send`)
    expect(sent.statusCode).toBe(202)
    expect(sent.json()).toEqual({ recipients: 500 })

    await smtp.waitFor(500, 120_000)
    const elapsed = Date.now() - started
    await Promise.all([app.mail.drain(), ...others.apps.map((other) => other.mail.drain())])
    await new Promise((resolve) => setTimeout(resolve, 300))

    // Exactly once each, by envelope.
    const perAddress = new Map<string, number>()
    for (const mail of smtp.received)
      for (const to of mail.envelopeTo) perAddress.set(to, (perAddress.get(to) ?? 0) + 1)
    expect(perAddress.size).toBe(500)
    expect([...perAddress.values()].every((n) => n === 1)).toBe(true)
    expect(perAddress.has('left@example.net')).toBe(false)

    // The rate: no window took more than RATE slots, every mail took one, and 500 needed 5 windows.
    const windows = await app.db.select().from(rateLimitCounters).where(like(rateLimitCounters.key, 'mail-rate:%'))
    expect(windows.every((window) => window.count <= RATE)).toBe(true)
    expect(windows.reduce((sum, window) => sum + window.count, 0)).toBe(500)
    expect(elapsed).toBeGreaterThanOrEqual(3000)

    const mail = smtp.received[0]
    expect(mail?.parsed.subject).toBe('Spring update: new chamber standard')
    expect(mail?.parsed.text).toContain('Chambers are checked yearly.')
    expect(mail?.parsed.text).toContain(`${TEST_PUBLIC_URL}/news/${post.slug}`)
    expect(mail?.parsed.html).toContain('<strong>checked</strong>')
    expect(mail?.parsed.html).toContain('href="https://example.org/list"')
    expect(mail?.parsed.html).not.toMatch(/<img/i)
    expect(header(mail, 'list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click')
    const listUnsubscribe = header(mail, 'list-unsubscribe') ?? ''
    const link = /^<([^>]+)>$/.exec(listUnsubscribe)?.[1] ?? ''
    expect(link).toBe(linkIn(mail, `${TEST_PUBLIC_URL}/newsletter/unsubscribe`))
    expect(mail?.parsed.html).toContain(link.replace(/&/g, '&amp;'))

    // Every mail's header is that subscriber's own; the one-click POST unsubscribes.
    for (const each of smtp.received.slice(0, 5)) {
      const own = /^<([^>]+)>$/.exec(header(each, 'list-unsubscribe') ?? '')?.[1] ?? ''
      const oneClick = await app.inject({
        method: 'POST',
        url: own.slice(TEST_PUBLIC_URL.length),
        headers: { origin: 'https://mail.provider.example', 'content-type': 'application/x-www-form-urlencoded' },
        payload: 'List-Unsubscribe=One-Click',
      })
      expect(oneClick.statusCode).toBe(200)
      const [row] = await app.db
        .select({ status: newsletterSubscribers.status })
        .from(newsletterSubscribers)
        .where(eq(newsletterSubscribers.email, each.envelopeTo[0] ?? ''))
      expect(row?.status).toBe('unsubscribed')
    }

    const status = await api('GET', `/api/admin/news/${post.id}/delivery`)
    expect(status.json()).toEqual({
      total: 500,
      queued: 0,
      sent: 500,
      failed: 0,
      cancelled: 0,
      failures: [],
      // The five who left through this issue's own header, counted against it.
      after: { bounced: 0, complained: 0, unsubscribed: 5, skipped: 0 },
    })
    const [audit] = await app.db.select().from(auditLog).where(eq(auditLog.entity, 'post'))
    expect(audit).toMatchObject({ action: 'update', entityId: String(post.id), after: { sentTo: 500 } })

    // Once: a second send, here or on another replica, is refused with its reason.
    const again = await api('POST', `/api/admin/news/${post.id}/send`, undefined, others.apps[0])
    expect(again.statusCode).toBe(409)
    expect(again.json().message).toMatch(/already sent/)
  }, 150_000)

  it('refuses a post that is not published, and a missing one', async () => {
    const draft = await insertPost({ status: 'draft', publishedAt: null })
    const refused = await api('POST', `/api/admin/news/${draft.id}/send`)
    expect(refused.statusCode).toBe(409)
    expect(refused.json().message).toMatch(/published/)
    expect((await api('POST', '/api/admin/news/999999/send')).statusCode).toBe(404)
    expect(await app.db.select().from(mailOutbox)).toEqual([])
  })

  it('a cancel while a mail is being handed to the mail server leaves that one: it goes, and is counted as sent', async () => {
    await insertSubscribers(3, 'inhand')
    const post = await insertPost()
    // A slow mail server: the first mail is read in full and not yet answered.
    const slow = smtp.hold()
    try {
      expect((await api('POST', `/api/admin/news/${post.id}/send`)).statusCode).toBe(202)
      await slow.arrived(1)
      const cancel = await api('POST', `/api/admin/news/${post.id}/delivery/cancel`)
      expect(cancel.statusCode).toBe(200)
      // The two that had not gone; not the one in the mail server's hands.
      expect(cancel.json()).toEqual({ cancelled: 2 })
    } finally {
      slow.release()
    }
    await smtp.waitFor(1)
    const status = await until(
      async () => (await api('GET', `/api/admin/news/${post.id}/delivery`)).json() as { sent: number },
      (answer) => answer.sent === 1,
    )
    expect(status).toMatchObject({ total: 3, queued: 0, sent: 1, cancelled: 2, failed: 0 })
    await app.db.update(mailOutbox).set({ nextAttemptAt: new Date() })
    await app.mail.drain()
    await new Promise((resolve) => setTimeout(resolve, 300))
    expect(smtp.received).toHaveLength(1)
  })

  it('an address that unsubscribes mid-send gets nothing more; cancel turns what is left into cancelled', async () => {
    await insertSubscribers(30, 'mid')
    const post = await insertPost()
    // Held: nothing goes out while the rows are queued.
    await smtp.stop()
    try {
      expect((await api('POST', `/api/admin/news/${post.id}/send`)).statusCode).toBe(202)
      const [first] = await app.db
        .select()
        .from(newsletterSubscribers)
        .where(eq(newsletterSubscribers.email, 'mid0@example.net'))
      if (!first) throw new Error('no subscriber')
      const { unsubscribeToken } = await import('../../src/server/services/subscription-tokens')
      const token = unsubscribeToken(String(app.sessionSecret), first.id)
      const left = await app.inject({
        method: 'POST',
        url: '/api/newsletter/unsubscribe',
        headers: { 'content-type': 'application/json' },
        payload: { token },
      })
      expect(left.statusCode).toBe(200)
      const [row] = await app.db.select().from(mailOutbox).where(eq(mailOutbox.subscriberId, first.id))
      expect(row?.state).toBe('cancelled')

      const cancel = await api('POST', `/api/admin/news/${post.id}/delivery/cancel`)
      expect(cancel.statusCode).toBe(200)
      // 29 not sent. Each sender (this app, and on Postgres the first test's two replicas, which run
      // until the file ends) may be in the middle of an attempt on the stopped server: a mail in
      // hand, which the cancel cannot stop and so does not count (it fails, and stays cancelled: see
      // below). So at most one fewer per sender.
      const senders = 1 + others.apps.length
      const cancelled = cancel.json<{ cancelled: number }>().cancelled
      expect(cancelled).toBeLessThanOrEqual(29)
      expect(cancelled).toBeGreaterThanOrEqual(29 - senders)
      const status = (await api('GET', `/api/admin/news/${post.id}/delivery`)).json()
      expect(status).toMatchObject({ total: 30, queued: 0, sent: 0, cancelled: 30 })
    } finally {
      await smtp.start()
    }
    await app.db.update(mailOutbox).set({ nextAttemptAt: new Date() })
    await app.mail.drain()
    await new Promise((resolve) => setTimeout(resolve, 300))
    expect(smtp.received).toHaveLength(0)
  })

  it('a test send reaches only the typed address, marked as a test, with no subscriber’s link', async () => {
    await insertSubscribers(3, 'quiet')
    const post = await insertPost({ status: 'draft', publishedAt: null })
    const response = await api('POST', `/api/admin/news/${post.id}/test-send`, { email: 'Editor@Example.org' })
    expect(response.statusCode).toBe(202)
    const [mail] = await smtp.waitFor(1)
    await new Promise((resolve) => setTimeout(resolve, 200))
    expect(smtp.received).toHaveLength(1)
    expect(mail?.envelopeTo).toEqual(['editor@example.org'])
    expect(mail?.parsed.subject).toBe('[Test] Spring update: new chamber standard')
    expect(mail?.parsed.text).toContain('This is a test')
    expect(mail?.parsed.text).not.toContain('/newsletter/unsubscribe')
    expect(header(mail, 'list-unsubscribe')).toBeUndefined()
    expect(await app.db.select().from(mailOutbox)).toEqual([])
    const [row] = await app.db.select({ sentAt: posts.sentAt }).from(posts).where(eq(posts.id, post.id))
    expect(row?.sentAt).toBeNull()
    const bad = await api('POST', `/api/admin/news/${post.id}/test-send`, { email: 'not an address' })
    expect(bad.statusCode).toBe(400)
  })

  it('links to the site’s pages are whole in the mail’s HTML and text; the editor hears of those no mail can follow', async () => {
    await insertSubscribers(1, 'linked')
    const body = [
      'Read [the position statement](/standards/mhbot-sc-001) and [the news](//news.example.org/a).',
      '',
      'Also [this section](#details), [a page](guide.html) and [the council](https://example.org/c).',
    ].join('\n')
    const post = await insertPost({ body })

    // The editor's preview names the two links a mail cannot follow, before anything is sent.
    const preview = await api('POST', '/trpc/news.preview', { json: { body, headings: 'fromH2' } })
    expect(preview.json().result.data.json.unreachable).toEqual(['#details', 'guide.html'])
    // The page keeps the site's own links as written.
    expect((await app.inject({ method: 'GET', url: `/api/news/${post.slug}` })).body).toContain(
      'href=\\"/standards/mhbot-sc-001\\"',
    )

    const test = await api('POST', `/api/admin/news/${post.id}/test-send`, { email: 'editor@example.org' })
    expect(test.statusCode).toBe(202)
    expect(test.json()).toEqual({ sentTo: 'editor@example.org', unreachable: ['#details', 'guide.html'] })
    expect((await api('POST', `/api/admin/news/${post.id}/send`)).statusCode).toBe(202)
    const mails = await smtp.waitFor(2)
    for (const mail of mails) {
      const html = String(mail.parsed.html)
      expect(html).toContain(`href="${TEST_PUBLIC_URL}/standards/mhbot-sc-001"`)
      expect(html).toContain('href="http://news.example.org/a"')
      expect(html).not.toContain('href="/standards')
      expect(mail.parsed.text).toContain(`the position statement (${TEST_PUBLIC_URL}/standards/mhbot-sc-001)`)
    }
    // Rendered once for the mail, and kept: a later save of the body makes it again.
    const [kept] = await app.db.select().from(postMailBodies).where(eq(postMailBodies.postId, post.id))
    expect(kept).toMatchObject({ body, linkBase: TEST_PUBLIC_URL, unreachable: ['#details', 'guide.html'] })
  })

  it('tRPC sends, reports and cancels through the same services', async () => {
    await insertSubscribers(2, 'trpc')
    const post = await insertPost()
    const call = (path: string, input: object, method: 'GET' | 'POST' = 'POST') =>
      method === 'GET'
        ? app.inject({
            method,
            url: `/trpc/${path}?input=${encodeURIComponent(JSON.stringify({ json: input }))}`,
            headers: { ...SAME_ORIGIN, cookie },
          })
        : app.inject({
            method,
            url: `/trpc/${path}`,
            headers: { ...SAME_ORIGIN, cookie, 'content-type': 'application/json' },
            payload: JSON.stringify({ json: input }),
          })
    const sent = await call('newsDelivery.send', { id: post.id })
    expect(sent.json().result.data.json).toEqual({ recipients: 2 })
    const again = await call('newsDelivery.send', { id: post.id })
    expect(again.statusCode).toBe(409)
    await smtp.waitFor(2)
    const status = await until(
      async () => (await call('newsDelivery.status', { id: post.id }, 'GET')).json().result.data.json,
      (value: { sent: number }) => value.sent === 2,
    )
    expect(status).toMatchObject({ total: 2, sent: 2, queued: 0 })
  })
})

describe('the welcome', () => {
  it('goes once an address is confirmed, with the unsubscribe link and the one-click headers', async () => {
    const subscribe = await app.inject({
      method: 'POST',
      url: '/api/newsletter/subscribe',
      headers: SAME_ORIGIN,
      payload: { email: 'new@example.net' },
    })
    expect(subscribe.statusCode).toBeLessThan(300)
    const [confirmation] = await smtp.waitFor(1)
    const link = linkIn(confirmation, `${TEST_PUBLIC_URL}/newsletter/confirm`)
    const token = new URL(link).searchParams.get('token')
    const confirmed = await app.inject({
      method: 'POST',
      url: '/api/newsletter/confirm',
      headers: { ...SAME_ORIGIN, 'content-type': 'application/json' },
      payload: { token },
    })
    expect(confirmed.statusCode).toBe(200)
    const [, welcome] = await smtp.waitFor(2)
    expect(welcome?.envelopeTo).toEqual(['new@example.net'])
    expect(welcome?.parsed.subject).toMatch(/^Welcome to the /)
    expect(welcome?.parsed.text).toContain('New standards, safety guidance and research summaries')
    expect(welcome?.parsed.text).toContain('a few times a year')
    const unsubscribe = linkIn(welcome, `${TEST_PUBLIC_URL}/newsletter/unsubscribe`)
    expect(header(welcome, 'list-unsubscribe')).toBe(`<${unsubscribe}>`)
    expect(header(welcome, 'list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click')
    // Confirming again sends nothing more.
    await app.inject({
      method: 'POST',
      url: '/api/newsletter/confirm',
      headers: { ...SAME_ORIGIN, 'content-type': 'application/json' },
      payload: { token },
    })
    await app.mail.drain()
    expect(smtp.received).toHaveLength(2)
  })
})
