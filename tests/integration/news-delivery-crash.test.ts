import { type ChildProcess, spawn } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import { eq, like } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { mailOutbox, newsletterSubscribers, posts, rateLimitCounters } from '../../src/db/schema'
import { sendPost } from '../../src/server/services/news-delivery'
import { TEST_PUBLIC_URL } from '../helpers/build-app'
import { setUpTestDatabase } from '../helpers/db'
import { until } from '../helpers/replicas'
import { type SmtpServer, startSmtpServer } from '../helpers/smtp'

/**
 * A sender killed mid-send, and another started after it
 * (docs/decisions/027-newsletter-issues-through-the-outbox.md, "Crash behaviour"): every subscriber
 * gets the issue; nobody gets it twice except the mail in flight at the kill, which carries the
 * same Message-ID; every row ends sent. The senders are child processes (SIGKILL is not a close):
 * tests/helpers/mail-sender-process.ts. This test process queues the issue and sends nothing.
 */

// Each mail is a new SMTP connection (about a tenth of a second each against the test server), and at
// most 100 go per 1 s window: 120 take several seconds, so the kill lands mid-send.
const SUBSCRIBERS = 120
const RATE = 100
// The sender's batch (src/server/plugins/mail.ts): at most one batch is claimed when it dies.
const BATCH = 20
const LEASE_MS = 2_000
const TIMING = {
  pollMs: 100,
  retryBaseMs: 100,
  maxRetryMs: 300,
  maxAttempts: 1000,
  leaseMs: LEASE_MS,
  rateWindowMs: 1000,
}
const HELPER = fileURLToPath(new URL('../helpers/mail-sender-process.ts', import.meta.url))

const database = setUpTestDatabase()
let smtp: SmtpServer
const children: ChildProcess[] = []

beforeAll(async () => {
  smtp = await startSmtpServer()
})
afterAll(async () => {
  for (const child of children) await kill(child)
  await smtp?.stop()
})

/** Starts a sender process on the test database; resolves once its app is ready (LISTEN included). */
async function startSender(databaseUrl: string, rate = RATE): Promise<ChildProcess> {
  // `node --import tsx` runs the helper in this one process; the tsx CLI would start a second one
  // that a SIGKILL of the first leaves running.
  const child = spawn(process.execPath, ['--import', 'tsx', HELPER], {
    env: {
      ...process.env,
      DATABASE_URL: databaseUrl,
      SMTP_URL: smtp.url,
      MAIL_FROM: 'newsletter@example.org',
      MAIL_RATE_PER_MINUTE: String(rate),
      MAIL_TIMING: JSON.stringify(TIMING),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  children.push(child)
  let output = ''
  child.stderr?.on('data', (chunk: Buffer) => {
    output += chunk.toString()
  })
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`sender not ready after 20 s:\n${output}`)), 20_000)
    child.stdout?.on('data', (chunk: Buffer) => {
      output += chunk.toString()
      if (output.includes('ready\n')) {
        clearTimeout(timer)
        resolve()
      }
    })
    child.once('exit', (code, signal) => {
      clearTimeout(timer)
      reject(new Error(`sender exited (${code ?? signal}) before it was ready:\n${output}`))
    })
  })
  return child
}

/** SIGKILLs a child that is still running and waits for it to be gone. */
async function kill(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()))
  child.kill('SIGKILL')
  await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 5_000))])
}

describe('a sender killed mid-send', () => {
  it('resumes in another process: everyone gets the issue once, the one in flight at most twice with the same Message-ID', async (context) => {
    const url = database.database.url
    // Child processes need a Postgres to share; the embedded database lives inside one process.
    if (!url) return context.skip()
    const db = database.database.handle.db

    const emails = Array.from({ length: SUBSCRIBERS }, (_, i) => `reader${i}@example.net`)
    await db.insert(newsletterSubscribers).values(emails.map((email) => ({ email, status: 'active' })))
    const [post] = await db
      .insert(posts)
      .values({
        slug: 'crash-test-issue',
        title: 'An issue sent through a crash',
        summary: 'Resumed',
        body: 'The sender was killed half-way.',
        status: 'published',
        publishedAt: new Date(),
      })
      .returning()
    if (!post) throw new Error('no post')

    const first = await startSender(url)
    expect(await sendPost(db, { enabled: true }, { email: 'admin@example.org' }, post.id, TEST_PUBLIC_URL)).toEqual({
      recipients: SUBSCRIBERS,
    })

    // Some, not all: kill it mid-batch, without a chance to release what it claimed.
    await smtp.waitFor(25, 15_000)
    await kill(first)
    const atKill = smtp.received.length
    expect(atKill).toBeLessThan(SUBSCRIBERS)
    const held = await db.select({ id: mailOutbox.id }).from(mailOutbox).where(eq(mailOutbox.state, 'sending'))
    // What the dead sender claimed and did not mark sent waits for its lease to run out.
    expect(held.length).toBeGreaterThan(0)
    expect(held.length).toBeLessThanOrEqual(BATCH)

    await startSender(url)
    const addresses = () => new Set(smtp.received.flatMap((mail) => mail.envelopeTo))
    await until(addresses, (seen) => seen.size === SUBSCRIBERS, 25_000)
    const rows = await until(
      () => db.select({ state: mailOutbox.state, kind: mailOutbox.kind }).from(mailOutbox),
      (all) => all.every((row) => row.state === 'sent'),
      10_000,
    )
    // A little longer, so a stray second copy would have arrived.
    await new Promise((resolve) => setTimeout(resolve, 500))

    expect([...addresses()].sort()).toEqual([...emails].sort())
    expect(rows).toHaveLength(SUBSCRIBERS)
    expect(rows.every((row) => row.kind === 'newsletter_issue' && row.state === 'sent')).toBe(true)

    const perAddress = new Map<string, { copies: number; messageIds: Set<string> }>()
    for (const mail of smtp.received) {
      expect(mail.envelopeTo).toHaveLength(1)
      const to = mail.envelopeTo[0] ?? ''
      const entry = perAddress.get(to) ?? { copies: 0, messageIds: new Set<string>() }
      entry.copies += 1
      entry.messageIds.add(mail.parsed.messageId ?? '')
      perAddress.set(to, entry)
      expect(mail.parsed.subject).toBe('An issue sent through a crash')
    }
    // One Message-ID per address, whoever sent it, and a different one for each address.
    for (const { messageIds } of perAddress.values()) {
      expect(messageIds.size).toBe(1)
      expect([...messageIds][0]).toMatch(/^<newsletter_issue\.\d+\.[^@]+@[^>]+>$/)
    }
    expect(new Set([...perAddress.values()].flatMap((entry) => [...entry.messageIds])).size).toBe(SUBSCRIBERS)
    // Repeats only for what was in flight at the kill: never more than the one batch it held.
    const repeated = [...perAddress.values()].filter((entry) => entry.copies > 1)
    expect(repeated.length).toBeLessThanOrEqual(BATCH)
    expect(repeated.every((entry) => entry.copies === 2)).toBe(true)
    expect(smtp.received.length).toBe(SUBSCRIBERS + repeated.length)
  }, 45_000)
})

describe('two sender processes on one database', () => {
  it('send a post to 500 subscribers once each, and together keep the rate', async (context) => {
    const url = database.database.url
    if (!url) return context.skip()
    const db = database.database.handle.db
    smtp.received.length = 0
    const total = 500
    const rate = 200
    const emails = Array.from({ length: total }, (_, i) => `pair${i}@example.net`)
    await db.insert(newsletterSubscribers).values(emails.map((email) => ({ email, status: 'active' })))
    const [post] = await db
      .insert(posts)
      .values({
        slug: 'two-senders-issue',
        title: 'An issue sent by two replicas',
        summary: 'Shared',
        body: 'Two processes, one outbox.',
        status: 'published',
        publishedAt: new Date(),
      })
      .returning()
    if (!post) throw new Error('no post')
    const senders = await Promise.all([startSender(url, rate), startSender(url, rate)])
    const started = Date.now()
    expect(await sendPost(db, { enabled: true }, { email: 'admin@example.org' }, post.id, TEST_PUBLIC_URL)).toEqual({
      recipients: total,
    })

    const rows = await until(
      () => db.select({ state: mailOutbox.state }).from(mailOutbox).where(eq(mailOutbox.postId, post.id)),
      (all) => all.length === total && all.every((row) => row.state === 'sent'),
      90_000,
    )
    const elapsed = Date.now() - started
    await new Promise((resolve) => setTimeout(resolve, 500))
    for (const sender of senders) await kill(sender)

    const states: Record<string, number> = {}
    for (const row of rows) states[row.state] = (states[row.state] ?? 0) + 1
    expect(states, `after ${elapsed} ms, ${smtp.received.length} received`).toEqual({ sent: total })
    // Exactly once each, by envelope: no kill here, so no repeat either.
    const copies = new Map<string, number>()
    for (const mail of smtp.received) for (const to of mail.envelopeTo) copies.set(to, (copies.get(to) ?? 0) + 1)
    expect([...copies.keys()].sort()).toEqual([...emails].sort())
    expect([...copies.values()].every((n) => n === 1)).toBe(true)
    // The rate across both: no window over it, every mail took a slot, and 500 needed 3 windows.
    const windows = await db.select().from(rateLimitCounters).where(like(rateLimitCounters.key, 'mail-rate:%'))
    expect(windows.every((window) => window.count <= rate)).toBe(true)
    expect(windows.reduce((sum, window) => sum + window.count, 0)).toBeGreaterThanOrEqual(total)
    expect(elapsed).toBeGreaterThanOrEqual(2000)
  }, 120_000)
})
