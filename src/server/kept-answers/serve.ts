import type { IncomingMessage, ServerResponse } from 'node:http'
import type { FastifyBaseLogger } from 'fastify'
import { requestId, requestLineWriter } from '../log'
import type { AppMetrics } from '../metrics/metrics'
import { SESSION_COOKIE } from '../plugins/session'
import { notModified } from './conditional'
import type { KeptAnswers } from './store'

const SESSION_COOKIE_PREFIX = `${SESSION_COOKIE}=`
/** Levels at which the request line is written; checked first so a quiet log costs a hit nothing. */
const LOGS_INFO = new Set(['trace', 'debug', 'info'])

/**
 * The HTTP server's first look at every request: answers it from the kept answers when it can and
 * returns true, else returns false and Fastify handles it. What is skipped here is what a kept
 * answer does not need (routing, hooks, headers set one by one); what every request gets is kept:
 * the same log line as Fastify writes, and a 503 while closing (Fastify's own, since a closing
 * server leaves every request to it). A request carrying a session goes to Fastify, so a signed-in
 * person's answers keep their private caching (plugins/session.ts).
 */
export function serveKept(
  store: KeptAnswers,
  request: IncomingMessage,
  response: ServerResponse,
  log: FastifyBaseLogger,
  metrics: AppMetrics | null,
): boolean {
  const method = request.method
  if (method !== 'GET' && method !== 'HEAD') return false
  if (store.closing) return false
  const url = request.url ?? ''
  if (request.headers.cookie?.includes(SESSION_COOKIE_PREFIX)) return false
  const entry = store.lookup(url)
  if (entry === undefined) return false
  const started = performance.now()
  const variant = entry.answer.variants[store.encodingFor(request.headers['accept-encoding'])]
  let status: number = entry.status
  if (entry.status === 200 && notModified(request, variant.etag)) {
    status = 304
    response.writeHead(304, variant.notModified)
    response.end()
  } else {
    response.writeHead(entry.status, variant.headers)
    response.end(method === 'HEAD' ? undefined : variant.body)
  }
  const elapsed = performance.now() - started
  if (metrics) {
    metrics.keptHit()
    metrics.observeRequest(method, entry.route, status, elapsed / 1000)
  }
  if (LOGS_INFO.has(log.level)) {
    requestLineWriter(log)(
      { req: { method, url }, statusCode: status, responseTime: elapsed, kept: true },
      requestId(request),
    )
  }
  return true
}
