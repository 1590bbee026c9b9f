/** The upper bounds of the request histogram's buckets, in seconds. */
export const REQUEST_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10] as const

type Series = {
  /** The series' labels as written in the text format, made once when the series first appears. */
  labels: string
  /** Observations per bucket, not cumulative: the text adds them up. */
  perBucket: number[]
  sum: number
  count: number
}

/**
 * The one histogram every request adds to (mhbot_http_request_duration_seconds), counted here rather
 * than by prom-client's Histogram (docs/decisions/060-the-request-histogram-is-counted-by-the-app.md): its observe() builds,
 * checks and hashes a label object on each call, about 0.8 µs, which on a kept answer of some 50 µs
 * of CPU is the larger part of what metrics cost. Here an observation is three Map lookups and two
 * additions. The text is Prometheus's exposition format; the registry's own families come before it.
 */
export class RequestDurations {
  // method → route → status: no key to build per request.
  readonly #series = new Map<string, Map<string, Map<number, Series>>>()

  constructor(
    readonly name: string,
    readonly help: string,
  ) {}

  /** `method` and `route` come from closed sets (metrics.ts): the number of series stays bounded. */
  observe(method: string, route: string, status: number, seconds: number): void {
    let routes = this.#series.get(method)
    if (routes === undefined) {
      routes = new Map()
      this.#series.set(method, routes)
    }
    let statuses = routes.get(route)
    if (statuses === undefined) {
      statuses = new Map()
      routes.set(route, statuses)
    }
    let series = statuses.get(status)
    if (series === undefined) {
      series = {
        labels: `method="${labelValue(method)}",route="${labelValue(route)}",status="${status}"`,
        perBucket: REQUEST_BUCKETS.map(() => 0),
        sum: 0,
        count: 0,
      }
      statuses.set(status, series)
    }
    // A bucket counts what is at most its bound (`le`); beyond the last, only +Inf counts it.
    let bucket = 0
    while (bucket < REQUEST_BUCKETS.length && seconds > (REQUEST_BUCKETS[bucket] ?? 0)) bucket += 1
    if (bucket < series.perBucket.length) series.perBucket[bucket] = (series.perBucket[bucket] ?? 0) + 1
    series.sum += seconds
    series.count += 1
  }

  /** The family in the text format, ending with a newline. */
  text(): string {
    const lines = [`# HELP ${this.name} ${helpText(this.help)}`, `# TYPE ${this.name} histogram`]
    for (const routes of this.#series.values())
      for (const statuses of routes.values())
        for (const { labels, perBucket, sum, count } of statuses.values()) {
          let atMost = 0
          for (const [index, bound] of REQUEST_BUCKETS.entries()) {
            atMost += perBucket[index] ?? 0
            lines.push(`${this.name}_bucket{${labels},le="${bound}"} ${atMost}`)
          }
          lines.push(`${this.name}_bucket{${labels},le="+Inf"} ${count}`)
          lines.push(`${this.name}_sum{${labels}} ${sum}`)
          lines.push(`${this.name}_count{${labels}} ${count}`)
        }
    return `${lines.join('\n')}\n`
  }
}

/** A label value as the text format writes it: backslash, double quote and newline escaped. */
const labelValue = (value: string) => value.replace(/[\\"\n]/g, (found) => (found === '\n' ? '\\n' : `\\${found}`))
/** A HELP line escapes backslash and newline. */
const helpText = (value: string) => value.replace(/[\\\n]/g, (found) => (found === '\n' ? '\\n' : '\\\\'))
