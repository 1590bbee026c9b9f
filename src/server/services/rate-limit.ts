/**
 * A fixed-window counter per key (IP address and action), shared by the REST and tRPC adapters so
 * both paths to the same form are limited alike. It is per process: with N replicas a visitor gets
 * up to N times the budget, which is enough to stop a flood from one address.
 */
export class RateLimiter {
  private readonly windows = new Map<string, { start: number; count: number }>()

  constructor(
    private readonly limit: number,
    private readonly windowMs: number,
    private readonly enabled = true,
  ) {}

  /** Counts one attempt; false when the key is over its budget for the current window. */
  attempt(key: string, now = Date.now()): boolean {
    if (!this.enabled) return true
    const window = this.windows.get(key)
    if (!window || now - window.start >= this.windowMs) {
      if (this.windows.size > 10_000) this.sweep(now)
      this.windows.set(key, { start: now, count: 1 })
      return true
    }
    window.count += 1
    return window.count <= this.limit
  }

  private sweep(now: number) {
    for (const [key, window] of this.windows) {
      if (now - window.start >= this.windowMs) this.windows.delete(key)
    }
  }
}

export class RateLimitedError extends Error {
  override name = 'RateLimitedError'
  readonly statusCode = 429
  constructor() {
    super('Too many requests. Please wait a few minutes and try again.')
  }
}
