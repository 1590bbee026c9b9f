import { execFileSync, spawnSync } from 'node:child_process'
import { readFileSync } from 'node:fs'
import type { AddressInfo } from 'node:net'
import { sql } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { version } from '../../package.json'
import { newsletterSubscribers, posts } from '../../src/db/schema'
import { seedIfEmpty } from '../../src/db/seed'
import { sendPost } from '../../src/server/services/news-delivery'
import { changeListingStatus, createListing } from '../../src/server/services/registry'
import { createDraft, openReview, seedStandards } from '../../src/server/services/standards'
import { render } from '../../src/server/ssr/render'
import { ListingInputSchema } from '../../src/shared/schemas/registry'
import { DEFAULT_SITE } from '../../src/shared/site'
import { buildTestApp, setUpTestApp, TEST_PUBLIC_URL } from '../helpers/build-app'
import { renderStarterDocument } from '../helpers/db'
import { capturedLog } from '../helpers/log-lines'
import { SAME_ORIGIN } from '../helpers/login'
import { familyNames, type PromSample, readSamples } from '../helpers/prometheus-text'
import { until } from '../helpers/replicas'
import { type SmtpServer, startSmtpServer } from '../helpers/smtp'

/**
 * /metrics (docs/metrics.md): checked by Prometheus's own promtool (CI installs it) and its samples
 * read by tests/helpers/prometheus-text.ts. Requests go over real
 * sockets, since kept answers are sent before Fastify, where inject() never reaches.
 */

const TOKEN = 'metrics-token-for-the-tests-0123456789'
const BEARER = { authorization: `Bearer ${TOKEN}` }
const FAST = { pollMs: 100, retryBaseMs: 100, maxRetryMs: 300, maxAttempts: 1000, leaseMs: 5_000 }

const { lines: logLines, logger } = capturedLog()
const assets = { scripts: ['/assets/entry.js'], css: ['/assets/style.css'], preloads: [] }

let smtp: SmtpServer
beforeAll(async () => {
  smtp = await startSmtpServer()
})
afterAll(async () => {
  await smtp.stop()
})

const setup = setUpTestApp({
  ssr: { render, assets },
  reset: false,
  logger,
  env: () => ({ METRICS_TOKEN: TOKEN, SMTP_URL: smtp.url, NEWS_PUBLISH_INTERVAL_S: '1' }),
  mailTiming: FAST,
})
let base = ''
beforeAll(async () => {
  await seedIfEmpty(setup.database.handle.db, renderStarterDocument)
  await setup.app.listen({ port: 0, host: '127.0.0.1' })
  base = `http://127.0.0.1:${(setup.app.server.address() as AddressInfo).port}`
})

async function scrapeText(): Promise<string> {
  const answer = await fetch(`${base}/metrics`, { headers: BEARER })
  expect(answer.status).toBe(200)
  expect(answer.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/)
  expect(answer.headers.get('cache-control')).toBe('no-store')
  return answer.text()
}

async function scrape(): Promise<PromSample[]> {
  return readSamples(await scrapeText())
}

const matches = (labels: Record<string, string>, wanted: Record<string, string>) =>
  Object.entries(wanted).every(([name, value]) => labels[name] === value)

/** The value of the sample `name` with these labels (0 when there is none). */
function value(samples: PromSample[], name: string, labels: Record<string, string> = {}): number {
  return samples.find((sample) => sample.name === name && matches(sample.labels, labels))?.value ?? 0
}

const requests = (samples: PromSample[], route: string, status = '200') =>
  value(samples, 'mhbot_http_request_duration_seconds_count', { method: 'GET', route, status })

describe('/metrics with METRICS_TOKEN', () => {
  it('refuses a scraper without the token, or with another, in the one JSON shape and uncached', async () => {
    const offered: Record<string, string>[] = [
      {},
      { authorization: 'Bearer wrong' },
      { authorization: `Bearer ${TOKEN}x` },
      { authorization: TOKEN },
    ]
    for (const headers of offered) {
      const answer = await fetch(`${base}/metrics`, { headers })
      expect(answer.status).toBe(401)
      expect(answer.headers.get('cache-control')).toBe('no-store')
      expect(answer.headers.get('www-authenticate')).toBe('Bearer realm="metrics"')
      expect(await answer.json()).toEqual({ error: 'Metrics need the bearer token set in METRICS_TOKEN.' })
    }
  })

  it('holds every family docs/metrics.md lists, and Prometheus’s own checker accepts the text', async () => {
    const text = await scrapeText()
    const names = new Set(familyNames(text))
    // Every family docs/metrics.md's table names, and prom-client's defaults it points to.
    const documented = [
      ...readFileSync(new URL('../../docs/metrics.md', import.meta.url), 'utf8').matchAll(/^\| `(mhbot_\w+)`/gm),
    ].map((match) => match[1] as string)
    expect(documented.length).toBeGreaterThanOrEqual(12)
    for (const name of [
      ...documented,
      'nodejs_eventloop_lag_p99_seconds',
      'nodejs_heap_size_used_bytes',
      'process_resident_memory_bytes',
    ])
      expect(names, name).toContain(name)
    const promtool = whichPromtool()
    // CI installs Prometheus's tools (.ci/run); a machine without them still runs the rest.
    if (promtool === null && process.env.CI)
      throw new Error('promtool is missing: CI installs the Debian package prometheus')
    if (promtool !== null) {
      // promtool fails on text it cannot parse, and also on lint remarks: those may only be about
      // prom-client's own Node.js families (three gauges named *_total), never about ours.
      const checked = spawnSync(promtool, ['check', 'metrics'], { input: text, encoding: 'utf8' })
      const remarks = `${checked.stdout}${checked.stderr}`.split('\n').filter(Boolean)
      expect(
        remarks.filter(
          (line) => !/^nodejs_active_\w+_total non-counter metrics should not have "_total" suffix$/.test(line),
        ),
      ).toEqual([])
    }
  })

  it('counts requests by route pattern, kept answers sent before Fastify included, with hits and misses', async () => {
    const before = await scrape()
    for (let i = 0; i < 3; i += 1) {
      expect((await fetch(`${base}/api/resources`)).status).toBe(200)
      expect((await fetch(`${base}/faq`)).status).toBe(200)
      expect((await fetch(`${base}/api/news/no-such-post-${i}`)).status).toBe(404)
    }
    const after = await scrape()
    expect(requests(after, '/api/resources') - requests(before, '/api/resources')).toBe(3)
    expect(requests(after, '/faq') - requests(before, '/faq')).toBe(3)
    expect(requests(after, '/api/news/:slug', '404') - requests(before, '/api/news/:slug', '404')).toBe(3)
    // The first of each is made and kept, the next two are sent from what was kept.
    const hits =
      value(after, 'mhbot_kept_answers_total', { result: 'hit' }) -
      value(before, 'mhbot_kept_answers_total', { result: 'hit' })
    const misses =
      value(after, 'mhbot_kept_answers_total', { result: 'miss' }) -
      value(before, 'mhbot_kept_answers_total', { result: 'miss' })
    expect(hits).toBeGreaterThanOrEqual(4)
    expect(misses).toBeGreaterThanOrEqual(1)
    const routes = routesOf(after)
    for (const route of routes)
      expect(route, 'a route label is a pattern, never a raw URL').not.toMatch(/no-such-post|\?/)
  })

  it('adds no series for 1,000 distinct unknown URLs', async () => {
    await fetch(`${base}/api/unknown-0`)
    await fetch(`${base}/unknown-0`)
    const before = routesOf(await scrape())
    for (let i = 1; i <= 500; i += 1) {
      await setup.app.inject({ method: 'GET', url: `/api/unknown-${i}?x=${i}` })
      await setup.app.inject({ method: 'GET', url: `/unknown-${i}/${'deep/'.repeat(i % 7)}` })
    }
    const after = await scrape()
    expect(routesOf(after)).toEqual(before)
    expect(requests(after, 'unmatched', '404')).toBeGreaterThanOrEqual(501)
    expect(requests(after, 'not-found', '404')).toBeGreaterThanOrEqual(501)
  })

  it('shows the outbox filling while mail cannot go out, and draining once it can', async () => {
    await smtp.stop()
    const sent = await setup.app.inject({
      method: 'POST',
      url: '/api/contact',
      headers: SAME_ORIGIN,
      payload: { name: 'Pat Example', email: 'pat@example.net', subject: 'Metrics', message: 'Is the outbox counted?' },
    })
    expect(sent.statusCode).toBe(201)
    const waiting = await until(
      scrape,
      (samples) => value(samples, 'mhbot_mail_outbox_oldest_age_seconds', { kind: 'contact_notice' }) >= 1,
    )
    expect(value(waiting, 'mhbot_mail_outbox_depth', { kind: 'contact_notice' })).toBe(1)
    expect(value(waiting, 'mhbot_mail_outbox_oldest_age_seconds', { kind: 'contact_notice' })).toBeGreaterThanOrEqual(1)
    expect(value(waiting, 'mhbot_database_up')).toBe(1)
    await smtp.start()
    await smtp.waitFor(1, 15_000)
    const drained = await until(
      scrape,
      (samples) => value(samples, 'mhbot_mail_outbox_depth', { kind: 'contact_notice' }) === 0,
    )
    expect(value(drained, 'mhbot_mail_outbox_depth', { kind: 'contact_notice' })).toBe(0)
    expect(value(drained, 'mhbot_mail_outbox_oldest_age_seconds', { kind: 'contact_notice' })).toBe(0)
  })

  it('reports the database pool and the build', async () => {
    const samples = await scrape()
    const size = setup.database.handle.kind === 'postgres' ? 10 : 1
    expect(value(samples, 'mhbot_db_pool_size')).toBe(size)
    expect(value(samples, 'mhbot_db_pool_in_use')).toBeLessThanOrEqual(size)
    expect(value(samples, 'mhbot_db_pool_waiting')).toBeGreaterThanOrEqual(0)
    expect(value(samples, 'mhbot_build_info', { version, node: process.version })).toBe(1)
  })

  it('writes one line with stable fields for a listing’s status change and a refused sign-in link', async () => {
    const owner = { email: 'registrar@example.org' }
    const listing = await createListing(
      setup.app.db,
      owner,
      ListingInputSchema.parse({
        kind: 'chamber',
        organisationName: 'Example Chambers Inc.',
        contactEmail: 'maker@example.org',
        manufacturer: 'Example Chambers',
        modelName: 'Calm 1.3',
        maxPressureAta: 1.3,
        statedStandards: ['ASME PVHO-1'],
      }),
      { listingDays: 365 },
    )
    await changeListingStatus(setup.app.db, owner, {
      id: listing.id,
      action: 'suspend',
      reason: 'The council asked for records.',
    })
    const changes = logLines.filter((line) => line.event === 'registry.listing.status_changed')
    expect(changes.map(({ listing: number, from, to, by }) => ({ number, from, to, by }))).toEqual([
      { number: listing.number, from: 'none', to: 'listed', by: 'council' },
      { number: listing.number, from: 'listed', to: 'suspended', by: 'council' },
    ])
    for (const line of changes) expect(JSON.stringify(line)).not.toContain('@')
    expect((await fetch(`${base}/api/login/link?token=${'x'.repeat(40)}`)).status).toBe(400)
    expect(logLines.filter((line) => line.event === 'auth.sign_in.refused').at(-1)).toMatchObject({
      method: 'link',
      reason: 'invalid',
      msg: 'sign-in refused',
    })
  })

  it('writes a newsletter issue’s start and finish, and a public review’s opening and closing', async () => {
    const db = setup.app.db
    const editor = { email: 'editor@example.org' }
    await seedStandards(db, DEFAULT_SITE)
    await createDraft(db, editor, 'MHBOT-SC/G-002', { version: '1.1', changeSummary: 'A change.' })
    const closesAt = new Date(Date.now() + 2_500)
    await openReview(db, editor, 'MHBOT-SC/G-002', '1.1', { closesAt }, 0)
    expect(logLines.filter((line) => line.event === 'standards.review.opened')).toEqual([
      expect.objectContaining({
        standard: 'MHBOT-SC/G-002',
        version: '1.1',
        closesAt: closesAt.toISOString(),
        msg: 'public review opened',
      }),
    ])
    const closed = await until(
      () => logLines.filter((line) => line.event === 'standards.review.closed'),
      (lines) => lines.length > 0,
      15_000,
    )
    expect(closed).toEqual([expect.objectContaining({ standard: 'MHBOT-SC/G-002', version: '1.1', level: 30 })])

    const [post] = await db
      .insert(posts)
      .values({
        slug: 'metrics-issue',
        title: 'An issue the metrics follow',
        summary: 'Two readers',
        body: 'Two readers get this.',
        status: 'published',
        publishedAt: new Date(),
      })
      .returning()
    if (!post) throw new Error('no post')
    await db.insert(newsletterSubscribers).values([
      { email: 'reader1@example.net', status: 'active' },
      { email: 'reader2@example.net', status: 'active' },
    ])
    smtp.received.length = 0
    await sendPost(db, { enabled: true }, editor, post.id, TEST_PUBLIC_URL)
    expect(logLines.filter((line) => line.event === 'newsletter.issue.started')).toEqual([
      expect.objectContaining({ post: post.id, recipients: 2, msg: 'newsletter issue started' }),
    ])
    await smtp.waitFor(2, 15_000)
    const finished = await until(
      () => logLines.filter((line) => line.event === 'newsletter.issue.finished'),
      (lines) => lines.length > 0,
    )
    expect(finished).toEqual([expect.objectContaining({ post: post.id, sent: 2, failed: 0, cancelled: 0 })])
    for (const line of [...closed, ...finished]) expect(JSON.stringify(line)).not.toContain('@')
  })

  // Last: it takes a table away for a moment.
  it('reports each scheduled job’s last success, and counts and logs a job that fails', async () => {
    const ran = await until(scrape, (samples) =>
      ['close-reviews', 'publish-news', 'expire-listings', 'registry-notices'].every(
        (job) => value(samples, 'mhbot_job_last_success_timestamp_seconds', { job }) > 0,
      ),
    )
    const now = Date.now() / 1000
    for (const job of ['close-reviews', 'publish-news', 'expire-listings', 'registry-notices']) {
      expect(value(ran, 'mhbot_job_last_success_timestamp_seconds', { job })).toBeGreaterThan(now - 60)
      expect(value(ran, 'mhbot_job_interval_seconds', { job })).toBe(1)
    }
    const failuresBefore = value(ran, 'mhbot_job_failures_total', { job: 'expire-listings' })
    const db = setup.database.handle.db
    await db.execute(sql`alter table listings rename to listings_away`)
    try {
      const failed = await until(
        scrape,
        (samples) => value(samples, 'mhbot_job_failures_total', { job: 'expire-listings' }) > failuresBefore,
      )
      expect(value(failed, 'mhbot_job_failures_total', { job: 'expire-listings' })).toBeGreaterThan(failuresBefore)
    } finally {
      await db.execute(sql`alter table listings_away rename to listings`)
    }
    const line = logLines.find((entry) => entry.event === 'job.failed' && entry.job === 'expire-listings')
    expect(line).toMatchObject({
      level: 40,
      msg: 'scheduled job failed; it will run again',
      err: { type: expect.any(String) },
    })
    const since = Date.now() / 1000
    const again = await until(
      scrape,
      (samples) => value(samples, 'mhbot_job_last_success_timestamp_seconds', { job: 'expire-listings' }) >= since,
    )
    expect(value(again, 'mhbot_job_last_success_timestamp_seconds', { job: 'expire-listings' })).toBeGreaterThanOrEqual(
      since,
    )
  })
})

describe('without a token, /metrics does not exist; METRICS_PORT serves it on its own port only', () => {
  let plain: FastifyInstance
  let ported: FastifyInstance
  beforeAll(async () => {
    plain = await buildTestApp(setup.database.handle)
    ported = await buildTestApp(setup.database.handle, { env: { METRICS_PORT: '0', HOST: '127.0.0.1' } })
  })
  afterAll(async () => {
    await plain?.close()
    await ported?.close()
  })

  it('answers 404 on the site’s port with neither setting, and with only METRICS_PORT', async () => {
    for (const app of [plain, ported]) {
      const answer = await app.inject({ method: 'GET', url: '/metrics', headers: BEARER })
      expect(answer.statusCode).toBe(404)
      expect(answer.body).not.toContain('mhbot_')
    }
    expect(plain.metrics).toBeNull()
    expect(plain.metricsPort()).toBeNull()
  })

  it('answers GET /metrics on METRICS_PORT, and nothing else there', async () => {
    const port = ported.metricsPort()
    expect(port).toEqual(expect.any(Number))
    const answer = await fetch(`http://127.0.0.1:${port}/metrics`)
    expect(answer.status).toBe(200)
    expect(familyNames(await answer.text())).toContain('mhbot_build_info')
    const other = await fetch(`http://127.0.0.1:${port}/`)
    expect(other.status).toBe(404)
    expect(await other.json()).toEqual({ error: 'This port answers GET /metrics only.' })
    expect((await fetch(`http://127.0.0.1:${port}/metrics`, { method: 'POST' })).status).toBe(404)
  })
})

function routesOf(samples: PromSample[]): string[] {
  const routes = samples
    .filter((sample) => sample.name === 'mhbot_http_request_duration_seconds_count')
    .map((sample) => sample.labels.route ?? '')
  return [...new Set(routes)].sort()
}

function whichPromtool(): string | null {
  try {
    return execFileSync('sh', ['-c', 'command -v promtool'], { encoding: 'utf8' }).trim() || null
  } catch {
    return null
  }
}
