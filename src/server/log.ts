import { randomBytes } from 'node:crypto'
import type { IncomingMessage } from 'node:http'
import { DrizzleQueryError } from 'drizzle-orm'
import {
  type FastifyBaseLogger,
  type FastifyReply,
  type FastifyRequest,
  type FastifyServerOptions,
  LogController,
} from 'fastify'
import pino, { type DestinationStream } from 'pino'

type LoggedError = {
  [key: string]: unknown
  type: string
  message: string
  stack: string
  code?: string
  query?: string
  cause?: LoggedError
}

/**
 * Errors as they go into the log. A failed query keeps its SQL and the database's error code, but
 * never its parameters or the database's detail line: those are often a visitor's name, e-mail or
 * message, which a log must not collect.
 */
export function serializeError(error: unknown): LoggedError {
  if (!(error instanceof Error)) return { type: typeof error, message: String(error), stack: '' }
  const code = (error as { code?: unknown }).code
  const logged: LoggedError = {
    type: error.name,
    message: error instanceof DrizzleQueryError ? `Failed query: ${error.query}` : error.message,
    // A stack's first line repeats the message, which for a failed query names its parameters.
    stack:
      error instanceof DrizzleQueryError
        ? (error.stack ?? '')
            .split('\n')
            .filter((line) => line.trimStart().startsWith('at '))
            .join('\n')
        : (error.stack ?? ''),
    ...(typeof code === 'string' ? { code } : {}),
    ...(error instanceof DrizzleQueryError ? { query: error.query } : {}),
  }
  if (error.cause !== undefined) logged.cause = serializeError(error.cause)
  return logged
}

/**
 * The app's logger. `stream` is where its lines go; without one pino writes each line to standard
 * output synchronously, in the turn that logs it, which tests and tools that start the app in
 * process can afford. The server passes the asynchronous one of log-stream.mjs
 * (docs/decisions/038-logs-off-the-request-path.md).
 */
export function loggerOptions(level: string, stream?: DestinationStream): FastifyServerOptions['logger'] {
  return {
    level,
    ...(stream ? { stream } : {}),
    serializers: {
      err: serializeError,
      error: serializeError,
      // Wherever Fastify logs a request (an error, a timeout), it is named as every request line names it.
      req: (request: { method?: string; url?: string }) => loggedRequest(request.method, request.url),
    },
  }
}

const SAFE_REQUEST_ID = /^[A-Za-z0-9._:-]{1,64}$/

/** This process's part of the ids it gives: 48 random bits, so that replicas' ids never meet. */
const PROCESS_ID = randomBytes(6).toString('base64url')
let requests = 0

/**
 * A proxy's X-Request-Id ties our log lines to its own, but only in a plain format: anything else
 * could forge or break log lines, and gets an id of ours: the process's random part and a count
 * (a UUID per request cost as much as the rest of a kept answer's line; an id only has to be
 * unique, not secret).
 */
export function requestId(request: IncomingMessage): string {
  const offered = request.headers['x-request-id']
  if (typeof offered === 'string' && SAFE_REQUEST_ID.test(offered)) return offered
  requests += 1
  return `${PROCESS_ID}-${requests.toString(36)}`
}

/**
 * A request as the log names it: its method and its path, never its query, which carries the
 * tokens of confirmation and unsubscribe links and what people search for (a log must not collect
 * either).
 */
export function loggedRequest(method: string | undefined, url: string | undefined) {
  const path = url ?? ''
  const query = path.indexOf('?')
  return { method, url: query === -1 ? path : path.slice(0, query) }
}

/** The one line each request leaves, whether Fastify handled it or a kept answer did. */
export function requestCompleted(
  fields: { req: ReturnType<typeof loggedRequest>; statusCode: number; responseTime: number; kept?: true },
  reqId?: string,
) {
  return {
    ...(reqId ? { reqId } : {}),
    req: fields.req,
    res: { statusCode: fields.statusCode },
    responseTime: Math.round(fields.responseTime * 1000) / 1000,
    ...(fields.kept ? { kept: true } : {}),
  }
}

type LineFields = Parameters<typeof requestCompleted>[0]

/**
 * The kept answers' request line, written straight to the logger's destination: the same JSON as
 * `log.info(requestCompleted(…), 'request completed')` writes, made as one string. A kept answer is
 * the cheapest request the server answers, and pino building its line took about a tenth of it
 * (4 µs of 40 under load, 2026-11-29: docs/decisions/038-logs-off-the-request-path.md). Returns
 * null for a logger that is not pino's or that transforms its lines (hooks, formatters, a mixin):
 * the caller then logs through it.
 */
export function keptLineWriter(log: FastifyBaseLogger): ((fields: LineFields, reqId: string) => void) | null {
  const logger = log as unknown as Record<symbol, unknown>
  const stream = logger[pino.symbols.streamSym] as DestinationStream | undefined
  const chindings = logger[pino.symbols.chindingsSym]
  const time = logger[pino.symbols.timeSym]
  const plain =
    logger[pino.symbols.mixinSym] === undefined &&
    logger[pino.symbols.hooksSym] !== undefined &&
    (logger[pino.symbols.hooksSym] as { streamWrite?: unknown; logMethod?: unknown }).streamWrite === undefined &&
    (logger[pino.symbols.hooksSym] as { logMethod?: unknown }).logMethod === undefined &&
    logger[pino.symbols.messageKeySym] === 'msg' &&
    time === pino.stdTimeFunctions.epochTime
  if (!stream || typeof chindings !== 'string' || !plain) return null
  return (fields, reqId) => {
    const req = JSON.stringify(loggedRequest(fields.req.method, fields.req.url))
    const responseTime = Math.round(fields.responseTime * 1000) / 1000
    stream.write(
      `{"level":30,"time":${Date.now()}${chindings},"reqId":${JSON.stringify(reqId)},"req":${req},"res":{"statusCode":${fields.statusCode}},"responseTime":${responseTime}${fields.kept ? ',"kept":true' : ''},"msg":"request completed"}\n`,
    )
  }
}

const lineWriters = new WeakMap<FastifyBaseLogger, (fields: LineFields, reqId: string) => void>()

/** How `log` writes a kept answer's request line: keptLineWriter's when it can, else through pino. */
export function requestLineWriter(log: FastifyBaseLogger): (fields: LineFields, reqId: string) => void {
  let writer = lineWriters.get(log)
  if (!writer) {
    writer =
      keptLineWriter(log) ??
      ((fields, reqId) =>
        log.info(
          requestCompleted({ ...fields, req: loggedRequest(fields.req.method, fields.req.url) }, reqId),
          'request completed',
        ))
    lineWriters.set(log, writer)
  }
  return writer
}

/**
 * Fastify's request logging, as one line per request in the shape above (no "incoming request"
 * line, no query string, no client address).
 */
export class RequestLog extends LogController {
  override incomingRequest(): void {}

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    const line = requestCompleted({
      req: loggedRequest(request.method, request.url),
      statusCode: reply.statusCode,
      responseTime: reply.elapsedTime,
    })
    if (error) reply.log.error({ ...line, err: error }, 'request errored')
    else reply.log.info(line, 'request completed')
  }
}
