import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { newsletterSubscribers } from '../../src/db/schema'
import { seedStandards } from '../../src/server/services/standards'
import { setUpTestApp, TEST_PUBLIC_URL } from '../helpers/build-app'
import { memberCookie, SAME_ORIGIN } from '../helpers/login'
import { until } from '../helpers/replicas'
import { type SmtpServer, startSmtpServer } from '../helpers/smtp'

/**
 * Telling the subscribers that a standard's public review opened, or that a version took effect: a
 * news draft the editor previews, edits and sends as any post, through the newsletter's own outbox
 * (docs/decisions/053-due-process-in-review.md), against a real SMTP server; one draft per version and kind.
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
  it('drafts one news post for the editor, mails nothing until it is published and sent as any post', async () => {
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
    const call = (method: 'POST' | 'PATCH' | 'GET', url: string, payload?: object) =>
      app.inject({ method, url, headers, ...(payload ? { payload } : {}) })

    // Nothing to announce before the review opens.
    expect((await call('POST', base, { version: '1.1', changeSummary: 'Plainer words.' })).statusCode).toBe(201)
    expect((await call('POST', `${base}/1.1/announce`)).statusCode).toBe(409)
    const closesAt = new Date(Date.now() + 20 * 86_400_000).toISOString()
    expect((await call('POST', `${base}/1.1/review`, { closesAt })).statusCode).toBe(200)

    const drafted = await call('POST', `${base}/1.1/announce`)
    expect(drafted.statusCode, drafted.body).toBe(201)
    expect(drafted.json()).toMatchObject({ status: 'draft', created: true })
    const postId = drafted.json().postId as number
    // Asked again, it answers the same draft: one post per review.
    const again = await call('POST', `${base}/1.1/announce`, { kind: 'review' })
    expect(again.statusCode).toBe(200)
    expect(again.json()).toMatchObject({ postId, created: false })
    // A draft is no news, and nothing was mailed.
    expect((await app.inject({ method: 'GET', url: '/api/news' })).json()).toEqual([])
    await new Promise((resolve) => setTimeout(resolve, 300))
    expect(smtp.received).toEqual([])

    // The editor reads the draft, changes a sentence, publishes it and sends it as any post.
    const posts = (await call('GET', '/api/admin/news')).json() as {
      id: number
      title: string
      summary: string
      body: string
    }[]
    const draft = posts.find((post) => post.id === postId)
    expect(draft?.title).toBe('Public review: Introduction to Mild Hyperbaric Oxygen, version 1.1')
    expect(draft?.body).toContain(`${TEST_PUBLIC_URL}/standards/MHBOT-SC-G-004/v/1.1`)
    const published = await call('PATCH', `/api/admin/news/${postId}`, {
      title: draft?.title,
      summary: draft?.summary,
      body: `${draft?.body}\n\nQuestions? Write to the council.`,
      status: 'published',
    })
    expect(published.statusCode, published.body).toBe(200)
    const sent = await call('POST', `/api/admin/news/${postId}/send`)
    expect(sent.statusCode, sent.body).toBe(202)
    expect(sent.json()).toMatchObject({ recipients: 2 })

    const mails = await until(
      () => smtp.received,
      (received) => received.length >= 2,
    )
    expect(mails.flatMap((mail) => mail.envelopeTo).sort()).toEqual(['one@example.org', 'two@example.org'])
    const [mail] = mails
    expect(mail?.parsed.subject).toMatch(/Public review: Introduction to Mild Hyperbaric Oxygen, version 1.1/)
    expect(mail?.parsed.text).toContain(`${TEST_PUBLIC_URL}/standards/MHBOT-SC-G-004/v/1.1`)
    expect(mail?.parsed.text).toContain('Questions? Write to the council.')
    expect(mail?.parsed.headerLines.find((line) => line.key === 'list-unsubscribe-post')?.line).toMatch(/One-Click/)
    const news = (await app.inject({ method: 'GET', url: '/api/news' })).json()
    expect(news[0].title).toMatch(/Public review/)

    // Once the version is published, a second draft tells of that; only the current version can be.
    expect((await call('POST', `${base}/1.1/announce`, { kind: 'published' })).statusCode).toBe(409)
    await app.db.execute(
      sql`update standard_versions set review_closes_at = now() - interval '1 minute' where state = 'review'`,
    )
    const effective = new Date().toISOString().slice(0, 10)
    expect((await call('POST', `${base}/1.1/publish`, { effectiveDate: effective })).statusCode).toBe(200)
    const told = await call('POST', `${base}/1.1/announce`, { kind: 'published' })
    expect(told.statusCode, told.body).toBe(201)
    const after = ((await call('GET', '/api/admin/news')).json() as { id: number; title: string; body: string }[]).find(
      (post) => post.id === told.json().postId,
    )
    expect(after?.title).toBe('Introduction to Mild Hyperbaric Oxygen: version 1.1 is published')
    expect(after?.body).toContain(`${TEST_PUBLIC_URL}/standards/MHBOT-SC-G-004/v/1.1/comments`)
    expect((await call('POST', `${base}/1.1/announce`, { kind: 'whenever' })).statusCode).toBe(400)
  })
})
