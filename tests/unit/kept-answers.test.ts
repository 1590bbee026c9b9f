import { createServer, request, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { Writable } from 'node:stream'
import { brotliDecompressSync, gunzipSync } from 'node:zlib'
import pino from 'pino'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { buildAnswer } from '../../src/server/kept-answers/answer'
import { matchesEtag } from '../../src/server/kept-answers/conditional'
import { serveKept } from '../../src/server/kept-answers/serve'
import { KeptAnswers } from '../../src/server/kept-answers/store'

const security = { https: true, devMode: false }
const html = `<!DOCTYPE html><html><body>${'A council page. '.repeat(200)}</body></html>`
const spec = {
  contentType: 'text/html; charset=utf-8',
  cacheControl: 'no-cache',
  scriptHashes: ['sha256-abc'],
  security,
}
const answer = buildAnswer(html, spec, 'quick')
const entry = { status: 200 as const, answer, fastPath: true, route: '/test' }
const KEY = '["/faq",{},[]]'

type Reply = { status: number; headers: Record<string, string | string[] | undefined>; body: Buffer }

const logLines: Record<string, unknown>[] = []
const log = pino(
  { level: 'info' },
  new Writable({
    write(chunk, _encoding, done) {
      logLines.push(JSON.parse(String(chunk)))
      done()
    },
  }),
)

describe('kept answers, served before the framework', () => {
  const answers = new KeptAnswers()
  let server: Server
  let base = ''
  beforeAll(async () => {
    server = createServer((req, res) => {
      if (serveKept(answers, req, res, log, null)) return
      res.writeHead(599).end('framework')
    })
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  })
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())))

  const send = (path: string, headers: Record<string, string> = {}, method = 'GET') =>
    new Promise<Reply>((resolve, reject) => {
      request(`${base}${path}`, { headers, method }, (res) => {
        const chunks: Buffer[] = []
        res.on('data', (chunk: Buffer) => chunks.push(chunk))
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }))
      })
        .on('error', reject)
        .end()
    })

  it('serves the variant the request accepts, with every header built once', async () => {
    answers.keep(KEY, entry, answers.generation)
    answers.alias('/faq', KEY)
    const plain = await send('/faq')
    expect(plain.status).toBe(200)
    expect(plain.body.toString()).toBe(html)
    expect(plain.headers['content-encoding']).toBeUndefined()
    expect(plain.headers['content-security-policy']).toContain("'sha256-abc'")
    expect(plain.headers['strict-transport-security']).toContain('max-age=')
    const br = await send('/faq', { 'accept-encoding': 'gzip, deflate, br' })
    expect(br.headers['content-encoding']).toBe('br')
    expect(brotliDecompressSync(br.body).toString()).toBe(html)
    const gzip = await send('/faq', { 'accept-encoding': 'gzip;q=1, br;q=0' })
    expect(gzip.headers['content-encoding']).toBe('gzip')
    expect(gunzipSync(gzip.body).toString()).toBe(html)
    expect(new Set([plain.headers.etag, br.headers.etag, gzip.headers.etag]).size).toBe(3)
  })

  it('answers If-None-Match with 304 for the held variant only, and HEAD without a body', async () => {
    const br = await send('/faq', { 'accept-encoding': 'br' })
    const held = String(br.headers.etag)
    expect((await send('/faq', { 'accept-encoding': 'br', 'if-none-match': held })).status).toBe(304)
    expect(held).toMatch(/^W\//)
    // Weak comparison: the same tag written strong matches too, in a list.
    expect((await send('/faq', { 'accept-encoding': 'br', 'if-none-match': `"x", ${held.slice(2)}` })).status).toBe(304)
    expect((await send('/faq', { 'if-none-match': held })).status).toBe(200)
    const head = await send('/faq', {}, 'HEAD')
    expect(head.status).toBe(200)
    expect(head.body.length).toBe(0)
    expect(head.headers['content-length']).toBe(String(Buffer.byteLength(html)))
  })

  it('writes the same request line as Fastify does for each hit: id, method, path without its query, status, time', async () => {
    answers.alias('/faq?token=secret-token-value', KEY)
    logLines.length = 0
    await send('/faq?token=secret-token-value', { 'x-request-id': 'proxy-id-1' })
    expect(logLines).toHaveLength(1)
    const [line] = logLines
    expect(line).toMatchObject({
      msg: 'request completed',
      reqId: 'proxy-id-1',
      req: { method: 'GET', url: '/faq' },
      res: { statusCode: 200 },
      kept: true,
    })
    expect(typeof line?.responseTime).toBe('number')
    expect(JSON.stringify(logLines)).not.toContain('secret-token-value')
  })

  it('leaves to the framework what it does not hold: other URLs, other methods, sessions, a closing server', async () => {
    expect((await send('/faq?utm=1')).status).toBe(599)
    expect((await send('/faq', {}, 'POST')).status).toBe(599)
    expect((await send('/faq', { cookie: 'theme=dark; mhbot.sid=abc' })).status).toBe(599)
    expect((await send('/faq', { cookie: 'theme=dark' })).status).toBe(200)
    answers.closing = true
    expect((await send('/faq')).status).toBe(599)
    answers.closing = false
    answers.keep('budgeted', { ...entry, fastPath: false }, answers.generation)
    answers.alias('/counted', 'budgeted')
    expect((await send('/counted')).status).toBe(599)
  })

  it('forgets every answer and every alias on a change, and never keeps an answer read before it', async () => {
    const since = answers.generation
    answers.changed()
    expect(answers.aliases).toBe(0)
    expect((await send('/faq')).status).toBe(599)
    expect(answers.keep(KEY, entry, since)).toBe(false)
    answers.alias('/faq', KEY)
    expect((await send('/faq')).status).toBe(599)
    answers.keep(KEY, entry, answers.generation)
    answers.alias('/faq', KEY)
    expect((await send('/faq')).status).toBe(200)
  })
})

describe('the store', () => {
  it('is bounded in bytes as well as in entries, least recently used first out', () => {
    const store = new KeptAnswers({ maxBytes: answer.bytes * 3 + 1, maxEntries: 10 })
    for (const key of ['a', 'b', 'c']) store.keep(key, entry, store.generation)
    store.get('a')
    store.keep('d', entry, store.generation)
    expect(store.size).toBe(3)
    expect(store.peek('b')).toBeUndefined()
    expect(store.peek('a')).toBeDefined()
    expect(store.bytes).toBeLessThanOrEqual(answer.bytes * 3 + 1)
    const counted = new KeptAnswers({ maxEntries: 2 })
    for (const key of ['a', 'b', 'c']) counted.keep(key, entry, counted.generation)
    expect(counted.size).toBe(2)
  })

  it('remembers a bounded number of raw URLs, and none too long to be worth it', () => {
    const store = new KeptAnswers({ maxAliases: 100, maxAliasLength: 64 })
    store.keep(KEY, entry, store.generation)
    for (let i = 0; i < 500; i += 1) store.alias(`/faq?x=${i}`, KEY)
    expect(store.aliases).toBe(100)
    expect(store.lookup('/faq?x=499')).toBeDefined()
    expect(store.lookup('/faq?x=0')).toBeUndefined()
    store.alias(`/faq?${'x'.repeat(100)}`, KEY)
    expect(store.lookup(`/faq?${'x'.repeat(100)}`)).toBeUndefined()
    store.alias('/not-kept', 'no-such-key')
    expect(store.lookup('/not-kept')).toBeUndefined()
  })

  it('compresses an answer at the strongest settings once it is asked for again, and only then', async () => {
    const store = new KeptAnswers()
    store.keep(KEY, entry, store.generation)
    await new Promise((resolve) => setImmediate(resolve))
    expect(store.peek(KEY)?.answer.strength).toBe('quick')
    store.get(KEY)
    store.get(KEY)
    // Compressed on the thread pool, not in the request's turn.
    expect(store.peek(KEY)?.answer.strength).toBe('quick')
    await vi.waitFor(() => expect(store.peek(KEY)?.answer.strength).toBe('strong'))
    const strong = store.peek(KEY)?.answer
    expect(strong?.strength).toBe('strong')
    expect(strong?.variants.identity.etag).toBe(answer.variants.identity.etag)
    // Other bytes, the same content: the validator a client holds from the quick pass still matches.
    expect(strong?.variants.br.etag).toBe(answer.variants.br.etag)
    expect(strong?.variants.br.etag).toMatch(/^W\//)
    expect(brotliDecompressSync(strong?.variants.br.body ?? Buffer.alloc(0)).toString()).toBe(html)
    expect(strong?.variants.br.body.length).toBeLessThanOrEqual(answer.variants.br.body.length)
    expect(store.bytes).toBe(strong?.bytes)
  })

  it('drops a strong compression that finishes after content changed', async () => {
    const store = new KeptAnswers()
    store.keep(KEY, entry, store.generation)
    store.get(KEY)
    store.changed()
    store.keep(KEY, entry, store.generation)
    const replaced = store.peek(KEY)
    await new Promise((resolve) => setTimeout(resolve, 100))
    expect(store.peek(KEY)).toBe(replaced)
    expect(store.peek(KEY)?.answer.strength).toBe('quick')
  })
})

describe('If-None-Match', () => {
  it('matches a tag in a list, weak or strong, or "*"', () => {
    expect(matchesEtag('"a"', '"a"')).toBe(true)
    expect(matchesEtag('"b", "a"', '"a"')).toBe(true)
    expect(matchesEtag('W/"a"', '"a"')).toBe(true)
    expect(matchesEtag('"a"', 'W/"a"')).toBe(true)
    expect(matchesEtag('*', '"a"')).toBe(true)
    expect(matchesEtag('"ab"', '"a"')).toBe(false)
    expect(matchesEtag(undefined, '"a"')).toBe(false)
  })
})
