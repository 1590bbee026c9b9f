import { createHash } from 'node:crypto'
import type { IncomingMessage, ServerResponse } from 'node:http'
import type { FastifyReply, FastifyRequest } from 'fastify'
import { type SecurityOptions, securityHeaders } from './plugins/security'
import { SESSION_COOKIE } from './plugins/session'
import { type Encoding, encodeBodies, pickEncoding } from './ssr/encodings'

/** One encoding of an answer, with every header it is sent with, built when the answer was made. */
export type AnswerVariant = {
  etag: string
  body: Buffer
  headers: Record<string, string>
  /** The headers of a 304 for this variant: the validator and caching ones, no body's. */
  notModified: Record<string, string>
}

/** An answer as the plain body and its compressed ones (src/server/ssr/encodings.ts). */
export type Answer = Record<Encoding, AnswerVariant>

type AnswerSpec = {
  body: string
  contentType: string
  /** 'no-cache' for what everyone sees (the browser revalidates with the ETag), else 'no-store, private'. */
  cacheControl: string
  /** Kept and served many times: compressed at the strongest settings, else at quick ones. */
  kept: boolean
  scriptHashes?: readonly string[]
  security: SecurityOptions
}

/**
 * Builds an answer once: its bodies, validators and headers. Serving it later only picks a variant
 * (docs/decisions/020-public-answers-served-before-fastify.md).
 */
export function buildAnswer(spec: AnswerSpec): Answer {
  const bodies = encodeBodies(spec.body, spec.kept)
  const tag = createHash('sha1').update(bodies.identity).digest('base64url')
  const common = {
    'cache-control': spec.cacheControl,
    vary: 'accept-encoding',
    ...securityHeaders(spec.security, spec.contentType, spec.scriptHashes),
  }
  const variant = (encoding: Encoding): AnswerVariant => {
    // Each representation has its own validator: a 304 must only confirm the bytes the client holds.
    const etag = encoding === 'identity' ? `"${tag}"` : `"${tag}-${encoding}"`
    const body = bodies[encoding]
    return {
      etag,
      body,
      headers: {
        'content-type': spec.contentType,
        ...(encoding === 'identity' ? {} : { 'content-encoding': encoding }),
        'content-length': String(body.length),
        etag,
        ...common,
      },
      notModified: { etag, ...common },
    }
  }
  return { identity: variant('identity'), br: variant('br'), gzip: variant('gzip') }
}

/** Whether an If-None-Match header names this ETag (RFC 9110 §13.1.2: weak comparison, or "*"). */
export function matchesEtag(header: string | undefined, etag: string): boolean {
  if (header === undefined) return false
  if (header === etag) return true
  return header.split(',').some((candidate) => {
    const tag = candidate.trim()
    return tag === '*' || tag === etag || tag === `W/${etag}`
  })
}

/** At most this many URLs are kept; past it the one stored first goes. */
const MAX_ANSWERS = 500
/** Distinct Accept-Encoding headers whose choice is remembered; browsers send a handful. */
const MAX_ENCODING_CHOICES = 64
const SESSION_COOKIE_PREFIX = `${SESSION_COOKIE}=`

/**
 * The answers everyone gets for a URL (public pages and the read APIs), kept per raw URL and served
 * by the HTTP server before Fastify sees the request, like a static file: no hooks, no routing, no
 * per-request headers. Any change of content clears them all; the next request for a URL goes
 * through Fastify and stores the answer again (docs/decisions/020-public-answers-served-before-fastify.md).
 */
export class PublicAnswers {
  readonly #entries = new Map<string, Answer>()
  readonly #encodingByHeader = new Map<string, Encoding>()
  #generation = 0

  /** Bumped on every change of content; an answer made from data read before a change is not kept. */
  get generation(): number {
    return this.#generation
  }

  get size(): number {
    return this.#entries.size
  }

  changed(): void {
    this.#generation += 1
    this.#entries.clear()
  }

  /** Keeps `answer` for `url` unless content changed since `since` (a generation read before reading data). */
  keep(url: string, answer: Answer, since: number): void {
    if (since !== this.#generation) return
    if (!this.#entries.has(url) && this.#entries.size >= MAX_ANSWERS) {
      const oldest = this.#entries.keys().next().value
      if (oldest !== undefined) this.#entries.delete(oldest)
    }
    this.#entries.set(url, answer)
  }

  encodingFor(header: string | string[] | undefined): Encoding {
    if (typeof header !== 'string') return pickEncoding(header)
    let encoding = this.#encodingByHeader.get(header)
    if (encoding === undefined) {
      encoding = pickEncoding(header)
      if (this.#encodingByHeader.size < MAX_ENCODING_CHOICES) this.#encodingByHeader.set(header, encoding)
    }
    return encoding
  }

  /**
   * The HTTP server's first look at every request: answers it from memory when it can and returns
   * true, else returns false and Fastify handles it. A request carrying a session goes to Fastify,
   * so a signed-in person's answers keep their private caching (plugins/session.ts).
   */
  serve(request: IncomingMessage, response: ServerResponse): boolean {
    const method = request.method
    if (method !== 'GET' && method !== 'HEAD') return false
    const answer = this.#entries.get(request.url ?? '')
    if (answer === undefined) return false
    const cookie = request.headers.cookie
    if (cookie?.includes(SESSION_COOKIE_PREFIX)) return false
    const variant = answer[this.encodingFor(request.headers['accept-encoding'])]
    if (matchesEtag(request.headers['if-none-match'], variant.etag)) {
      response.writeHead(304, variant.notModified)
      response.end()
    } else {
      response.writeHead(200, variant.headers)
      response.end(method === 'HEAD' ? undefined : variant.body)
    }
    return true
  }
}

/**
 * Sends an answer through Fastify (the first request for a URL, or one with a session): the
 * variant the request accepts, or 304 when it holds that variant already. A Cache-Control some
 * policy set before (a signed-in request's 'no-store') is kept.
 */
export function sendAnswer(request: FastifyRequest, reply: FastifyReply, answer: Answer, status = 200): Buffer | '' {
  const variant = answer[pickEncoding(request.headers['accept-encoding'])]
  const keepCacheControl = reply.hasHeader('cache-control')
  for (const [name, value] of Object.entries(variant.headers)) {
    if (name === 'cache-control' && keepCacheControl) continue
    reply.header(name, value)
  }
  if (status === 200 && matchesEtag(request.headers['if-none-match'], variant.etag)) {
    reply.code(304)
    reply.removeHeader('content-length')
    return ''
  }
  reply.code(status)
  return variant.body
}
