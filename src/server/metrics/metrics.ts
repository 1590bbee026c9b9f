import { Counter, collectDefaultMetrics, Gauge, Registry } from 'prom-client'
import type { PoolUse } from '../../db/client'
import { MAIL_KINDS } from '../../shared/constants'
import { withTimeout } from '../time-limit'
import { RequestDurations } from './request-durations'

/** What the outbox holds now, per kind of mail: rows waiting or being sent, and the oldest one's age. */
export type OutboxDepth = { kind: string; depth: number; oldestAgeSeconds: number }[]

export type MetricsSources = {
  version: string
  /** Read on each scrape; may fail (the database is away), and the scrape still answers. */
  outbox: () => Promise<OutboxDepth>
  pool: () => PoolUse
}

/** The work the clock starts (plugins/scheduled-work.ts), each reported under its own name. */
export const JOBS = ['close-reviews', 'publish-news', 'expire-listings', 'registry-notices'] as const
export type Job = (typeof JOBS)[number]

const METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'])
/** The database's answer to a scrape's one read, at most: beyond it the database counts as down. */
const READ_TIMEOUT_MS = 2000

/**
 * One process's metrics, in a registry of its own (several apps share a process in the tests).
 * Every label takes its values from a closed set: a route pattern (never a raw URL), a method of
 * the seven above, a status code, a kind of mail, a job. docs/metrics.md lists each family.
 */
export class AppMetrics {
  readonly registry = new Registry()
  readonly #requests: RequestDurations
  readonly #kept: Counter<'result'>
  #keptHits = 0
  readonly #jobSuccess: Gauge<'job'>
  readonly #jobFailures: Counter<'job'>

  constructor(sources: MetricsSources, jobIntervalSeconds: number) {
    const registers = [this.registry]
    collectDefaultMetrics({ register: this.registry })
    this.#requests = new RequestDurations(
      'mhbot_http_request_duration_seconds',
      'Time from a request reaching the server to its answer being handed to the socket, by route pattern, method and status.',
    )
    // A hit is counted in a plain number, on the path of every kept answer, and handed to the counter
    // when it is scraped: Counter.inc() costs a label object's check and hash on each call.
    const keptHits = () => this.#keptHits
    let hitsTold = 0
    this.#kept = new Counter({
      name: 'mhbot_kept_answers_total',
      help: 'Public answers sent from the kept answers (hit) or made because none was kept (miss).',
      labelNames: ['result'],
      registers,
      collect() {
        const hits = keptHits()
        this.inc({ result: 'hit' }, hits - hitsTold)
        hitsTold = hits
      },
    })
    for (const result of ['hit', 'miss']) this.#kept.inc({ result }, 0)
    this.#jobSuccess = new Gauge({
      name: 'mhbot_job_last_success_timestamp_seconds',
      help: 'When each scheduled job last finished without an error, in Unix seconds (0: not since this process started).',
      labelNames: ['job'],
      registers,
    })
    this.#jobFailures = new Counter({
      name: 'mhbot_job_failures_total',
      help: 'Runs of each scheduled job that ended in an error.',
      labelNames: ['job'],
      registers,
    })
    const interval = new Gauge({
      name: 'mhbot_job_interval_seconds',
      help: 'How often each scheduled job runs in this process.',
      labelNames: ['job'],
      registers,
    })
    for (const job of JOBS) {
      this.#jobSuccess.set({ job }, 0)
      this.#jobFailures.inc({ job }, 0)
      interval.set({ job }, jobIntervalSeconds)
    }

    // One read of the database per scrape feeds three families: the first to be collected reads it.
    let reading: Promise<OutboxDepth | null> | null = null
    const read = () => {
      reading ??= withTimeout(sources.outbox(), READ_TIMEOUT_MS)
        .catch(() => null)
        .finally(() => {
          setImmediate(() => {
            reading = null
          })
        })
      return reading
    }
    const byKind = (name: string, help: string, pick: (row: OutboxDepth[number]) => number) =>
      new Gauge({
        name,
        help,
        labelNames: ['kind'],
        registers,
        async collect() {
          const rows = await read()
          this.reset()
          // Every kind, so a kind with nothing waiting reads 0 rather than vanishing.
          for (const kind of MAIL_KINDS) this.set({ kind }, 0)
          for (const row of rows ?? []) this.set({ kind: row.kind }, pick(row))
        },
      })
    byKind(
      'mhbot_mail_outbox_depth',
      'Mails waiting to be sent or being sent, by kind (the same in every replica: it is the database).',
      (row) => row.depth,
    )
    byKind(
      'mhbot_mail_outbox_oldest_age_seconds',
      'Age of the oldest mail waiting or being sent, by kind (0 when none waits).',
      (row) => row.oldestAgeSeconds,
    )
    new Gauge({
      name: 'mhbot_database_up',
      help: "Whether the database answered this scrape's read of the outbox within 2 s (1) or not (0).",
      registers,
      async collect() {
        this.set((await read()) === null ? 0 : 1)
      },
    })

    const poolGauge = (name: string, help: string, pick: (use: PoolUse) => number) =>
      new Gauge({
        name,
        help,
        registers,
        collect() {
          this.set(pick(sources.pool()))
        },
      })
    poolGauge('mhbot_db_pool_size', 'Database connections this process may use at once.', (use) => use.size)
    poolGauge(
      'mhbot_db_pool_in_use',
      'Database connections busy with a statement or transaction now.',
      (use) => use.inUse,
    )
    poolGauge(
      'mhbot_db_pool_waiting',
      'Statements and transactions asked for beyond the connections this process has.',
      (use) => use.waiting,
    )

    new Gauge({
      name: 'mhbot_build_info',
      help: 'The running build: its version and the Node.js that runs it (always 1).',
      labelNames: ['version', 'node'],
      registers,
    }).set({ version: sources.version, node: process.version }, 1)
  }

  /** A request's answer, Fastify's or a kept one sent before Fastify. */
  observeRequest(method: string, route: string, status: number, seconds: number): void {
    this.#requests.observe(METHODS.has(method) ? method : 'other', route, status, seconds)
  }

  keptHit(): void {
    this.#keptHits += 1
  }

  keptMiss(): void {
    this.#kept.inc({ result: 'miss' })
  }

  jobSucceeded(job: Job): void {
    this.#jobSuccess.set({ job }, Date.now() / 1000)
  }

  jobFailed(job: Job): void {
    this.#jobFailures.inc({ job })
  }

  /** The text a scraper reads, and its content type. */
  async text(): Promise<{ body: string; contentType: string }> {
    const registered = await this.registry.metrics()
    return { body: `${registered}${this.#requests.text()}`, contentType: this.registry.contentType }
  }

  close(): void {
    this.registry.clear()
  }
}
