import fastifyRateLimit, { type FastifyRateLimitStore, normalizeIP } from '@fastify/rate-limit'
import { lt, sql } from 'drizzle-orm'
import type { FastifyRequest } from 'fastify'
import fp from 'fastify-plugin'
import type { Db } from '../../db/client'
import { rateLimitCounters } from '../../db/schema'
import type { Env } from '../env'
import { TooManyRequestsError } from '../errors'

/**
 * Named budgets for what a client address may send. A REST route names its budget in
 * `config: { budget }`, a tRPC procedure in `.meta({ budget })`; this plugin alone counts and
 * refuses, with @fastify/rate-limit over a store in Postgres, so both paths to one form and every
 * replica share one budget (docs/decisions/009-rate-limits.md).
 */
const BUDGET_SETTINGS = {
  contact: 'RATE_LIMIT_CONTACT',
  newsletter: 'RATE_LIMIT_NEWSLETTER',
  testimonial: 'RATE_LIMIT_TESTIMONIAL',
  comment: 'RATE_LIMIT_COMMENT',
  application: 'RATE_LIMIT_APPLICATION',
  concern: 'RATE_LIMIT_CONCERN',
  applicant: 'RATE_LIMIT_APPLICANT',
  upload: 'RATE_LIMIT_UPLOAD',
  login: 'RATE_LIMIT_LOGIN',
  callback: 'RATE_LIMIT_CALLBACK',
  search: 'RATE_LIMIT_SEARCH',
  read: 'RATE_LIMIT_READ',
} as const satisfies Record<string, keyof Env>

export type BudgetName = keyof typeof BUDGET_SETTINGS

export type RateLimits = {
  /**
   * Counts one request of `request`'s address against `budget`; throws TooManyRequestsError past it.
   * With `wholeRequest`, this count covers every later one of the same request and budget: a page
   * counts once, not again for the tRPC call that renders its data. Without it every call counts
   * (each call of a tRPC batch is a search of its own).
   */
  consume: (budget: BudgetName, request: FastifyRequest, options?: { wholeRequest?: boolean }) => Promise<void>
}

declare module 'fastify' {
  interface FastifyInstance {
    limits: RateLimits
  }
  interface FastifyContextConfig {
    /** The budget this route's requests count against. */
    budget?: BudgetName
  }
}

/**
 * One row per budget and address: the first hit of a window inserts it, later hits count up, and a
 * hit after the window starts a new one. A single statement, so concurrent replicas never lose a count.
 */
async function countHit(db: Db, key: string, windowMs: number): Promise<{ current: number; ttl: number }> {
  const { count, resetAt } = rateLimitCounters
  const windowOver = sql`${resetAt} <= now()`
  const [row] = await db
    .insert(rateLimitCounters)
    .values({ key, count: 1, resetAt: sql`now() + ${windowMs} * interval '1 millisecond'` })
    .onConflictDoUpdate({
      target: rateLimitCounters.key,
      set: {
        count: sql`case when ${windowOver} then 1 else ${count} + 1 end`,
        resetAt: sql`case when ${windowOver} then excluded.reset_at else ${resetAt} end`,
      },
    })
    .returning({
      current: count,
      ttl: sql<number>`greatest(0, ceil(extract(epoch from (${resetAt} - now())) * 1000))::int`,
    })
  if (!row) throw new Error('rate-limit count returned no row')
  return { current: row.current, ttl: Number(row.ttl) }
}

/** Windows that ended more than a day ago; the housekeeping calls this. */
export async function pruneRateLimitCounters(db: Db): Promise<number> {
  const removed = await db
    .delete(rateLimitCounters)
    .where(lt(rateLimitCounters.resetAt, new Date(Date.now() - 24 * 60 * 60 * 1000)))
    .returning({ key: rateLimitCounters.key })
  return removed.length
}

export const rateLimitPlugin = fp(
  async (app) => {
    const { env, db } = app
    const enabled = env.RATE_LIMITS === 'on'
    if (!enabled) app.log.warn('RATE_LIMITS=off: the public forms accept any number of requests per address')

    const keyOf = (budget: BudgetName, request: FastifyRequest) => `${budget}:${normalizeIP(request.ip)}`
    const optionsFor = (budget: BudgetName) => ({
      max: env[BUDGET_SETTINGS[budget]].max,
      timeWindow: env[BUDGET_SETTINGS[budget]].windowMs,
      keyGenerator: (request: FastifyRequest) => keyOf(budget, request),
    })

    // Budgets become @fastify/rate-limit route settings before its own onRoute hook reads them.
    app.addHook('onRoute', (route) => {
      const budget = route.config?.budget
      if (budget && enabled) route.config = { ...route.config, rateLimit: optionsFor(budget) }
    })

    class PostgresStore implements FastifyRateLimitStore {
      incr(
        key: string,
        callback: (error: Error | null, result?: { current: number; ttl: number }) => void,
        window: number,
      ) {
        countHit(db, key, window).then(
          (result) => callback(null, result),
          (error: unknown) => callback(error instanceof Error ? error : new Error(String(error))),
        )
      }
      // Keys already name their budget, so every route shares the one table.
      child() {
        return this
      }
    }

    await app.register(fastifyRateLimit, {
      global: false,
      store: PostgresStore,
      enableDraftSpec: true,
      // A database that cannot count must not turn every form into a 429; the request itself will
      // meet the same database and get its own answer.
      skipOnError: true,
      errorResponseBuilder: (_request, context) => new TooManyRequestsError(Math.ceil(context.ttl / 1000)),
    })

    const limiters = new Map<BudgetName, ReturnType<typeof app.createRateLimit>>()
    const counted = new WeakMap<FastifyRequest, Set<BudgetName>>()
    app.decorate('limits', {
      async consume(budget, request, options) {
        if (!enabled) return
        if (counted.get(request)?.has(budget)) return
        if (options?.wholeRequest) counted.set(request, new Set([...(counted.get(request) ?? []), budget]))
        let limiter = limiters.get(budget)
        if (!limiter) {
          limiter = app.createRateLimit(optionsFor(budget))
          limiters.set(budget, limiter)
        }
        const result = await limiter(request)
        if (!result.isAllowed && result.isExceeded) throw new TooManyRequestsError(result.ttlInSeconds)
      },
    } satisfies RateLimits)
  },
  { name: 'rate-limit', dependencies: ['config', 'db'] },
)
