import fp from 'fastify-plugin'
import { TooManyRequestsError } from '../errors'

/**
 * Named budgets for what anonymous visitors may send. A REST route names its budget in
 * `config: { budget }`, a tRPC procedure in `.meta({ budget })`; this plugin alone counts and
 * refuses, so both paths to one form share one budget (docs/decisions/009-rate-limits.md).
 */
const BUDGETS = {
  contact: { max: 5, windowMs: 10 * 60 * 1000 },
  newsletter: { max: 10, windowMs: 10 * 60 * 1000 },
} as const satisfies Record<string, { max: number; windowMs: number }>

export type BudgetName = keyof typeof BUDGETS

export type RateLimits = {
  /** Counts one attempt of `budget` from `key`; throws TooManyRequestsError past the budget. */
  consume: (budget: BudgetName, key: string) => void
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

const SWEEP_ABOVE = 10_000

/** A fixed window per key: cheap, and enough to turn a flood from one address into 429s. */
class FixedWindowCounter {
  private readonly windows = new Map<string, { start: number; count: number }>()

  constructor(
    private readonly max: number,
    private readonly windowMs: number,
  ) {}

  attempt(key: string, now = Date.now()): boolean {
    const window = this.windows.get(key)
    if (!window || now - window.start >= this.windowMs) {
      if (this.windows.size > SWEEP_ABOVE) this.sweep(now)
      this.windows.set(key, { start: now, count: 1 })
      return true
    }
    window.count += 1
    return window.count <= this.max
  }

  private sweep(now: number) {
    for (const [key, window] of this.windows) {
      if (now - window.start >= this.windowMs) this.windows.delete(key)
    }
  }
}

export const rateLimitPlugin = fp<{ enabled: boolean }>(
  async (app, { enabled }) => {
    if (!enabled) app.log.warn('RATE_LIMITS=off: the public forms accept any number of requests per address')
    const counters = new Map(
      Object.entries(BUDGETS).map(([name, budget]) => [name, new FixedWindowCounter(budget.max, budget.windowMs)]),
    )
    const limits: RateLimits = {
      consume(budget, key) {
        if (!enabled) return
        if (!counters.get(budget)?.attempt(key)) throw new TooManyRequestsError()
      },
    }
    app.decorate('limits', limits)
    app.addHook('onRequest', async (request) => {
      const budget = request.routeOptions.config.budget
      if (budget) limits.consume(budget, request.ip)
    })
  },
  { name: 'rate-limit' },
)
