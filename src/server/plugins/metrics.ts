import { timingSafeEqual } from 'node:crypto'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { count, inArray, sql } from 'drizzle-orm'
import fp from 'fastify-plugin'
import { version } from '../../../package.json'
import type { Db } from '../../db/client'
import { mailOutbox } from '../../db/schema'
import { AppMetrics, type OutboxDepth } from '../metrics/metrics'

declare module 'fastify' {
  interface FastifyInstance {
    /** Null unless METRICS_TOKEN or METRICS_PORT is set: then nothing is counted at all. */
    metrics: AppMetrics | null
    /** The port METRICS_PORT asked for, as bound (0 picks a free one, in tests); null without it. */
    metricsPort: () => number | null
  }
  interface FastifyRequest {
    /**
     * What the request is counted under when its route pattern says too little: a page's route
     * in the app's router (every page is the one Fastify route `/*`). Set by plugins/ssr.ts.
     */
    metricsRoute: string | null
  }
}

/** Rows that still have to go out: waiting (between retries too) or being sent. */
const WAITING = ['pending', 'sending']

/**
 * Prometheus metrics (docs/metrics.md, docs/decisions/049-metrics.md): off unless configured, and
 * then either behind a bearer token on the site's own port or on a port of its own. Every request
 * Fastify answers is counted here by its route pattern; kept answers sent before Fastify are
 * counted where they are sent (kept-answers/serve.ts).
 */
export const metricsPlugin = fp(
  async (app) => {
    const { METRICS_TOKEN: token, METRICS_PORT: port } = app.env
    app.decorateRequest('metricsRoute', null)
    if (token === undefined && port === undefined) {
      app.decorate('metrics', null)
      app.decorate('metricsPort', () => null)
      return
    }
    const metrics = new AppMetrics(
      {
        version,
        outbox: () => outboxDepth(app),
        pool: () => app.dbHandle.pool(),
      },
      app.env.NEWS_PUBLISH_INTERVAL_S,
    )
    app.decorate('metrics', metrics)

    // A callback hook, not an async one: no promise per request.
    app.addHook('onResponse', (request, reply, done) => {
      // An unknown path has no pattern: all of them are one series, however many there are.
      const route = request.metricsRoute ?? request.routeOptions.url ?? 'unmatched'
      metrics.observeRequest(request.method, route, reply.statusCode, reply.elapsedTime / 1000)
      done()
    })

    if (token !== undefined) {
      const expected = Buffer.from(`Bearer ${token}`)
      app.get('/metrics', { logLevel: 'warn' }, async (request, reply) => {
        reply.header('cache-control', 'no-store')
        const offered = Buffer.from(request.headers.authorization ?? '')
        if (offered.length !== expected.length || !timingSafeEqual(offered, expected)) {
          reply.header('www-authenticate', 'Bearer realm="metrics"')
          return reply.code(401).send({ error: 'Metrics need the bearer token set in METRICS_TOKEN.' })
        }
        const { body, contentType } = await metrics.text()
        return reply.type(contentType).send(body)
      })
    }

    let server: Server | null = null
    if (port !== undefined) {
      server = createServer((request, response) => {
        const path = (request.url ?? '').split('?')[0]
        if (path !== '/metrics' || (request.method !== 'GET' && request.method !== 'HEAD')) {
          response.writeHead(404, { 'content-type': 'application/json; charset=utf-8' })
          response.end(JSON.stringify({ error: 'This port answers GET /metrics only.' }))
          return
        }
        metrics.text().then(
          ({ body, contentType }) => {
            response.writeHead(200, { 'content-type': contentType, 'cache-control': 'no-store' })
            response.end(request.method === 'HEAD' ? undefined : body)
          },
          (error: unknown) => {
            app.log.error({ err: error }, 'collecting metrics failed')
            response.writeHead(500, { 'content-type': 'application/json; charset=utf-8' })
            response.end(JSON.stringify({ error: 'Collecting the metrics failed; the log says why.' }))
          },
        )
      })
      server.keepAliveTimeout = 5_000
      const listening = server
      app.addHook('onReady', async () => {
        await new Promise<void>((resolve, reject) => {
          listening.once('error', reject)
          listening.listen(port, app.env.HOST, () => {
            listening.off('error', reject)
            resolve()
          })
        })
      })
    }
    app.decorate('metricsPort', () => (server?.listening ? (server.address() as AddressInfo).port : null))
    app.addHook('onClose', async () => {
      if (server?.listening) {
        const closing = server
        const closed = new Promise<void>((resolve) => closing.close(() => resolve()))
        // A scraper's idle keep-alive connection would otherwise hold the close for seconds.
        closing.closeAllConnections()
        await closed
      }
      metrics.close()
    })
  },
  { name: 'metrics', dependencies: ['config', 'db'] },
)

async function outboxDepth(app: { db: Db }): Promise<OutboxDepth> {
  const rows = await app.db
    .select({
      kind: mailOutbox.kind,
      depth: count(),
      oldestAgeSeconds: sql<number>`extract(epoch from now() - min(${mailOutbox.createdAt}))`.mapWith(Number),
    })
    .from(mailOutbox)
    .where(inArray(mailOutbox.state, WAITING))
    .groupBy(mailOutbox.kind)
  return rows.map((row) => ({ ...row, oldestAgeSeconds: Math.max(0, row.oldestAgeSeconds) }))
}
