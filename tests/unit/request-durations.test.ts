import { Histogram, Registry } from 'prom-client'
import { describe, expect, it } from 'vitest'
import { REQUEST_BUCKETS, RequestDurations } from '../../src/server/metrics/request-durations'
import { readSamples } from '../helpers/prometheus-text'

/**
 * The request histogram is counted by the app itself (docs/decisions/060-the-request-histogram-is-counted-by-the-app.md). Its
 * text must read exactly as prom-client's Histogram would write the same observations: the same
 * samples, the same bucket edges (a bucket counts what is at most its bound), the same escaping.
 */
describe('RequestDurations', () => {
  const observations: Array<[string, string, number, number]> = [
    ['GET', '/', 200, 0.005],
    ['GET', '/', 200, 0.0050001],
    ['GET', '/', 200, 0],
    ['GET', '/', 304, 0.3],
    ['POST', '/api/contact', 201, 10],
    ['POST', '/api/contact', 201, 12.5],
    ['GET', 'a "quoted" \\ route\nwith a line', 404, 0.02],
  ]

  const samples = (text: string) =>
    readSamples(text)
      .map((sample) => ({ ...sample, labels: Object.fromEntries(Object.entries(sample.labels).sort()) }))
      .sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b)))

  it('writes the samples prom-client writes for the same observations', async () => {
    const own = new RequestDurations('requests_seconds', 'Time per request.\nSecond line \\ here.')
    const registry = new Registry()
    const reference = new Histogram({
      name: 'requests_seconds',
      help: 'Time per request.\nSecond line \\ here.',
      labelNames: ['method', 'route', 'status'],
      buckets: [...REQUEST_BUCKETS],
      registers: [registry],
    })
    for (const [method, route, status, seconds] of observations) {
      own.observe(method, route, status, seconds)
      reference.observe({ method, route, status: String(status) }, seconds)
    }
    const ownText = own.text()
    const referenceText = await registry.metrics()
    expect(samples(ownText)).toEqual(samples(referenceText))
    expect(samples(ownText).length).toBe(4 * (REQUEST_BUCKETS.length + 3)) // four series, each its buckets, +Inf, sum and count
    // The same HELP and TYPE lines.
    const heads = (text: string) => text.split('\n').filter((line) => line.startsWith('#'))
    expect(heads(ownText)).toEqual(heads(referenceText))
    expect(ownText.endsWith('\n')).toBe(true)
  })

  it('writes only its HELP and TYPE before the first request', () => {
    expect(new RequestDurations('requests_seconds', 'Time.').text()).toBe(
      '# HELP requests_seconds Time.\n# TYPE requests_seconds histogram\n',
    )
  })
})
