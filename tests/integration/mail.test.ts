import { Writable } from 'node:stream'
import { eq } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { contactSubmissions, mailOutbox, newsletterSubscribers } from '../../src/db/schema'
import { unsubscribeToken } from '../../src/server/services/subscription-tokens'
import { buildTestApp, setUpTestApp, TEST_PUBLIC_URL, testEnv } from '../helpers/build-app'
import { loginCookie, SAME_ORIGIN } from '../helpers/login'
import { replicas, until } from '../helpers/replicas'
import { linkIn, type ReceivedMail, type SmtpServer, startSmtpServer } from '../helpers/smtp'

/**
 * Mail, end to end, against a real SMTP server on 127.0.0.1: the council's notice of a contact
 * message, the subscriber's confirmation (double opt-in), an outage that loses nothing, a refusal
 * the admin sees, and two replicas that send each mail once (docs/decisions/016-mail-outbox.md).
 */

const ADMIN = 'admin@example.org'
const COUNCIL = 'council-inbox@example.org'
const FROM = 'newsletter@example.org'
const FAST = { pollMs: 100, retryBaseMs: 100, maxRetryMs: 300, maxAttempts: 1000, leaseMs: 5_000 }
const SECRET = testEnv().SESSION_SECRET ?? ''

let smtp: SmtpServer
beforeAll(async () => {
  smtp = await startSmtpServer({ user: 'mailer', password: 'p@ss word' })
})
afterAll(async () => {
  await smtp.stop()
})

const setup = setUpTestApp({
  env: () => ({ ADMIN_EMAILS: ADMIN, SMTP_URL: smtp.url, MAIL_FROM: FROM, COUNCIL_NOTIFY_EMAIL: COUNCIL }),
  mailTiming: FAST,
})
let app: FastifyInstance
beforeEach(() => {
  app = setup.app
  smtp.received.length = 0
  smtp.refuseRecipients(false)
})

const contact = {
  name: 'Pat Example',
  email: 'pat@example.net',
  subject: 'Question about standards',
  message: 'Where can I read the facility checklist?\nThanks <b>a lot</b>.',
}
const post = (url: string, payload: object) => app.inject({ method: 'POST', url, headers: SAME_ORIGIN, payload })
/** The council's notice of a contact message, among the mail (the visitor's receipt goes out too). */
const toCouncil = (mail: ReceivedMail) => mail.envelopeTo.includes(COUNCIL)
const receiptTo = (email: string) => (mail: ReceivedMail) =>
  mail.envelopeTo.includes(email) && (mail.parsed.subject ?? '').startsWith('We received your message: ')

async function adminMessages() {
  const cookie = await loginCookie(app, ADMIN)
  return (
    await app.inject({ method: 'GET', url: '/api/admin/contact-submissions', headers: { ...SAME_ORIGIN, cookie } })
  ).json() as { id: number; notice: string | null }[]
}

describe('the council hears of each contact message', () => {
  it('mails the notice to COUNCIL_NOTIFY_EMAIL with Reply-To the visitor, through SMTP with credentials', async () => {
    // Another mail first, so the notice's outbox row and its message have different ids.
    await post('/api/newsletter/subscribe', { email: 'first@example.net' })
    await smtp.waitFor(1)
    smtp.received.length = 0
    const response = await post('/api/contact', contact)
    expect(response.statusCode).toBe(201)
    const [mail] = await smtp.waitForMatching(toCouncil, 1)
    expect(mail?.envelopeTo).toEqual([COUNCIL])
    expect(mail?.envelopeFrom).toBe(FROM)
    expect(mail?.parsed.from?.value).toEqual([{ name: 'Mild Hyperbaric Oxygen Standards Council', address: FROM }])
    expect(mail?.parsed.replyTo?.value).toEqual([{ name: '', address: 'pat@example.net' }])
    expect(mail?.parsed.subject).toBe('Contact message: Question about standards')
    expect(mail?.parsed.text).toContain('Where can I read the facility checklist?\nThanks <b>a lot</b>.')
    expect(mail?.parsed.html).toBe(false)
    expect(linkIn(mail, TEST_PUBLIC_URL)).toBe(`${TEST_PUBLIC_URL}/admin/messages`)

    const [message] = await until(adminMessages, (rows) => rows[0]?.notice === 'sent')
    expect(message?.notice).toBe('sent')
  })

  it('Reply-To carries the visitor’s address alone, and encoded words typed in the subject arrive as typed', async () => {
    // A visitor types what a mail program would show as someone else: a display name posing as the
    // council's treasurer, and RFC 2047 encoded words that decode into words they never typed.
    const subject = 'Hello =?utf-8?B?VXJnZW50OiB3aXJlIHRoZSBtb25leQ==?= and =?UTF-8?Q?Pay_now?= end'
    const response = await post('/api/contact', {
      ...contact,
      name: 'Treasurer <treasurer@council.example>',
      subject,
    })
    expect(response.statusCode).toBe(201)
    const [mail] = await smtp.waitForMatching(toCouncil, 1)
    expect(mail?.parsed.replyTo?.value).toEqual([{ name: '', address: 'pat@example.net' }])
    expect(mail?.parsed.replyTo?.text).toBe('pat@example.net')
    expect(mail?.parsed.subject).toBe(`Contact message: ${subject}`)
    // The body names the visitor as typed: plain text, read as such.
    expect(mail?.parsed.text).toContain('Treasurer <treasurer@council.example> <pat@example.net> wrote')
    // Its receipt too, before the next message (which gets none within ten minutes).
    await smtp.waitForMatching(receiptTo('pat@example.net'), 1)

    // A long one, with letters beyond ASCII: still literal, and folded between encoded words.
    smtp.received.length = 0
    const long = `Zoë asks ${'=?utf-8?B?SGFja2Vk?= '.repeat(8)}end`
    await post('/api/contact', { ...contact, subject: long })
    const [second] = await smtp.waitForMatching(toCouncil, 1)
    expect(second?.parsed.subject).toBe(`Contact message: ${long}`)
    const header = second?.parsed.headerLines.find((line) => line.key === 'subject')?.line ?? ''
    expect(header.split('\r\n').length).toBeGreaterThan(1)
    for (const line of header.split('\r\n')) expect(line.length).toBeLessThanOrEqual(78)
  })

  it('a message sent through tRPC gets its notice and receipt too; a bot caught by the honeypot gets neither', async () => {
    const trpc = await app.inject({
      method: 'POST',
      url: '/trpc/contact.submit',
      headers: { ...SAME_ORIGIN, 'content-type': 'application/json' },
      payload: JSON.stringify({ json: contact }),
    })
    expect(trpc.statusCode).toBe(200)
    await post('/api/contact', { ...contact, email: 'bot@example.net', website: 'https://spam.example' })
    await smtp.waitFor(2)
    await app.mail.drain()
    expect(smtp.received.map((mail) => mail.envelopeTo).sort()).toEqual([[COUNCIL], ['pat@example.net']])
    expect((await app.db.select().from(mailOutbox)).map((row) => row.kind).sort()).toEqual([
      'contact_notice',
      'contact_receipt',
    ])
  })

  it('the visitor gets a receipt: what they sent, when, and the reply time the council set', async () => {
    const owner = await loginCookie(app, ADMIN)
    const saved = await app.inject({
      method: 'PUT',
      url: '/api/admin/settings',
      headers: { ...SAME_ORIGIN, cookie: owner },
      payload: { version: 0, replyTime: '3-5 business days' },
    })
    expect(saved.statusCode).toBe(200)
    await post('/api/contact', contact)
    const [receipt] = await smtp.waitForMatching(receiptTo('pat@example.net'), 1)
    expect(receipt?.envelopeFrom).toBe(FROM)
    expect(receipt?.parsed.subject).toBe('We received your message: Question about standards')
    expect(receipt?.parsed.html).toBe(false)
    const text = receipt?.parsed.text ?? ''
    expect(text).toContain('Hello Pat Example,')
    expect(text).toContain('We typically reply within 3-5 business days.')
    expect(text).toContain(
      'Subject: Question about standards\n\nWhere can I read the facility checklist?\nThanks <b>a lot</b>.',
    )
    expect(text).toContain(`How we handle your data: ${TEST_PUBLIC_URL}/privacy`)
  })

  it('an address gets one receipt in ten minutes, whatever its letter case; every message still reaches the council', async () => {
    await post('/api/contact', contact)
    await post('/api/contact', { ...contact, email: 'PAT@Example.NET', subject: 'Again' })
    await post('/api/contact', { ...contact, email: 'other@example.net', subject: 'Someone else' })
    await smtp.waitForMatching(toCouncil, 3)
    await app.mail.drain()
    const receipts = smtp.received.filter((mail) =>
      (mail.parsed.subject ?? '').startsWith('We received your message: '),
    )
    expect(receipts.map((mail) => mail.envelopeTo[0]?.toLowerCase()).sort()).toEqual([
      'other@example.net',
      'pat@example.net',
    ])
    // Eleven minutes on, the address gets a receipt again.
    await app.db.update(mailOutbox).set({ createdAt: minutesAgo(11) })
    smtp.received.length = 0
    await post('/api/contact', { ...contact, subject: 'Later' })
    const [later] = await smtp.waitForMatching(receiptTo('pat@example.net'), 1)
    expect(later?.parsed.subject).toBe('We received your message: Later')
  })

  it('while the SMTP server is down nothing is lost: the notice goes out when it is back', async () => {
    await smtp.stop()
    try {
      const response = await post('/api/contact', contact)
      // Stored and answered at once: the visitor never waits on SMTP.
      expect(response.statusCode).toBe(201)
      expect(await app.db.select().from(contactSubmissions)).toHaveLength(1)
      const [retrying] = await until(adminMessages, (rows) => rows[0]?.notice === 'retrying')
      expect(retrying?.notice).toBe('retrying')
      // The notice and the receipt wait, each between attempts or in one (a sender may hold it now).
      const [notice] = await until(
        () => app.db.select().from(mailOutbox).where(eq(mailOutbox.kind, 'contact_notice')),
        (rows) => rows[0]?.state === 'pending' && rows[0]?.lastError !== null,
      )
      expect(notice?.state).toBe('pending')
      expect(notice?.lastError).toMatch(/ECONNREFUSED|connect/i)
    } finally {
      await smtp.start()
    }
    const [mail] = await smtp.waitForMatching(toCouncil, 1)
    expect(mail?.parsed.subject).toBe('Contact message: Question about standards')
    // The receipt waited too, and goes out as well.
    await smtp.waitForMatching(receiptTo('pat@example.net'), 1)
    const [sent] = await until(adminMessages, (rows) => rows[0]?.notice === 'sent')
    expect(sent?.notice).toBe('sent')
  })

  it('a notice the server refuses for good is marked not sent, and the message still waits in the inbox', async () => {
    smtp.refuseRecipients(true)
    await post('/api/contact', contact)
    const [message] = await until(adminMessages, (rows) => rows[0]?.notice === 'failed')
    expect(message?.notice).toBe('failed')
    const [row] = await app.db.select().from(mailOutbox)
    expect(row).toMatchObject({ state: 'failed', attempts: 1 })
    expect(row?.lastError).toMatch(/550/)
    expect(row?.lastError).not.toContain(COUNCIL)
  })

  it('deleting the message for good takes its outbox rows with it', async () => {
    await post('/api/contact', contact)
    await smtp.waitFor(2)
    const cookie = await loginCookie(app, ADMIN)
    const [message] = await app.db.select().from(contactSubmissions)
    await app.inject({
      method: 'DELETE',
      url: `/api/admin/contact-submissions/${message?.id}`,
      headers: { ...SAME_ORIGIN, cookie },
    })
    expect(await app.db.select().from(mailOutbox)).toEqual([])
  })
})

const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000)

/*
 * Which mail is which, by its recipient and subject: confirming an address also queues a welcome
 * (docs/decisions/027-newsletter-issues-through-the-outbox.md), so counting every mail to an
 * address no longer counts its confirmations.
 */
const confirmationTo = (email: string) => (mail: ReceivedMail) =>
  mail.envelopeTo.includes(email) && (mail.parsed.subject ?? '').startsWith('Confirm your subscription to the ')
const welcomeTo = (email: string) => (mail: ReceivedMail) =>
  mail.envelopeTo.includes(email) && (mail.parsed.subject ?? '').startsWith('Welcome to the ')
const receivedMatching = (match: (mail: ReceivedMail) => boolean) => smtp.received.filter(match)

describe('double opt-in', () => {
  const subscriber = async (email: string) =>
    (await app.db.select().from(newsletterSubscribers).where(eq(newsletterSubscribers.email, email)))[0]

  it('a new address stays pending until the link mailed to it is followed and its button pressed', async () => {
    const response = await post('/api/newsletter/subscribe', { email: 'Reader@Example.net' })
    expect(response.statusCode).toBe(201)
    expect(response.json()).toMatchObject({ ok: true, confirmationSent: true })
    expect(await subscriber('reader@example.net')).toMatchObject({ status: 'pending', isActive: false })

    const [mail] = await smtp.waitForMatching(confirmationTo('reader@example.net'), 1)
    expect(mail?.envelopeTo).toEqual(['reader@example.net'])
    expect(mail?.parsed.subject).toBe(
      'Confirm your subscription to the Mild Hyperbaric Oxygen Standards Council newsletter',
    )
    const link = linkIn(mail, `${TEST_PUBLIC_URL}/newsletter/confirm?token=`)
    const token = new URL(link).searchParams.get('token') ?? ''

    // Following the link (as a mail scanner would) changes nothing.
    const page = await app.inject({ method: 'GET', url: link.slice(TEST_PUBLIC_URL.length) })
    expect(page.statusCode).toBe(200)
    expect(page.headers['cache-control']).toBe('no-store')
    expect(page.headers['referrer-policy']).toBe('same-origin')
    expect(page.body).toContain('reader@example.net')
    expect(page.body).toContain('<form method="post" action="/api/newsletter/confirm">')
    expect(page.body).toContain('href="/privacy"')
    expect((await subscriber('reader@example.net'))?.status).toBe('pending')

    const confirmed = await app.inject({
      method: 'POST',
      url: '/api/newsletter/confirm',
      headers: { ...SAME_ORIGIN, 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ token }).toString(),
    })
    expect(confirmed.statusCode).toBe(200)
    expect(confirmed.headers['content-type']).toMatch(/^text\/html/)
    expect(confirmed.body).toContain('Subscription confirmed')
    expect(await subscriber('reader@example.net')).toMatchObject({ status: 'active', isActive: true })

    // The same link again: already done, not an error.
    const again = await post('/api/newsletter/confirm', { token })
    expect(again.json()).toMatchObject({ ok: true, outcome: 'already' })
    // Confirmed once, welcomed once.
    await smtp.waitForMatching(welcomeTo('reader@example.net'), 1)
    await app.mail.drain()
    expect(receivedMatching(welcomeTo('reader@example.net'))).toHaveLength(1)
  })

  it('an unsubscribed address that subscribes again must confirm again; the older link stops working', async () => {
    await post('/api/newsletter/subscribe', { email: 'back@example.net' })
    const [first] = await smtp.waitForMatching(confirmationTo('back@example.net'), 1)
    const firstToken = new URL(linkIn(first, `${TEST_PUBLIC_URL}/newsletter/confirm`)).searchParams.get('token')
    await post('/api/newsletter/confirm', { token: firstToken ?? '' })
    // The confirmation's welcome goes out while the address is still active.
    await smtp.waitForMatching(welcomeTo('back@example.net'), 1)
    // Unsubscribed, and more than 10 minutes after its first confirmation mail.
    await app.db
      .update(newsletterSubscribers)
      .set({ status: 'unsubscribed', confirmationQueuedAt: minutesAgo(11) })
      .where(eq(newsletterSubscribers.email, 'back@example.net'))

    await post('/api/newsletter/subscribe', { email: 'back@example.net' })
    expect((await subscriber('back@example.net'))?.status).toBe('pending')
    const [, second] = await smtp.waitForMatching(confirmationTo('back@example.net'), 2)
    expect(second?.envelopeTo).toEqual(['back@example.net'])
    const stale = await post('/api/newsletter/confirm', { token: firstToken ?? '' })
    expect(stale.statusCode).toBe(400)
    expect((await subscriber('back@example.net'))?.status).toBe('pending')
    const fresh = new URL(linkIn(second, `${TEST_PUBLIC_URL}/newsletter/confirm`)).searchParams.get('token')
    expect((await post('/api/newsletter/confirm', { token: fresh ?? '' })).statusCode).toBe(200)
    expect((await subscriber('back@example.net'))?.status).toBe('active')
    // Each confirmation sent one welcome: two confirmations, two welcomes, nothing else.
    await smtp.waitForMatching(welcomeTo('back@example.net'), 2)
    await app.mail.drain()
    expect(receivedMatching(confirmationTo('back@example.net'))).toHaveLength(2)
    expect(receivedMatching(welcomeTo('back@example.net'))).toHaveLength(2)
    expect(receivedMatching((mail) => mail.envelopeTo.includes('back@example.net'))).toHaveLength(4)
  })

  it('records when and how consent was given: the moment of the confirmation, the form or a re-subscription (REST, tRPC, CSV)', async () => {
    const cookie = await loginCookie(app, ADMIN)
    const asAdmin = (url: string) => app.inject({ method: 'GET', url, headers: { ...SAME_ORIGIN, cookie } })
    const listed = async () => (await asAdmin('/api/admin/subscribers')).json()[0]
    const viaTrpc = async () => {
      const input = encodeURIComponent(JSON.stringify({ json: {} }))
      return (await asAdmin(`/trpc/subscribers.list?input=${input}`)).json().result.data.json.items[0]
    }
    const csvRow = async () => {
      const [header, row] = (await asAdmin('/api/admin/subscribers.csv')).body.split('\r\n')
      const names = String(header).split(',')
      const cells = String(row).split(',')
      return Object.fromEntries(names.map((name, i) => [name, cells[i]]))
    }
    const confirmFrom = async (mail: Awaited<ReturnType<SmtpServer['waitFor']>>[number] | undefined) => {
      const token = new URL(linkIn(mail, `${TEST_PUBLIC_URL}/newsletter/confirm`)).searchParams.get('token') ?? ''
      const before = Date.now()
      expect((await post('/api/newsletter/confirm', { token })).json()).toMatchObject({ outcome: 'done' })
      return { before, after: Date.now() }
    }
    const within = (iso: string, window: { before: number; after: number }) => {
      const time = new Date(iso).getTime()
      return time >= window.before - 5 && time <= window.after + 5
    }

    await post('/api/newsletter/subscribe', { email: 'consent@example.net' })
    expect(await listed()).toMatchObject({ status: 'pending', confirmedAt: null, consentSource: 'form' })
    const [first] = await smtp.waitForMatching(confirmationTo('consent@example.net'), 1)
    // The confirmation comes later than the request: confirmed_at is its own moment.
    await new Promise((resolve) => setTimeout(resolve, 30))
    const firstWindow = await confirmFrom(first)
    const confirmed = await listed()
    expect(confirmed).toMatchObject({ status: 'active', consentSource: 'form' })
    expect(within(confirmed.confirmedAt, firstWindow)).toBe(true)
    expect(new Date(confirmed.confirmedAt).getTime()).toBeGreaterThan(new Date(confirmed.subscribedAt).getTime())
    expect(await viaTrpc()).toMatchObject({ consentSource: 'form', confirmedAt: confirmed.confirmedAt })
    expect(await csvRow()).toMatchObject({
      email: 'consent@example.net',
      confirmed_at: confirmed.confirmedAt,
      consent_source: 'form',
    })

    // Its welcome goes out while it is still active.
    await smtp.waitForMatching(welcomeTo('consent@example.net'), 1)

    // It unsubscribes, and later subscribes again: that consent is a re-subscription, confirmed anew.
    await post('/api/newsletter/unsubscribe', { token: unsubscribeToken(SECRET, confirmed.id) })
    await app.db
      .update(newsletterSubscribers)
      .set({ confirmationQueuedAt: minutesAgo(11) })
      .where(eq(newsletterSubscribers.id, confirmed.id))
    await post('/api/newsletter/subscribe', { email: 'consent@example.net' })
    expect(await listed()).toMatchObject({ status: 'pending', confirmedAt: null, consentSource: 'resubscribe' })
    const [, second] = await smtp.waitForMatching(confirmationTo('consent@example.net'), 2)
    const secondWindow = await confirmFrom(second)
    const again = await listed()
    expect(again).toMatchObject({ status: 'active', consentSource: 'resubscribe' })
    expect(within(again.confirmedAt, secondWindow)).toBe(true)
    expect(await viaTrpc()).toMatchObject({ consentSource: 'resubscribe', confirmedAt: again.confirmedAt })
    expect(await csvRow()).toMatchObject({ confirmed_at: again.confirmedAt, consent_source: 'resubscribe' })
    // One welcome per confirmation.
    await smtp.waitForMatching(welcomeTo('consent@example.net'), 2)
    await app.mail.drain()
    expect(receivedMatching(confirmationTo('consent@example.net'))).toHaveLength(2)
    expect(receivedMatching(welcomeTo('consent@example.net'))).toHaveLength(2)
  })

  it('an address that is already active gets no mail and the same answer', async () => {
    await app.db.insert(newsletterSubscribers).values({ email: 'steady@example.net', status: 'active' })
    const response = await post('/api/newsletter/subscribe', { email: 'steady@example.net' })
    expect(response.json()).toMatchObject({ ok: true, confirmationSent: true })
    await app.mail.drain()
    expect(smtp.received).toHaveLength(0)
  })
})

describe('at most one confirmation mail per address per 10 minutes', () => {
  const subscriber = async (email: string) =>
    (await app.db.select().from(newsletterSubscribers).where(eq(newsletterSubscribers.email, email)))[0]
  const outboxOf = async (email: string) => {
    const row = await subscriber(email)
    return row ? app.db.select().from(mailOutbox).where(eq(mailOutbox.subscriberId, row.id)) : []
  }
  const trpcSubscribe = (target: FastifyInstance, email: string, remoteAddress = '127.0.0.1') =>
    target.inject({
      method: 'POST',
      url: '/trpc/newsletter.subscribe',
      remoteAddress,
      headers: { ...SAME_ORIGIN, 'content-type': 'application/json' },
      payload: JSON.stringify({ json: { email } }),
    })
  const others: FastifyInstance[] = []
  afterAll(async () => {
    for (const other of others) await other.close()
  })

  it('a repeat within them, from anyone, through either adapter or another replica, gets the same answer and sends nothing; the first link still works', async () => {
    const first = await post('/api/newsletter/subscribe', { email: 'reader@example.net' })
    const [mail] = await smtp.waitFor(1)
    const token = new URL(linkIn(mail, `${TEST_PUBLIC_URL}/newsletter/confirm`)).searchParams.get('token') ?? ''
    const before = await subscriber('reader@example.net')

    // Another replica: a second app on the same database, so nothing may live in one process's memory.
    const replica = await buildTestApp(setup.database.handle, {
      env: { SMTP_URL: smtp.url, MAIL_FROM: FROM, COUNCIL_NOTIFY_EMAIL: COUNCIL },
      mailTiming: FAST,
    })
    others.push(replica)
    const repeats = [
      await post('/api/newsletter/subscribe', { email: 'reader@example.net' }),
      await app.inject({
        method: 'POST',
        url: '/api/newsletter/subscribe',
        remoteAddress: '203.0.113.9',
        headers: SAME_ORIGIN,
        payload: { email: '  READER@example.NET ' },
      }),
      await replica.inject({
        method: 'POST',
        url: '/api/newsletter/subscribe',
        remoteAddress: '198.51.100.7',
        headers: SAME_ORIGIN,
        payload: { email: 'Reader@Example.net' },
      }),
    ]
    for (const repeat of repeats) {
      expect(repeat.statusCode).toBe(first.statusCode)
      expect(repeat.json()).toEqual(first.json())
    }
    // Through tRPC, the answer a new address gets there.
    const repeatTrpc = await trpcSubscribe(replica, 'reader@example.net', '192.0.2.44')
    const freshTrpc = await trpcSubscribe(app, 'someone-else@example.net')
    expect(repeatTrpc.statusCode).toBe(freshTrpc.statusCode)
    expect(repeatTrpc.json()).toEqual(freshTrpc.json())

    await Promise.all([app.mail.drain(), replica.mail.drain()])
    await smtp.waitFor(2)
    await new Promise((resolve) => setTimeout(resolve, 300))
    expect(smtp.received.map((received) => received.envelopeTo).sort()).toEqual([
      ['reader@example.net'],
      ['someone-else@example.net'],
    ])
    expect(await outboxOf('reader@example.net')).toHaveLength(1)
    expect(await subscriber('reader@example.net')).toEqual(before)
    expect((await post('/api/newsletter/confirm', { token })).json()).toMatchObject({ ok: true, outcome: 'done' })
    // The one confirmation is followed by one welcome, and the repeats queued no second one.
    await smtp.waitForMatching(welcomeTo('reader@example.net'), 1)
    await Promise.all([app.mail.drain(), replica.mail.drain()])
    expect(receivedMatching(confirmationTo('reader@example.net'))).toHaveLength(1)
    expect(receivedMatching(welcomeTo('reader@example.net'))).toHaveLength(1)
  })

  it('requests racing for one new address, on two replicas, queue one mail', async () => {
    const replica = await buildTestApp(setup.database.handle, {
      env: { SMTP_URL: smtp.url, MAIL_FROM: FROM, COUNCIL_NOTIFY_EMAIL: COUNCIL },
      mailTiming: FAST,
    })
    others.push(replica)
    const answers = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        (i % 2 ? replica : app).inject({
          method: 'POST',
          url: '/api/newsletter/subscribe',
          remoteAddress: `203.0.113.${i + 1}`,
          headers: SAME_ORIGIN,
          payload: { email: i % 3 ? 'race@example.net' : 'RACE@example.net' },
        }),
      ),
    )
    expect(new Set(answers.map((answer) => `${answer.statusCode} ${answer.body}`)).size).toBe(1)
    await Promise.all([app.mail.drain(), replica.mail.drain()])
    await smtp.waitFor(1)
    await new Promise((resolve) => setTimeout(resolve, 300))
    expect(smtp.received).toHaveLength(1)
    expect(await outboxOf('race@example.net')).toHaveLength(1)
  })

  it('after them a new link goes out; an address that unsubscribed and asks again within them stays as it is', async () => {
    await post('/api/newsletter/subscribe', { email: 'slow@example.net' })
    await smtp.waitForMatching(confirmationTo('slow@example.net'), 1)
    await app.db
      .update(newsletterSubscribers)
      .set({ confirmationQueuedAt: minutesAgo(10.5) })
      .where(eq(newsletterSubscribers.email, 'slow@example.net'))
    await post('/api/newsletter/subscribe', { email: 'slow@example.net' })
    const [, second] = await smtp.waitForMatching(confirmationTo('slow@example.net'), 2)
    expect(second?.envelopeTo).toEqual(['slow@example.net'])

    // Subscribed, confirmed and unsubscribed within minutes: asking again at once changes nothing.
    await post('/api/newsletter/subscribe', { email: 'quick@example.net' })
    const [mail] = await smtp.waitForMatching(confirmationTo('quick@example.net'), 1)
    const token = new URL(linkIn(mail, `${TEST_PUBLIC_URL}/newsletter/confirm`)).searchParams.get('token') ?? ''
    await post('/api/newsletter/confirm', { token })
    // Confirmed: its welcome goes out, once, before it leaves.
    await smtp.waitForMatching(welcomeTo('quick@example.net'), 1)
    const quick = await subscriber('quick@example.net')
    await post('/api/newsletter/unsubscribe', { token: unsubscribeToken(SECRET, quick?.id ?? '') })
    const unsubscribed = await subscriber('quick@example.net')
    expect(unsubscribed?.status).toBe('unsubscribed')
    const outboxBefore = await outboxOf('quick@example.net')
    const again = await post('/api/newsletter/subscribe', { email: 'quick@example.net' })
    expect(again.json()).toMatchObject({ ok: true, confirmationSent: true })
    await app.mail.drain()
    await new Promise((resolve) => setTimeout(resolve, 300))
    // No second confirmation: one confirmation and its one welcome, and no new outbox row.
    expect(receivedMatching(confirmationTo('quick@example.net'))).toHaveLength(1)
    expect(receivedMatching(welcomeTo('quick@example.net'))).toHaveLength(1)
    expect(receivedMatching((received) => received.envelopeTo.includes('quick@example.net'))).toHaveLength(2)
    expect(await subscriber('quick@example.net')).toEqual(unsubscribed)
    const outboxAfter = await outboxOf('quick@example.net')
    expect(outboxAfter).toEqual(outboxBefore)
    expect(outboxAfter.filter((row) => row.kind === 'subscription_confirm')).toHaveLength(1)
    expect(outboxAfter.filter((row) => row.kind === 'newsletter_welcome')).toMatchObject([{ state: 'sent' }])
  })
})

describe('two replicas on one database', () => {
  const others = replicas()

  it('send each queued mail exactly once', async (context) => {
    const url = setup.database.url
    if (!url) context.skip() // replicas share a Postgres; the embedded database is one process by design
    // Nothing goes out while the rows are queued, so both replicas find the whole backlog at once.
    await smtp.stop()
    // Thirty messages from thirty visitors: a notice and a receipt each.
    const count = 60
    try {
      for (let i = 0; i < count / 2; i++)
        await post('/api/contact', { ...contact, email: `visitor${i}@example.net`, subject: `Question number ${i}` })
      await until(
        async () => (await app.db.select().from(mailOutbox)).filter((row) => row.attempts > 0),
        (rows) => rows.length === count,
      )
    } finally {
      await smtp.start()
    }
    await app.db.update(mailOutbox).set({ nextAttemptAt: new Date() })
    for (let i = 0; i < 2; i++) {
      await others.start(String(url), {
        env: { SMTP_URL: smtp.url, MAIL_FROM: FROM, COUNCIL_NOTIFY_EMAIL: COUNCIL },
        mailTiming: { ...FAST, pollMs: 60_000 },
      })
    }
    await Promise.all([app.mail.drain(), ...others.apps.map((other) => other.mail.drain())])
    await smtp.waitFor(count)
    await new Promise((resolve) => setTimeout(resolve, 300))
    const subjects = smtp.received.map((mail) => mail.parsed.subject)
    expect(subjects).toHaveLength(count)
    expect(new Set(subjects).size).toBe(count)
    const rows = await app.db.select().from(mailOutbox)
    expect(rows.every((row) => row.state === 'sent')).toBe(true)
  })
})

describe('without SMTP_URL', () => {
  it('says once at start that mail is off; subscriptions are active at once and nothing is queued', async () => {
    const lines: string[] = []
    const sink = new Writable({
      write(chunk, _encoding, done) {
        lines.push(String(chunk))
        done()
      },
    })
    const quiet = await buildTestApp(setup.database.handle, {
      env: { LOG_LEVEL: 'info' },
      logger: { level: 'info', stream: sink },
    })
    try {
      const response = await quiet.inject({
        method: 'POST',
        url: '/api/newsletter/subscribe',
        headers: SAME_ORIGIN,
        payload: { email: 'direct@example.net' },
      })
      expect(response.json()).toMatchObject({ ok: true, confirmationSent: false })
      await quiet.inject({ method: 'POST', url: '/api/contact', headers: SAME_ORIGIN, payload: contact })
    } finally {
      await quiet.close()
    }
    expect(lines.filter((line) => line.includes('mail is off'))).toHaveLength(1)
    expect(await app.db.select().from(mailOutbox)).toEqual([])
    const [row] = await app.db.select().from(newsletterSubscribers)
    expect(row).toMatchObject({ email: 'direct@example.net', status: 'active' })
  })
})
