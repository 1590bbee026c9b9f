import { DrizzleQueryError } from 'drizzle-orm'
import type { FastifyServerOptions } from 'fastify'

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

export function loggerOptions(level: string): FastifyServerOptions['logger'] {
  return { level, serializers: { err: serializeError, error: serializeError } }
}
