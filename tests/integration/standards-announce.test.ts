import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { newsletterSubscribers } from '../../src/db/schema'
import { seedStandards } from '../../src/server/services/standards'
import { setUpTestApp, TEST_PUBLIC_URL } from '../helpers/build-app'
import { memberCookie, SAME_ORIGIN } from '../helpers/login'
import { until } from '../helpers/replicas'
import { type SmtpServer, startSmtpServer } from '../helpers/smtp'

/**
 * Telling the subscribers that a standard's public review opened: a short news post sent through the
 * newsletter's own outbox (docs/decisions/028-standards-as-versioned-documents.md), against a real
 * SMTP server; once per version.
 */

const FAST = { pollMs: 100, retryBaseMs: 100, maxRetryMs: 300, maxAttempts: 1000, leaseMs: 5_000, rateWindowMs: 1000 }
let smtp: SmtpServer
beforeAll(async () => {
  smtp = await startSmtpServer()
})
afterAll(async () => {
  await smtp.stop()
})

const setup = setUpTestApp({
  env: () => ({ SMTP_URL: smtp.url, MAIL_FROM: 'newsletter@example.org', MAIL_RATE_PER_MINUTE: '100' }),
  mailTiming: FAST,
})
beforeEach(async () => {
  smtp.received.length = 0
  await seedStandards(setup.app.db, setup.app.site)
})

describe('announcing a public review', () => {
  it('sends one notice to each active subscriber, with a link to the version, and refuses a second', async () => {
    const app = setup.app
    await app.db
      .insert(newsletterSubscribers)
      .values([
        { email: 'one@example.org' },
        { email: 'two@example.org' },
        { email: 'gone@example.org', status: 'unsubscribed' },
      ])
    const headers = { ...SAME_ORIGIN, cookie: await memberCookie(app, 'editor@example.org', 'editor') }
    const base = '/api/admin/standards/MHBOT-SC-G-004/versions'
    const call = (method: 'POST', url: string, payload?: object) =>
      app.inject({ method, url, headers, ...(payload ? { payload } : {}) })

    // Nothing to announce before the review opens.
    expect((await call('POST', base, { version: '1.1', changeSummary: 'Plainer words.' })).statusCode).toBe(201)
    expect((await call('POST', `${base}/1.1/announce`)).statusCode).toBe(409)
    const closesAt = new Date(Date.now() + 20 * 86_400_000).toISOString()
    expect((await call('POST', `${base}/1.1/review`, { closesAt })).statusCode).toBe(200)

    const sent = await call('POST', `${base}/1.1/announce`)
    expect(sent.statusCode, sent.body).toBe(202)
    expect(sent.json()).toMatchObject({ recipients: 2 })
    const again = await call('POST', `${base}/1.1/announce`)
    expect(again.statusCode).toBe(409)
    expect(again.json().message).toMatch(/already told/)

    const mails = await until(
      () => smtp.received,
      (received) => received.length >= 2,
    )
    expect(mails.flatMap((mail) => mail.envelopeTo).sort()).toEqual(['one@example.org', 'two@example.org'])
    const [mail] = mails
    expect(mail?.parsed.subject).toMatch(/Public review: Introduction to Mild Hyperbaric Oxygen, version 1.1/)
    expect(mail?.parsed.text).toContain(`${TEST_PUBLIC_URL}/standards/MHBOT-SC-G-004/v/1.1`)
    expect(mail?.parsed.headerLines.find((line) => line.key === 'list-unsubscribe-post')?.line).toMatch(/One-Click/)

    // The notice is news too.
    const news = (await app.inject({ method: 'GET', url: '/api/news' })).json()
    expect(news[0].title).toMatch(/Public review/)
  })
})
