import { randomUUID } from 'node:crypto'
import type { IncomingMessage } from 'node:http'
import { DrizzleQueryError } from 'drizzle-orm'
import { type FastifyReply, type FastifyRequest, type FastifyServerOptions, LogController } from 'fastify'
import type { DestinationStream } from 'pino'

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

/**
 * A proxy's X-Request-Id ties our log lines to its own, but only in a plain format: anything else
 * could forge or break log lines, and gets an id of ours.
 */
export function requestId(request: IncomingMessage): string {
  const offered = request.headers['x-request-id']
  return typeof offered === 'string' && SAFE_REQUEST_ID.test(offered) ? offered : randomUUID()
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
