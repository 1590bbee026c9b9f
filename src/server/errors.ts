import { STATUS_CODES } from 'node:http'
import { ZodError } from 'zod'
import { firstMessagePerField } from '../shared/field-errors'

/**
 * The errors services and policies raise, and the one table that says what each means on the wire
 * for both adapters: REST answers with `status`, tRPC with `trpcCode`. A new kind of failure is a
 * new row here, never a new translation in an adapter (docs/decisions/005-two-adapters-over-one-service-layer.md).
 */
export const ERROR_KINDS = {
  bad_input: { status: 400, trpcCode: 'BAD_REQUEST' },
  unauthorized: { status: 401, trpcCode: 'UNAUTHORIZED' },
  forbidden: { status: 403, trpcCode: 'FORBIDDEN' },
  not_found: { status: 404, trpcCode: 'NOT_FOUND' },
  conflict: { status: 409, trpcCode: 'CONFLICT' },
  // tRPC has no code for Gone: its nearest is NOT_FOUND (the REST answer is the 410).
  gone: { status: 410, trpcCode: 'NOT_FOUND' },
  payload_too_large: { status: 413, trpcCode: 'PAYLOAD_TOO_LARGE' },
  unsupported_media_type: { status: 415, trpcCode: 'UNSUPPORTED_MEDIA_TYPE' },
  too_many_requests: { status: 429, trpcCode: 'TOO_MANY_REQUESTS' },
  service_unavailable: { status: 503, trpcCode: 'SERVICE_UNAVAILABLE' },
} as const

export type ErrorKind = keyof typeof ERROR_KINDS
export type FieldErrors = Record<string, string>

export class AppError extends Error {
  /** When the client may try again, for the Retry-After header; set by the kinds that pass. */
  readonly retryAfterSeconds?: number

  constructor(
    readonly kind: ErrorKind,
    message: string,
    readonly fields?: FieldErrors,
  ) {
    super(message)
    this.name = new.target.name
  }

  get statusCode(): number {
    return ERROR_KINDS[this.kind].status
  }
}

export class BadInputError extends AppError {
  constructor(message: string, fields?: FieldErrors) {
    super('bad_input', message, fields)
  }
}

export class UnauthorizedError extends AppError {
  constructor() {
    // The admin screen recognises an expired session by a 401 whose text says Unauthorized
    // (docs/product.md#errors-the-user-sees).
    super('unauthorized', 'Unauthorized')
  }
}

export class ForbiddenError extends AppError {
  constructor(message = 'Your account does not have access to the admin') {
    super('forbidden', message)
  }
}

export class NotFoundError extends AppError {
  constructor(message: string) {
    super('not_found', message)
  }
}

/** The request is understood, but the row's state forbids it (and repeating it will not help). */
export class ConflictError extends AppError {
  constructor(message: string) {
    super('conflict', message)
  }
}

/** The thing was here and was removed on purpose (a deleted post's address): 410. */
export class GoneError extends AppError {
  constructor(message: string) {
    super('gone', message)
  }
}

export class PayloadTooLargeError extends AppError {
  constructor(message: string) {
    super('payload_too_large', message)
  }
}

export class UnsupportedMediaTypeError extends AppError {
  constructor(message: string) {
    super('unsupported_media_type', message)
  }
}

export class TooManyRequestsError extends AppError {
  /** `retryAfterSeconds`: how long until the budget has room again. */
  constructor(override readonly retryAfterSeconds: number) {
    super('too_many_requests', 'Too many requests. Please wait a few minutes and try again.')
  }
}

/** How long a client should wait before trying again while the database is away. */
export const DATABASE_RETRY_AFTER_S = 5

export class DatabaseUnavailableError extends AppError {
  override readonly retryAfterSeconds = DATABASE_RETRY_AFTER_S
  constructor() {
    super('service_unavailable', 'The database is not answering. Please try again in a moment.')
  }
}

/** Codes of a database that cannot be reached or went away (Node's socket errors, postgres-js's, and Postgres's class 08 and 57P). */
const UNREACHABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENOTFOUND',
  'EPIPE',
  'CONNECT_TIMEOUT',
  'CONNECTION_CLOSED',
  'CONNECTION_ENDED',
  'CONNECTION_DESTROYED',
  '57P01',
  '57P02',
  '57P03',
])

/** Whether `error`, or anything it was caused by, says the database could not be reached. */
function isDatabaseUnavailable(error: unknown, depth = 0): boolean {
  if (!(error instanceof Error) || depth > 5) return false
  if (error instanceof DatabaseUnavailableError) return true
  const code = (error as { code?: unknown }).code
  if (typeof code === 'string' && (UNREACHABLE_CODES.has(code) || code.startsWith('08'))) return true
  return isDatabaseUnavailable(error.cause, depth + 1)
}

/**
 * The error as one of ours, when it is a failure the table knows: our own errors as they are, and
 * an unreachable database (whatever driver error says so) as DatabaseUnavailableError. Both
 * adapters translate through this, so they agree on what is a 503.
 */
export function asAppError(error: unknown): AppError | null {
  if (error instanceof AppError) return error
  return isDatabaseUnavailable(error) ? new DatabaseUnavailableError() : null
}

/** Field name → its first message; an issue about the whole input goes under '_'. */
export const zodFieldErrors = (error: ZodError): FieldErrors => firstMessagePerField(error.issues, '_')

/** The one JSON shape of every 4xx and 5xx answer under /api. */
export type ApiErrorBody = { error: string; message: string; fields?: FieldErrors }

export function apiErrorBody(status: number, message: string, fields?: FieldErrors): ApiErrorBody {
  return { error: STATUS_CODES[status] ?? 'Error', message, ...(fields ? { fields } : {}) }
}

/** Fastify's own client errors (bad JSON, wrong content type, body too large) carry a 4xx statusCode. */
const clientStatus = (error: unknown): number | null => {
  const status = (error as { statusCode?: unknown } | null)?.statusCode
  return typeof status === 'number' && status >= 400 && status < 500 ? status : null
}

/**
 * What a failure looks like on the wire. Bad input names what is wrong; anything unforeseen is a
 * 500 whose detail stays in the server's log.
 */
export function describeError(error: unknown): {
  status: number
  body: ApiErrorBody
  expected: boolean
  retryAfterSeconds?: number
} {
  if (error instanceof ZodError) {
    const fields = zodFieldErrors(error)
    return { status: 400, body: apiErrorBody(400, Object.values(fields)[0] ?? 'Invalid input', fields), expected: true }
  }
  const known = asAppError(error)
  if (known) {
    return {
      status: known.statusCode,
      body: apiErrorBody(known.statusCode, known.message, known.fields),
      expected: true,
      ...(known.retryAfterSeconds !== undefined ? { retryAfterSeconds: known.retryAfterSeconds } : {}),
    }
  }
  const status = clientStatus(error)
  if (status !== null) {
    const message = error instanceof Error ? error.message : 'Bad Request'
    return { status, body: apiErrorBody(status, message), expected: true }
  }
  return { status: 500, body: apiErrorBody(500, 'Internal Server Error'), expected: false }
}
