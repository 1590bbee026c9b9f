import { promisify } from 'node:util'
import { brotliCompress, brotliCompressSync, constants, gzip, gzipSync } from 'node:zlib'

/** The bodies of one answer: as made, and compressed. */
export type EncodedBodies = { identity: Buffer; br: Buffer; gzip: Buffer }

export type Encoding = keyof EncodedBodies

/**
 * 'quick' costs about what compressing on the fly costs; 'strong' (brotli 11, gzip 9) takes 100 ms
 * and more for a 65 KB page, paid once per kept answer that is asked for twice per content change,
 * and off the event loop (docs/decisions/023-kept-answers-one-layer.md).
 */
export type Strength = 'quick' | 'strong'

const brotliOffThread = promisify(brotliCompress)
const gzipOffThread = promisify(gzip)

function settings(identity: Buffer, strength: Strength) {
  const strong = strength === 'strong'
  return {
    br: {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: strong ? constants.BROTLI_MAX_QUALITY : 5,
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
        [constants.BROTLI_PARAM_SIZE_HINT]: identity.length,
      },
    },
    gzip: { level: strong ? 9 : 6 },
  }
}

const asBuffer = (body: string | Buffer) => (typeof body === 'string' ? Buffer.from(body) : body)

/** Compresses in the request's own turn: for the quick settings, which an answer is first made with. */
export function encodeBodies(body: string | Buffer, strength: Strength): EncodedBodies {
  const identity = asBuffer(body)
  const options = settings(identity, strength)
  return { identity, br: brotliCompressSync(identity, options.br), gzip: gzipSync(identity, options.gzip) }
}

/**
 * Compresses on libuv's thread pool: for the strong settings, which would otherwise hold the event
 * loop, and every request waiting on it, for 100 ms and more.
 */
export async function encodeBodiesOffThread(body: string | Buffer, strength: Strength): Promise<EncodedBodies> {
  const identity = asBuffer(body)
  const options = settings(identity, strength)
  const [br, gz] = await Promise.all([brotliOffThread(identity, options.br), gzipOffThread(identity, options.gzip)])
  return { identity, br, gzip: gz }
}

/**
 * The encoding to answer with, from an Accept-Encoding header (RFC 9110 §12.5.3): brotli if
 * accepted, else gzip, else the plain body. A coding with q=0 is refused; "*" accepts the rest.
 */
export function pickEncoding(header: string | string[] | undefined): Encoding {
  const text = Array.isArray(header) ? header.join(',') : (header ?? '')
  const weights = new Map<string, number>()
  for (const part of text.split(',')) {
    const [raw = '', ...params] = part.toLowerCase().split(';')
    const name = raw.trim()
    if (!name) continue
    // A q that is not a number is taken as a refusal rather than as a full acceptance.
    const q = params.find((param) => /^\s*q\s*=/.test(param))
    const weight = q === undefined ? 1 : Number(/^\s*q\s*=\s*([0-9.]+)\s*$/.exec(q)?.[1] ?? Number.NaN)
    weights.set(name, Number.isFinite(weight) ? weight : 0)
  }
  const accepted = (coding: string) => (weights.get(coding) ?? weights.get('*') ?? 0) > 0
  if (accepted('br')) return 'br'
  if (accepted('gzip')) return 'gzip'
  return 'identity'
}
