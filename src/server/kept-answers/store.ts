import { LRUCache } from 'lru-cache'
import { type Answer, strengthen } from './answer'
import { type Encoding, pickEncoding } from './encodings'

/**
 * A kept answer: a 200 (or the one not-found page every unknown path shares), the same for every
 * visitor until content changes.
 */
export type KeptEntry = {
  status: 200 | 404
  answer: Answer
  /**
   * Whether the HTTP server may send it before Fastify. An answer whose route counts requests
   * against a rate-limit budget must go through Fastify, so that hits are counted too.
   */
  fastPath: boolean
  /** The route pattern it answers, which the metrics count a hit sent before Fastify under. */
  route: string
}

type Slot = KeptEntry & { hits: number; strengthening: boolean }

export type StoreLimits = {
  /** Bytes of bodies (plain, brotli and gzip together) kept at most; least recently used go first. */
  maxBytes: number
  maxEntries: number
  /** Raw URLs remembered as naming a kept answer, so that the HTTP server can find it before Fastify. */
  maxAliases: number
  /** A longer URL is answered through Fastify every time (it still finds the kept answer there). */
  maxAliasLength: number
}

const DEFAULT_LIMITS: StoreLimits = {
  maxBytes: 48 * 1024 * 1024,
  maxEntries: 1000,
  maxAliases: 4096,
  maxAliasLength: 512,
}
/** Distinct Accept-Encoding headers whose choice is remembered; browsers send a handful. */
const MAX_ENCODING_CHOICES = 64

/**
 * The one store of kept answers (docs/decisions/023-kept-answers-one-layer.md). Entries are keyed
 * canonically (the route, its parameters and the query parameters it reads), never by the raw URL,
 * so `?x=1` … `?x=500` share one entry. The raw URLs that led to an entry are remembered as aliases,
 * bounded, so that the HTTP server can serve them before Fastify; an alias is only ever written by
 * the code that resolved its key.
 *
 * An entry is made with quick compression. When it is asked for again it is compressed once at the
 * strongest settings, after that answer is sent: a stream of distinct URLs never pays for brotli 11.
 */
export class KeptAnswers {
  // Least recently used out, by count and by bytes (lru-cache recomputes an entry's size when it is
  // set again, as after strengthening).
  readonly #entries: LRUCache<string, Slot>
  readonly #aliases: LRUCache<string, string>
  readonly #encodingByHeader = new Map<string, Encoding>()
  readonly #limits: StoreLimits
  #generation = 0
  /** Set when the server starts closing: the HTTP server then leaves every request to Fastify, which answers 503. */
  closing = false

  constructor(limits: Partial<StoreLimits> = {}) {
    this.#limits = { ...DEFAULT_LIMITS, ...limits }
    this.#entries = new LRUCache<string, Slot>({
      max: this.#limits.maxEntries,
      maxSize: this.#limits.maxBytes,
      sizeCalculation: (slot) => Math.max(1, slot.answer.bytes),
    })
    this.#aliases = new LRUCache<string, string>({ max: this.#limits.maxAliases })
  }

  /** Bumped on every change of content; an answer made from data read before a change is not kept. */
  get generation(): number {
    return this.#generation
  }

  get size(): number {
    return this.#entries.size
  }

  get bytes(): number {
    return this.#entries.calculatedSize
  }

  get aliases(): number {
    return this.#aliases.size
  }

  changed(): void {
    this.#generation += 1
    this.#entries.clear()
    this.#aliases.clear()
  }

  /** The entry under `key`, counted as used (it moves to the back of the eviction order). */
  get(key: string): KeptEntry | undefined {
    const slot = this.#entries.get(key)
    if (slot === undefined) return undefined
    slot.hits += 1
    if (slot.answer.strength !== 'strong' && !slot.strengthening) {
      slot.strengthening = true
      void this.#strengthen(key, slot)
    }
    return slot
  }

  /** The entry under `key` without counting a use: for checking whether another request made it meanwhile. */
  peek(key: string): KeptEntry | undefined {
    return this.#entries.peek(key)
  }

  /** Keeps `entry` under `key` unless content changed since `since` (a generation read before reading data). */
  keep(key: string, entry: KeptEntry, since: number): boolean {
    if (since !== this.#generation) return false
    this.#entries.set(key, { ...entry, hits: 0, strengthening: false })
    return this.#entries.has(key)
  }

  /** Remembers that `url` names the entry under `key`, for the HTTP server's lookup before Fastify. */
  alias(url: string, key: string): void {
    if (url.length > this.#limits.maxAliasLength || !this.#entries.has(key)) return
    if (this.#aliases.peek(url) !== key) this.#aliases.set(url, key)
  }

  /** The entry a raw URL was last resolved to, if it is kept and may be sent before Fastify. */
  lookup(url: string): KeptEntry | undefined {
    const key = this.#aliases.get(url)
    if (key === undefined) return undefined
    const slot = this.#entries.peek(key)
    return slot?.fastPath ? this.get(key) : undefined
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

  async #strengthen(key: string, slot: Slot): Promise<void> {
    let strong: Answer
    try {
      strong = await strengthen(slot.answer)
    } catch {
      // Compression failing says nothing about the page: the quick answer stays, and a later
      // request asks again.
      slot.strengthening = false
      return
    }
    // Content changed, or the entry was evicted or replaced, while it was being compressed.
    if (this.#entries.peek(key) !== slot) return
    // A new slot, since lru-cache counts a size anew only for a new value; the slot becomes the
    // most recently used, which it is.
    this.#entries.set(key, { ...slot, answer: strong })
  }
}
