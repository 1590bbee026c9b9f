import { sql } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { mailOutbox, standardComments } from '../../src/db/schema'
import { seedStandards } from '../../src/server/services/standards'
import { buildTestApp, setUpTestApp } from '../helpers/build-app'
import { memberCookie, SAME_ORIGIN } from '../helpers/login'
import { replicas, until } from '../helpers/replicas'
import { type ReceivedMail, type SmtpServer, startSmtpServer } from '../helpers/smtp'

/**
 * The public review's loop closed by mail (issue 40, item 1), against a real SMTP server: a
 * commenter's receipt, the council's notice of each comment, the tab's count of what waits, and,
 * once the version is published, one mail to each commenter with the answer to each of their
 * comments, sent once across two replicas; a hidden comment's author hears nothing.
 */

const FAST = { pollMs: 100, retryBaseMs: 100, maxRetryMs: 300, maxAttempts: 1000, leaseMs: 30_000, rateWindowMs: 1000 }
const NOTIFY = 'secretary@example.org'
const G002 = 'MHBOT-SC-G-002'

let smtp: SmtpServer
beforeAll(async () => {
  smtp = await startSmtpServer()
})
afterAll(async () => {
  await smtp.stop()
})

const mailEnv = () => ({
  ADMIN_EMAILS: 'admin@example.org',
  SMTP_URL: smtp.url,
  MAIL_FROM: 'council@example.org',
  COUNCIL_NOTIFY_EMAIL: NOTIFY,
})
const setup = setUpTestApp({ env: mailEnv, mailTiming: FAST })
let app: FastifyInstance
beforeEach(async () => {
  app = setup.app
  smtp.received.length = 0
  await seedStandards(app.db, app.site)
})

const send = (
  method: 'GET' | 'POST' | 'PATCH',
  url: string,
  headers: Record<string, string>,
  payload?: unknown,
  on = app,
) => on.inject({ method, url, headers, ...(payload === undefined ? {} : { payload: payload as object }) })

const comment = (overrides: Record<string, unknown> = {}) => ({
  name: 'Dana Reader',
  organisation: 'A Wellness Studio',
  email: 'dana@example.org',
  section: 'Before the session',
  comment: 'The checklist should ask about recent ear surgery.',
  proposedChange: 'Add a line on ear surgery in the last month.',
  consent: true,
  ...overrides,
})

const to = (address: string) => (mail: ReceivedMail) =>
  mail.envelopeTo.some((one) => one.toLowerCase() === address.toLowerCase())
const mailsTo = (address: string) => smtp.received.filter(to(address))

async function openReviewOfG002(editor: Record<string, string>) {
  const current = (await send('GET', `/api/standards/${G002}`, {})).json().current.body as string
  const draft = await send('POST', `/api/admin/standards/${G002}/versions`, editor, {
    version: '1.1',
    changeSummary: 'Screening is confirmed in writing.',
    body: current.replace('Screening questionnaire completed and reviewed.', 'Screening questionnaire signed.'),
  })
  expect(draft.statusCode, draft.body).toBe(201)
  const closesAt = new Date(Date.now() + 30 * 86_400_000)
  const review = await send('POST', `/api/admin/standards/${G002}/versions/1.1/review`, editor, {
    closesAt: closesAt.toISOString(),
  })
  expect(review.statusCode, review.body).toBe(200)
}

const countWaiting = async (cookie: Record<string, string>) =>
  (await send('GET', '/trpc/standards.countWaitingComments', cookie)).json().result.data.json as number

describe('the comment loop', () => {
  const others = replicas()

  it('receipt and notice on commenting; answers once each on publishing, across two replicas; none for spam', async () => {
    const url = setup.database.url
    const editor = { ...SAME_ORIGIN, cookie: await memberCookie(app, 'editor@example.org', 'editor') }
    const moderator = { ...SAME_ORIGIN, cookie: await memberCookie(app, 'moderator@example.org', 'moderator') }
    await openReviewOfG002(editor)
    const commentsUrl = `/api/standards/${G002}/versions/1.1/comments`

    // Dana comments twice, Lee once, a spammer once.
    for (const payload of [
      comment(),
      comment({ section: 'After the session', comment: 'Say how long to wait before flying.', proposedChange: null }),
      comment({ name: 'Lee Park', organisation: null, email: 'Lee@Example.net', consent: false }),
      comment({ name: 'Spam Bot', email: 'spam@example.net', comment: 'Buy cheap chambers now!!!' }),
    ]) {
      const response = await send('POST', commentsUrl, SAME_ORIGIN, payload)
      expect(response.statusCode, response.body).toBe(201)
    }
    // Four notices to the council, and one receipt per address (a second within 10 minutes is not sent).
    await until(
      () => smtp.received.length,
      (n) => n >= 7,
    )
    await app.mail.drain()
    expect(mailsTo(NOTIFY)).toHaveLength(4)
    expect(mailsTo('dana@example.org')).toHaveLength(1)
    expect(mailsTo('lee@example.net')).toHaveLength(1)
    expect(mailsTo('spam@example.net')).toHaveLength(1)

    const notice = mailsTo(NOTIFY).find((mail) => mail.parsed.text?.includes('Lee Park'))
    expect(notice?.parsed.subject).toBe('Public comment on MHBOT-SC/G-002 v1.1: Before the session')
    expect(notice?.parsed.replyTo?.text).toBe('Lee@example.net')
    expect(notice?.parsed.text).toContain('They did not agree to their name being published')
    expect(notice?.parsed.text).toContain('http://localhost:3000/admin/comments')

    const receipt = mailsTo('dana@example.org')[0]
    expect(receipt?.parsed.subject).toBe('We received your comment on MHBOT-SC/G-002 version 1.1')
    expect(receipt?.parsed.text).toContain('Hello Dana Reader,')
    expect(receipt?.parsed.text).toMatch(/in public review until \w+ \d{1,2}, \d{4}/)
    expect(receipt?.parsed.text).toContain('The checklist should ask about recent ear surgery.')
    expect(receipt?.parsed.text).toContain('Add a line on ear surgery in the last month.')
    expect(receipt?.parsed.text).toContain(`http://localhost:3000/standards/${G002}/v/1.1`)
    expect(receipt?.parsed.html ?? false).toBe(false)

    // The tab counts what waits for a written answer; hiding spam and answering bring it down.
    expect(await countWaiting(editor)).toBe(4)
    const rows = await app.db.select().from(standardComments).orderBy(standardComments.id)
    const [first, second, lee, spam] = rows
    expect(
      (
        await send('PATCH', `/api/admin/comments/${spam?.id}/hidden`, moderator, {
          hidden: true,
          reason: 'Advertising',
        })
      ).statusCode,
    ).toBe(200)
    expect(await countWaiting(moderator)).toBe(3)
    const answers = [
      [first?.id, { disposition: 'accepted', response: 'Added to the checklist.' }],
      [second?.id, { disposition: 'not_accepted', response: 'Flying is outside the standard.' }],
      [lee?.id, { disposition: 'accepted_with_changes', response: 'Reworded, as you will see.' }],
    ] as const
    for (const [id, answer] of answers)
      expect((await send('PATCH', `/api/admin/comments/${id}/answer`, editor, answer)).statusCode).toBe(200)
    expect(await countWaiting(editor)).toBe(0)

    await app.db.execute(
      sql`update standard_versions set review_closes_at = now() - interval '1 minute' where state = 'review'`,
    )
    smtp.received.length = 0
    // Two replicas publish at once where Postgres lets them: one wins, the commenters hear once.
    const other = url ? await others.start(String(url), { env: mailEnv(), mailTiming: FAST }) : null
    const publish = (on: FastifyInstance) =>
      send('POST', `/api/admin/standards/${G002}/versions/1.1/publish`, editor, { effectiveDate: '2027-01-15' }, on)
    const results = await Promise.all([publish(app), ...(other ? [publish(other)] : [])])
    expect(results.map((result) => result.statusCode).sort()).toEqual(other ? [200, 409] : [200])
    await until(
      () => smtp.received.length,
      (n) => n >= 2,
    )
    await Promise.all([app.mail.drain(), ...(other ? [other.mail.drain()] : [])])
    await new Promise((resolve) => setTimeout(resolve, 300))
    expect(
      smtp.received
        .flatMap((mail) => mail.envelopeTo)
        .map((one) => one.toLowerCase())
        .sort(),
    ).toEqual(['dana@example.org', 'lee@example.net'])

    const dana = mailsTo('dana@example.org')[0]
    expect(dana?.parsed.subject).toBe("The council's answer to your comments on MHBOT-SC/G-002 version 1.1")
    const text = dana?.parsed.text ?? ''
    expect(text).toContain('in effect from January 15, 2027')
    expect(text).toContain('each of your 2 comments')
    expect(text).toMatch(/Before the session[\s\S]*The council's answer: Accepted\nAdded to the checklist\./)
    expect(text).toMatch(/After the session[\s\S]*The council's answer: Not accepted\nFlying is outside the standard\./)
    expect(text).toContain(`http://localhost:3000/standards/${G002}/v/1.1/comments`)
    expect(text).not.toContain('Lee')
    const leeMail = mailsTo('lee@example.net')[0]?.parsed.text ?? ''
    expect(leeMail).toContain("The council's answer: Accepted with changes")
    expect(leeMail).not.toContain('Dana')
  })

  it('with mail off, a comment and a publication queue nothing', async () => {
    const quiet = await buildTestApp(setup.database.handle, {
      env: { ADMIN_EMAILS: 'admin@example.org' },
    })
    try {
      const editor = { ...SAME_ORIGIN, cookie: await memberCookie(quiet, 'editor@example.org', 'editor') }
      await openReviewOfG002(editor)
      const response = await send('POST', `/api/standards/${G002}/versions/1.1/comments`, SAME_ORIGIN, comment(), quiet)
      expect(response.statusCode).toBe(201)
      expect(await quiet.db.select().from(mailOutbox)).toEqual([])
    } finally {
      await quiet.close()
    }
  })
})
