import { createHash } from 'node:crypto'
import type { FastifyReply, FastifyRequest } from 'fastify'
import { type SecurityOptions, securityHeaders } from '../plugins/security'
import { notModified } from './conditional'
import {
  type EncodedBodies,
  type Encoding,
  encodeBodies,
  encodeBodiesOffThread,
  pickEncoding,
  type Strength,
} from './encodings'

/** One encoding of an answer, with every header it is sent with, built when the answer was made. */
export type AnswerVariant = {
  etag: string
  body: Buffer
  headers: Record<string, string>
  /** The headers of a 304 for this variant: the validator and caching ones, no body's. */
  notModified: Record<string, string>
}

/** What an answer is made from; kept with it so that it can be compressed again more strongly. */
export type AnswerSpec = {
  contentType: string
  /** 'no-cache' for what everyone sees (the browser revalidates with the ETag), else 'no-store, private'. */
  cacheControl: string
  scriptHashes?: readonly string[]
  security: SecurityOptions
  /** The headers the route itself set (a Link, a Content-Disposition), kept with its answer. */
  headers?: Readonly<Record<string, string>>
}

export type Answer = {
  variants: Record<Encoding, AnswerVariant>
  strength: Strength
  spec: AnswerSpec
  /** The bytes the three bodies hold, for the store's bound. */
  bytes: number
}

/**
 * Builds an answer once: its bodies, validators and headers. Serving it later only picks a variant
 * (docs/decisions/023-kept-answers-one-layer.md).
 */
export function buildAnswer(body: string | Buffer, spec: AnswerSpec, strength: Strength): Answer {
  return answerOf(encodeBodies(body, strength), spec, strength)
}

function answerOf(bodies: EncodedBodies, spec: AnswerSpec, strength: Strength): Answer {
  const tag = createHash('sha1').update(bodies.identity).digest('base64url')
  const common = {
    ...spec.headers,
    'cache-control': spec.cacheControl,
    vary: 'accept-encoding',
    ...securityHeaders(spec.security, spec.contentType, spec.scriptHashes),
  }
  const variant = (encoding: Encoding): AnswerVariant => {
    // The validator names the content and the encoding, never the compression pass: a client that
    // holds the quick gzip of a page still holds it once the strong one replaces it. The two passes
    // are different bytes of the same content, which is what a weak validator says (RFC 9110
    // §8.8.1); the plain body's bytes never change, so its validator stays strong.
    const etag = encoding === 'identity' ? `"${tag}"` : `W/"${tag}-${encoding}"`
    const encoded = bodies[encoding]
    return {
      etag,
      body: encoded,
      headers: {
        'content-type': spec.contentType,
        ...(encoding === 'identity' ? {} : { 'content-encoding': encoding }),
        'content-length': String(encoded.length),
        etag,
        ...common,
      },
      notModified: { etag, ...common },
    }
  }
  return {
    variants: { identity: variant('identity'), br: variant('br'), gzip: variant('gzip') },
    strength,
    spec,
    bytes: bodies.identity.length + bodies.br.length + bodies.gzip.length,
  }
}

/** The same answer compressed at the strongest settings, off the event loop (the plain body and its ETag stay). */
export async function strengthen(answer: Answer): Promise<Answer> {
  if (answer.strength === 'strong') return answer
  return answerOf(await encodeBodiesOffThread(answer.variants.identity.body, 'strong'), answer.spec, 'strong')
}

/**
 * Sends an answer through Fastify: the variant the request accepts, or 304 when it holds that
 * variant already. A Cache-Control some policy set before (a signed-in request's 'no-store') is kept.
 */
export function sendAnswer(request: FastifyRequest, reply: FastifyReply, answer: Answer, status = 200): Buffer | '' {
  const variant = answer.variants[pickEncoding(request.headers['accept-encoding'])]
  const keepCacheControl = reply.hasHeader('cache-control')
  for (const [name, value] of Object.entries(variant.headers)) {
    if (name === 'cache-control' && keepCacheControl) continue
    reply.header(name, value)
  }
  if (status === 200 && notModified(request, variant.etag)) {
    reply.code(304)
    reply.removeHeader('content-length')
    return ''
  }
  reply.code(status)
  return variant.body
}
