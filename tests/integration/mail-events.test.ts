import { execFileSync } from 'node:child_process'
import { createSign } from 'node:crypto'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { eq } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { mailEvents, mailOutbox, newsletterSubscribers, posts } from '../../src/db/schema'
import { signGeneric } from '../../src/server/mail-events/verify'
import { buildTestApp, setUpTestApp } from '../helpers/build-app'
import { loginCookie, SAME_ORIGIN } from '../helpers/login'
import { replicas, until } from '../helpers/replicas'
import { linkIn, type SmtpServer, startSmtpServer } from '../helpers/smtp'

/**
 * The mail provider's bounce and complaint reports (docs/mail-events.md), each provider's format
 * as its documentation gives it, against a real SMTP server: the right address suppressed, a
 * forged call refused, the next issue skipping it and counting it, the other mail still going.
 */

const ADMIN = 'admin@example.org'
const SECRET = 'mail-events-secret-0123456789abcdef'
const TOPIC = 'arn:aws:sns:eu-west-1:123456789012:council-ses-events'
const CERT_URL = 'https://sns.eu-west-1.amazonaws.com/SimpleNotificationService-test.pem'
const FAST = { pollMs: 100, retryBaseMs: 100, maxRetryMs: 300, maxAttempts: 1000, leaseMs: 30_000, rateWindowMs: 1000 }

// A key and certificate for "SNS", made here: AWS's are out of reach, the verification is the same.
let dir: string
let key: string
let cert: string
const fetched: string[] = []
const fetchText = async (url: URL) => {
  fetched.push(url.href)
  if (url.href === CERT_URL) return cert
  if (url.hostname.startsWith('sns.') && url.searchParams.get('Action') === 'ConfirmSubscription') return '<ok/>'
  throw new Error(`no such document: ${url.href}`)
}

let smtp: SmtpServer
beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'sns-'))
  execFileSync('openssl', [
    'req',
    '-x509',
    '-newkey',
    'rsa:2048',
    '-nodes',
    '-keyout',
    join(dir, 'key.pem'),
    '-out',
    join(dir, 'cert.pem'),
    '-days',
    '2',
    '-subj',
    '/CN=sns.amazonaws.com',
  ])
  key = readFileSync(join(dir, 'key.pem'), 'utf8')
  cert = readFileSync(join(dir, 'cert.pem'), 'utf8')
  smtp = await startSmtpServer()
})
afterAll(async () => {
  await smtp.stop()
  rmSync(dir, { recursive: true, force: true })
})

const mailEnv = () => ({
  ADMIN_EMAILS: ADMIN,
  SMTP_URL: smtp.url,
  MAIL_FROM: 'council@example.org',
  MAIL_RATE_PER_MINUTE: '1000',
  MAIL_EVENTS_SECRET: SECRET,
})
const setup = setUpTestApp({ env: mailEnv, mailTiming: FAST, snsFetch: fetchText })
let app: FastifyInstance
let cookie: string
beforeEach(async () => {
  app = setup.app
  smtp.received.length = 0
  fetched.length = 0
  cookie = await loginCookie(app, ADMIN)
})

const basic = (password: string) => `Basic ${Buffer.from(`postmark:${password}`).toString('base64')}`

function generic(events: object[], options: { secret?: string; at?: number; on?: FastifyInstance } = {}) {
  const body = JSON.stringify({ events })
  return (options.on ?? app).inject({
    method: 'POST',
    url: '/api/mail/events/generic',
    headers: {
      'content-type': 'application/json',
      'x-mail-events-signature': signGeneric(options.secret ?? SECRET, body, options.at ?? Date.now()),
    },
    payload: body,
  })
}

function postmark(record: object, password = SECRET) {
  return app.inject({
    method: 'POST',
    url: '/api/mail/events/postmark',
    headers: { 'content-type': 'application/json', authorization: basic(password) },
    payload: JSON.stringify(record),
  })
}

/** The text SNS signs, written out here from AWS's documentation rather than taken from the code under test. */
function signSns(message: Record<string, string>, version: '1' | '2' = '1') {
  const names =
    message.Type === 'Notification'
      ? ['Message', 'MessageId', 'Subject', 'Timestamp', 'TopicArn', 'Type']
      : ['Message', 'MessageId', 'SubscribeURL', 'Timestamp', 'Token', 'TopicArn', 'Type']
  let text = ''
  for (const name of names) if (message[name] !== undefined) text += `${name}\n${message[name]}\n`
  const signer = createSign(version === '2' ? 'RSA-SHA256' : 'RSA-SHA1')
  signer.update(text)
  return {
    ...message,
    SignatureVersion: version,
    SigningCertURL: CERT_URL,
    Signature: signer.sign(key, 'base64'),
  } as Record<string, string>
}

function sesNotification(notification: object, extra: Record<string, string> = {}) {
  return signSns({
    Type: 'Notification',
    MessageId: `msg-${Math.random().toString(36).slice(2)}`,
    TopicArn: TOPIC,
    Message: JSON.stringify(notification),
    Timestamp: new Date().toISOString(),
    ...extra,
  })
}

function sns(message: object, password = SECRET, on = app) {
  return on.inject({
    method: 'POST',
    url: '/api/mail/events/ses',
    // SNS posts its JSON as text/plain.
    headers: {
      'content-type': 'text/plain; charset=UTF-8',
      'x-amz-sns-message-type': String((message as { Type?: string }).Type),
      authorization: basic(password),
    },
    payload: JSON.stringify(message),
  })
}

async function subscriber(email: string, status = 'active') {
  const [row] = await app.db.insert(newsletterSubscribers).values({ email, status }).returning()
  if (!row) throw new Error('no subscriber')
  return row
}

async function stateOf(email: string) {
  const [row] = await app.db.select().from(newsletterSubscribers).where(eq(newsletterSubscribers.email, email))
  return row
}

describe('who may report', () => {
  it('an unknown provider, and a server without MAIL_EVENTS_SECRET, answer a JSON 404', async () => {
    const unknown = await app.inject({ method: 'POST', url: '/api/mail/events/mailgun', payload: '{}' })
    expect(unknown.statusCode).toBe(404)
    expect(unknown.json().message).toContain('generic, ses, postmark')

    const bare = await buildTestApp(setup.database.handle, { env: { ADMIN_EMAILS: ADMIN } })
    try {
      const off = await generic([{ type: 'hard_bounce', email: 'a@example.net' }], { on: bare })
      expect(off.statusCode).toBe(404)
      expect(off.json().message).toContain('MAIL_EVENTS_SECRET')
    } finally {
      await bare.close()
    }
  })

  it('refuses a forged, stale or unsigned generic call, and changes nothing', async () => {
    await subscriber('kept@example.net')
    const events = [{ type: 'hard_bounce', email: 'kept@example.net' }]
    for (const response of [
      await generic(events, { secret: 'not-the-secret-not-the-secret-000' }),
      await generic(events, { at: Date.now() - 10 * 60_000 }),
      await app.inject({
        method: 'POST',
        url: '/api/mail/events/generic',
        headers: { 'content-type': 'application/json' },
        payload: JSON.stringify({ events }),
      }),
    ]) {
      expect(response.statusCode).toBe(401)
      expect(response.json()).toMatchObject({ error: 'Unauthorized' })
      expect(response.json().message).toContain('X-Mail-Events-Signature')
    }
    // A body changed after signing is a forgery too.
    const body = JSON.stringify({ events })
    const tampered = await app.inject({
      method: 'POST',
      url: '/api/mail/events/generic',
      headers: {
        'content-type': 'application/json',
        'x-mail-events-signature': signGeneric(SECRET, body, Date.now()),
      },
      payload: body.replace('hard_bounce', 'complaint'),
    })
    expect(tampered.statusCode).toBe(401)
    expect((await stateOf('kept@example.net'))?.status).toBe('active')
    expect(await app.db.select().from(mailEvents)).toEqual([])
  })

  it('refuses a Postmark or SNS call without the secret as its password', async () => {
    await subscriber('kept@example.net')
    const record = { RecordType: 'Bounce', ID: 1, Type: 'HardBounce', Email: 'kept@example.net' }
    const wrong = await postmark(record, 'not-the-secret-not-the-secret-000')
    expect(wrong.statusCode).toBe(401)
    expect(wrong.headers['www-authenticate']).toContain('Basic')
    const none = await app.inject({
      method: 'POST',
      url: '/api/mail/events/postmark',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify(record),
    })
    expect(none.statusCode).toBe(401)
    const ses = await sns(
      sesNotification({
        notificationType: 'Bounce',
        bounce: { bounceType: 'Permanent', bouncedRecipients: [{ emailAddress: 'kept@example.net' }] },
      }),
      'not-the-secret-not-the-secret-000',
    )
    expect(ses.statusCode).toBe(401)
    expect((await stateOf('kept@example.net'))?.status).toBe('active')
  })

  it('refuses an SNS message not signed by the certificate of an SNS host', async () => {
    await subscriber('kept@example.net')
    const notification = {
      notificationType: 'Bounce',
      bounce: { bounceType: 'Permanent', bouncedRecipients: [{ emailAddress: 'kept@example.net' }] },
    }
    const signed = sesNotification(notification)
    // The text changed after AWS signed it.
    const changed = await sns({ ...signed, Message: String(signed.Message).replace('kept@', 'other@') })
    expect(changed.statusCode).toBe(401)
    expect(changed.json().message).toBe('The SNS message is not signed by AWS.')
    // A certificate from anywhere but an SNS host is never fetched.
    const elsewhere = await sns({ ...signed, SigningCertURL: 'https://attacker.example.com/cert.pem' })
    expect(elsewhere.statusCode).toBe(401)
    expect(fetched.some((url) => url.includes('attacker'))).toBe(false)
    const lookalike = await sns({ ...signed, SigningCertURL: 'https://sns.eu-west-1.amazonaws.com.attacker.net/c.pem' })
    expect(lookalike.statusCode).toBe(401)
    expect((await stateOf('kept@example.net'))?.status).toBe('active')
  })

  it('answers a body that is not the provider’s with a 400 and a reason', async () => {
    const notJson = await app.inject({
      method: 'POST',
      url: '/api/mail/events/postmark',
      headers: { 'content-type': 'application/json', authorization: basic(SECRET) },
      payload: 'not json',
    })
    expect(notJson.statusCode).toBe(400)
    expect(notJson.json().message).toBe('The body is not JSON.')
    const badGeneric = await generic([{ type: 'bounced', email: 'nobody' }])
    expect(badGeneric.statusCode).toBe(400)
    expect(badGeneric.json().fields).toBeDefined()
    const notSns = await sns({ hello: 'world' })
    expect(notSns.statusCode).toBe(400)
  })
})

describe('what a report does', () => {
  it('generic: a hard bounce and a complaint suppress at once; soft bounces at the third; strangers are dropped; a repeat counts once', async () => {
    for (const email of ['hard@example.net', 'spam@example.net', 'soft@example.net']) await subscriber(email)
    const first = await generic([
      { type: 'hard_bounce', email: 'HARD@example.net', id: 'e1' },
      { type: 'complaint', email: 'spam@example.net', id: 'e2' },
      { type: 'soft_bounce', email: 'soft@example.net', id: 'e3' },
      { type: 'hard_bounce', email: 'stranger@example.net', id: 'e4' },
    ])
    expect(first.statusCode).toBe(200)
    expect(first.json()).toEqual({ received: 4, recorded: 3, suppressed: 2 })
    expect(await stateOf('hard@example.net')).toMatchObject({ status: 'suppressed', suppressedReason: 'hard_bounce' })
    expect(await stateOf('spam@example.net')).toMatchObject({ status: 'suppressed', suppressedReason: 'complaint' })
    expect(await stateOf('soft@example.net')).toMatchObject({ status: 'active', softBounces: 1 })

    // The provider sends the same call again: nothing more is counted.
    const repeat = await generic([{ type: 'soft_bounce', email: 'soft@example.net', id: 'e3' }])
    expect(repeat.json()).toEqual({ received: 1, recorded: 0, suppressed: 0 })
    await generic([{ type: 'soft_bounce', email: 'soft@example.net', id: 'e5' }])
    expect(await stateOf('soft@example.net')).toMatchObject({ status: 'active', softBounces: 2 })
    await generic([{ type: 'soft_bounce', email: 'soft@example.net', id: 'e6' }])
    expect(await stateOf('soft@example.net')).toMatchObject({ status: 'suppressed', suppressedReason: 'soft_bounces' })
    // No stranger's address is kept.
    const kept = await app.db.select().from(mailEvents)
    expect(kept).toHaveLength(5)
    expect(JSON.stringify(kept)).not.toContain('stranger')
  })

  it('an address that unsubscribed stays unsubscribed; the report is kept', async () => {
    await subscriber('left@example.net', 'unsubscribed')
    const response = await generic([{ type: 'complaint', email: 'left@example.net' }])
    expect(response.json()).toEqual({ received: 1, recorded: 1, suppressed: 0 })
    expect((await stateOf('left@example.net'))?.status).toBe('unsubscribed')
  })

  it('Postmark: HardBounce and SpamComplaint suppress, SoftBounce counts, an auto-reply is no bounce', async () => {
    for (const email of ['pm-hard@example.net', 'pm-spam@example.net', 'pm-soft@example.net', 'pm-auto@example.net'])
      await subscriber(email)
    const at = new Date(Date.now() - 60_000).toISOString()
    const hard = await postmark({
      RecordType: 'Bounce',
      MessageStream: 'broadcast',
      ID: 4323372036,
      Type: 'HardBounce',
      TypeCode: 1,
      Name: 'Hard bounce',
      Tag: 'newsletter',
      MessageID: '883953f4-6105-42a2-a16a-77a8eac79483',
      ServerID: 23,
      Description: 'The server was unable to deliver your message (ex: unknown user, mailbox not found).',
      Details: 'Test bounce details',
      Email: 'pm-hard@example.net',
      From: 'council@example.org',
      BouncedAt: at,
      DumpAvailable: true,
      Inactive: true,
      CanActivate: true,
      Subject: 'Spring update',
    })
    expect(hard.statusCode).toBe(200)
    expect(hard.json()).toEqual({ received: 1, recorded: 1, suppressed: 1 })
    const spam = await postmark({
      RecordType: 'SpamComplaint',
      MessageStream: 'broadcast',
      ID: 42,
      Type: 'SpamComplaint',
      TypeCode: 512,
      Email: 'pm-spam@example.net',
      BouncedAt: at,
    })
    expect(spam.json()).toEqual({ received: 1, recorded: 1, suppressed: 1 })
    const soft = await postmark({
      RecordType: 'Bounce',
      ID: 43,
      Type: 'SoftBounce',
      TypeCode: 4096,
      Email: 'pm-soft@example.net',
    })
    expect(soft.json()).toEqual({ received: 1, recorded: 1, suppressed: 0 })
    const auto = await postmark({
      RecordType: 'Bounce',
      ID: 44,
      Type: 'AutoResponder',
      TypeCode: 64,
      Email: 'pm-auto@example.net',
    })
    expect(auto.json()).toEqual({ received: 0, recorded: 0, suppressed: 0 })
    // Other webhooks Postmark may send to the same address are not bounces.
    const delivered = await postmark({ RecordType: 'Delivery', Email: 'pm-auto@example.net' })
    expect(delivered.json()).toEqual({ received: 0, recorded: 0, suppressed: 0 })

    expect(await stateOf('pm-hard@example.net')).toMatchObject({
      status: 'suppressed',
      suppressedReason: 'hard_bounce',
    })
    expect(await stateOf('pm-spam@example.net')).toMatchObject({ status: 'suppressed', suppressedReason: 'complaint' })
    expect(await stateOf('pm-soft@example.net')).toMatchObject({ status: 'active', softBounces: 1 })
    expect(await stateOf('pm-auto@example.net')).toMatchObject({ status: 'active', softBounces: 0 })
  })

  it('SES through SNS: a Permanent bounce and a complaint suppress, a Transient one counts; both signature versions', async () => {
    for (const email of ['ses-hard@example.net', 'ses-spam@example.net', 'ses-soft@example.net'])
      await subscriber(email)
    const bounce = await sns(
      sesNotification({
        notificationType: 'Bounce',
        bounce: {
          feedbackId: '0100017b-bounce-1',
          bounceType: 'Permanent',
          bounceSubType: 'General',
          bouncedRecipients: [
            {
              emailAddress: 'ses-hard@example.net',
              action: 'failed',
              status: '5.1.1',
              diagnosticCode: 'smtp; 550 5.1.1 user unknown',
            },
          ],
          timestamp: new Date().toISOString(),
          reportingMTA: 'dsn; a8-70.smtp-out.amazonses.com',
        },
        mail: { timestamp: new Date().toISOString(), source: 'council@example.org', messageId: '0100017b-mail' },
      }),
    )
    expect(bounce.statusCode).toBe(200)
    expect(bounce.json()).toEqual({ received: 1, recorded: 1, suppressed: 1 })
    // Only the certificate is fetched (once for this app, an earlier test may have).
    expect(fetched.filter((url) => url !== CERT_URL)).toEqual([])
    expect(fetched.length).toBeLessThanOrEqual(1)

    // SES's event publishing names the type eventType; SNS's signature version 2 is SHA-256.
    const complaintMessage = {
      Type: 'Notification',
      MessageId: 'msg-complaint',
      TopicArn: TOPIC,
      Subject: 'Amazon SES Email Event Notification',
      Message: JSON.stringify({
        eventType: 'Complaint',
        complaint: {
          feedbackId: '0100017b-complaint-1',
          complaintFeedbackType: 'abuse',
          complainedRecipients: [{ emailAddress: 'ses-spam@example.net' }],
          timestamp: new Date().toISOString(),
        },
      }),
      Timestamp: new Date().toISOString(),
    }
    const complaint = await sns(signSns(complaintMessage, '2'))
    expect(complaint.json()).toEqual({ received: 1, recorded: 1, suppressed: 1 })
    // The certificate was kept, not fetched again.
    expect(fetched.length).toBeLessThanOrEqual(1)

    const transient = await sns(
      sesNotification({
        notificationType: 'Bounce',
        bounce: {
          feedbackId: 't-1',
          bounceType: 'Transient',
          bouncedRecipients: [{ emailAddress: 'ses-soft@example.net' }],
        },
      }),
    )
    expect(transient.json()).toEqual({ received: 1, recorded: 1, suppressed: 0 })
    const delivery = await sns(
      sesNotification({ notificationType: 'Delivery', delivery: { recipients: ['x@example.net'] } }),
    )
    expect(delivery.json()).toEqual({ received: 0, recorded: 0, suppressed: 0 })

    expect(await stateOf('ses-hard@example.net')).toMatchObject({
      status: 'suppressed',
      suppressedReason: 'hard_bounce',
    })
    expect(await stateOf('ses-spam@example.net')).toMatchObject({ status: 'suppressed', suppressedReason: 'complaint' })
    expect(await stateOf('ses-soft@example.net')).toMatchObject({ status: 'active', softBounces: 1 })
  })

  it('SNS: a subscription is confirmed through its link, and MAIL_EVENTS_SNS_TOPIC_ARN refuses other topics', async () => {
    const subscribeUrl = `https://sns.eu-west-1.amazonaws.com/?Action=ConfirmSubscription&TopicArn=${encodeURIComponent(TOPIC)}&Token=abc`
    const confirmation = signSns({
      Type: 'SubscriptionConfirmation',
      MessageId: 'msg-sub',
      Token: 'abc',
      TopicArn: TOPIC,
      Message: 'You have chosen to subscribe to the topic.',
      SubscribeURL: subscribeUrl,
      Timestamp: new Date().toISOString(),
    })
    const confirmed = await sns(confirmation)
    expect(confirmed.statusCode).toBe(200)
    expect(confirmed.json()).toEqual({ confirmed: true })
    expect(fetched).toContain(subscribeUrl)

    // A link elsewhere is never followed, even in a signed message.
    fetched.length = 0
    const elsewhere = await sns(
      signSns({ ...confirmation, SubscribeURL: 'https://attacker.example.com/?Action=ConfirmSubscription' }),
    )
    expect(elsewhere.statusCode).toBe(400)
    expect(fetched.some((url) => url.includes('attacker'))).toBe(false)

    const pinned = await buildTestApp(setup.database.handle, {
      env: { ...mailEnv(), MAIL_EVENTS_SNS_TOPIC_ARN: 'arn:aws:sns:eu-west-1:123456789012:another-topic' },
      snsFetch: fetchText,
    })
    try {
      await subscriber('pinned@example.net')
      const other = await sns(
        sesNotification({
          notificationType: 'Bounce',
          bounce: { bounceType: 'Permanent', bouncedRecipients: [{ emailAddress: 'pinned@example.net' }] },
        }),
        SECRET,
        pinned,
      )
      expect(other.statusCode).toBe(403)
      expect((await stateOf('pinned@example.net'))?.status).toBe('active')
    } finally {
      await pinned.close()
    }
  })
})

describe('the newsletter after a report', () => {
  const others = replicas()

  async function sendIssue(title: string) {
    const [post] = await app.db
      .insert(posts)
      .values({
        slug: `issue-${Math.random().toString(36).slice(2, 8)}`,
        title,
        summary: 'News',
        body: 'The council met.',
        status: 'published',
        publishedAt: new Date(),
      })
      .returning()
    if (!post) throw new Error('no post')
    const sent = await app.inject({
      method: 'POST',
      url: `/api/admin/news/${post.id}/send`,
      headers: { ...SAME_ORIGIN, cookie },
    })
    expect(sent.statusCode).toBe(202)
    return { post, recipients: (sent.json() as { recipients: number }).recipients }
  }

  const delivery = async (id: number) =>
    (
      await app.inject({ method: 'GET', url: `/api/admin/news/${id}/delivery`, headers: { ...SAME_ORIGIN, cookie } })
    ).json() as { sent: number; after: { bounced: number; complained: number; unsubscribed: number; skipped: number } }

  it('the next issue skips a suppressed address and counts it; the issue that lost it says so; other mail still goes; only the owner brings it back', async () => {
    for (const email of ['gone@example.net', 'angry@example.net', 'reader@example.net', 'leaver@example.net'])
      await subscriber(email)
    const first = await sendIssue('Autumn issue')
    expect(first.recipients).toBe(4)
    await smtp.waitFor(4, 20_000)
    await until(
      () => delivery(first.post.id),
      (status) => status.sent === 4,
    )

    await generic([
      { type: 'hard_bounce', email: 'gone@example.net', id: 'x1' },
      { type: 'complaint', email: 'angry@example.net', id: 'x2' },
    ])
    // The reader who left through the issue's own link counts as lost by it.
    const leaverMail = smtp.received.find((mail) => mail.envelopeTo.includes('leaver@example.net'))
    const unsubscribe = linkIn(leaverMail, 'http://localhost:3000/newsletter/unsubscribe')
    const token = new URL(unsubscribe).searchParams.get('token') ?? ''
    const left = await app.inject({
      method: 'POST',
      url: '/api/newsletter/unsubscribe',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ token }),
    })
    expect(left.statusCode).toBeLessThan(400)

    expect((await delivery(first.post.id)).after).toEqual({ bounced: 1, complained: 1, unsubscribed: 1, skipped: 0 })

    smtp.received.length = 0
    const second = await sendIssue('Winter issue')
    expect(second.recipients).toBe(1)
    await smtp.waitFor(1, 20_000)
    await app.mail.drain()
    expect(smtp.received.flatMap((mail) => mail.envelopeTo)).toEqual(['reader@example.net'])
    expect((await delivery(second.post.id)).after).toEqual({ bounced: 0, complained: 0, unsubscribed: 0, skipped: 2 })

    // The list and the CSV say why, when, and after which issue.
    const list = await app.inject({ method: 'GET', url: '/api/admin/subscribers', headers: { ...SAME_ORIGIN, cookie } })
    const gone = (
      list.json() as { email: string; status: string; suppressedReason: string; suppressedAfter: string }[]
    ).find((row) => row.email === 'gone@example.net')
    expect(gone).toMatchObject({
      status: 'suppressed',
      suppressedReason: 'hard_bounce',
      suppressedAfter: 'Autumn issue',
    })
    const csv = await app.inject({
      method: 'GET',
      url: '/api/admin/subscribers/suppressed.csv',
      headers: { ...SAME_ORIGIN, cookie },
    })
    expect(csv.statusCode).toBe(200)
    expect(csv.headers['content-type']).toContain('text/csv')
    const lines = csv.body.trim().split(/\r?\n/)
    expect(lines[0]).toBe('email,suppressed_at,reason,soft_bounces,after_issue')
    expect(lines.slice(1).sort()).toEqual([
      expect.stringMatching(/^angry@example\.net,\d{4}-.*Z,complaint,0,Autumn issue$/),
      expect.stringMatching(/^gone@example\.net,\d{4}-.*Z,hard_bounce,0,Autumn issue$/),
    ])

    // The council cannot undo it; the contact form's receipt still reaches the address.
    const goneRow = await stateOf('gone@example.net')
    const refused = await app.inject({
      method: 'PATCH',
      url: `/api/admin/subscribers/${goneRow?.id}`,
      headers: { ...SAME_ORIGIN, cookie },
      payload: { isActive: true },
    })
    expect(refused.statusCode).toBe(409)
    expect(refused.json().message).toContain('Only the subscriber')
    smtp.received.length = 0
    const wrote = await app.inject({
      method: 'POST',
      url: '/api/contact',
      headers: SAME_ORIGIN,
      payload: { name: 'Gone', email: 'gone@example.net', subject: 'Still here', message: 'My mailbox is back.' },
    })
    expect(wrote.statusCode).toBeLessThan(300)
    await until(
      () => smtp.received.flatMap((mail) => mail.envelopeTo),
      (to) => to.includes('gone@example.net'),
    )
    expect(smtp.received.flatMap((mail) => mail.envelopeTo)).toContain('gone@example.net')

    // The owner subscribes again: the confirmation goes, and confirming clears the suppression.
    await app.mail.drain()
    smtp.received.length = 0
    const again = await app.inject({
      method: 'POST',
      url: '/api/newsletter/subscribe',
      headers: SAME_ORIGIN,
      payload: { email: 'gone@example.net' },
    })
    expect(again.statusCode).toBeLessThan(300)
    const confirmation = await until(
      () => smtp.received.find((mail) => mail.parsed.text?.includes('http://localhost:3000/newsletter/confirm')),
      (mail) => mail !== undefined,
    )
    const confirmLink = linkIn(confirmation, 'http://localhost:3000/newsletter/confirm')
    const confirmed = await app.inject({
      method: 'POST',
      url: '/api/newsletter/confirm',
      headers: { ...SAME_ORIGIN, 'content-type': 'application/json' },
      payload: JSON.stringify({ token: new URL(confirmLink).searchParams.get('token') }),
    })
    expect(confirmed.statusCode).toBeLessThan(400)
    expect(await stateOf('gone@example.net')).toMatchObject({
      status: 'active',
      suppressedReason: null,
      suppressedAt: null,
      softBounces: 0,
      consentSource: 'resubscribe',
    })
  })

  it('one report taken by two replicas at once counts once', async (context) => {
    const url = setup.database.url
    if (!url) context.skip()
    const other = await others.start(String(url), { env: mailEnv(), mailTiming: FAST, snsFetch: fetchText })
    await subscriber('twice@example.net')
    const events = [{ type: 'soft_bounce', email: 'twice@example.net', id: 'same-report' }]
    const answers = await Promise.all([generic(events), generic(events, { on: other })])
    expect(answers.map((answer) => answer.json().recorded).sort()).toEqual([0, 1])
    expect(await stateOf('twice@example.net')).toMatchObject({ softBounces: 1, status: 'active' })
    expect(await app.db.select().from(mailOutbox).where(eq(mailOutbox.kind, 'newsletter_issue'))).toEqual([])
  })
})
