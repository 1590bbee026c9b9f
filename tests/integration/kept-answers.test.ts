import type { AddressInfo } from 'node:net'
import { brotliDecompressSync, gunzipSync } from 'node:zlib'
import { afterEach, beforeAll, describe, expect, it } from 'vitest'
import { seedIfEmpty } from '../../src/db/seed'
import { buildApp } from '../../src/server/app'
import { storeAttachment } from '../../src/server/services/attachments'
import { seedStandards } from '../../src/server/services/standards'
import { render } from '../../src/server/ssr/render'
import { DEFAULT_SITE } from '../../src/shared/site'
import { setUpTestApp, testEnv } from '../helpers/build-app'
import { renderStarterDocument } from '../helpers/db'
import { capturedLog } from '../helpers/log-lines'
import { loginCookie, SAME_ORIGIN } from '../helpers/login'
import { type RawAnswer, rawRequest } from '../helpers/raw-http'

/**
 * The one layer of kept answers (docs/decisions/023-kept-answers-one-layer.md), tried over real
 * sockets: a kept answer is served by the HTTP server before Fastify, which inject() would bypass.
 */
const { lines: logLines, logger } = capturedLog()
const assets = { scripts: ['/assets/entry.js'], css: ['/assets/style.css'], preloads: [] }

const setup = setUpTestApp({ ssr: { render, assets }, reset: false, logger })
let base = ''

beforeAll(async () => {
  await seedIfEmpty(setup.database.handle.db, renderStarterDocument)
  await seedStandards(setup.database.handle.db, DEFAULT_SITE)
  await setup.app.listen({ port: 0, host: '127.0.0.1' })
  base = `http://127.0.0.1:${(setup.app.server.address() as AddressInfo).port}`
})

type Answer = RawAnswer
const send = (target: string, headers: Record<string, string> = {}, method = 'GET') =>
  rawRequest(base, target, headers, method)

const lastLine = () => logLines.filter((line) => line.msg === 'request completed').at(-1)

afterEach(() => {
  logLines.length = 0
})

describe('one request cannot break a page for everyone', () => {
  it('redirects a trailing slash to the page and never keeps the redirect: the plain URL stays the page', async () => {
    const slashed = await send('/safety/')
    expect(slashed.status).toBe(308)
    expect(slashed.headers.location).toBe('/safety')
    for (let i = 0; i < 3; i += 1) {
      const plain = await send('/safety')
      expect(plain.status).toBe(200)
      expect(plain.body.toString()).toContain('<h1')
    }
    expect((await send('/safety/')).status).toBe(308)
    expect((await send('/Safety?x=1')).headers.location).toBe('/safety?x=1')
  })

  it('answers an unknown path with a slash as every unknown path: the shared not-found page, no redirect', async () => {
    expect((await send('/anything/')).status).toBe(404)
    expect((await send('/anything')).status).toBe(404)
    expect((await send('/something-else')).status).toBe(404)
  })

  it('keeps one entry for query parameters a route ignores, and each raw URL costs only a bounded alias', async () => {
    await send('/api/research-studies')
    const size = setup.app.keptAnswers.size
    const answers = await Promise.all(
      Array.from({ length: 60 }, (_, i) => send(`/api/research-studies?x=${i}`, { 'accept-encoding': 'br' })),
    )
    // One body for all of them (compressed quickly first, then strongly once it was asked for again).
    const bodies = new Set(answers.map((answer) => brotliDecompressSync(answer.body).toString()))
    expect(bodies.size).toBe(1)
    expect(setup.app.keptAnswers.size).toBe(size)
    await send('/faq')
    const faqs = await Promise.all(Array.from({ length: 20 }, (_, i) => send(`/faq?utm_source=${i}`)))
    expect(faqs.every((faq) => faq.status === 200)).toBe(true)
    expect(setup.app.keptAnswers.size).toBe(size + 1)
  })

  it('compresses strongly only what is asked for twice, and a held validator still matches after', async () => {
    const pages = [
      '/research?category=Cognitive+Health',
      '/research?category=Safety+Standards',
      '/resources?category=Safety',
    ]
    // peek, not lookup: looking an entry up counts as asking for it, which strengthens it.
    const keys = new Map<string, string | null>()
    for (const path of pages) keys.set(path, (await render.resolve(path)).key)
    const strength = (path: string) => setup.app.keptAnswers.peek(keys.get(path) ?? '')?.answer.strength
    const held: string[] = []
    for (const path of pages) held.push(String((await send(path, { 'accept-encoding': 'br' })).headers.etag))
    await new Promise((resolve) => setTimeout(resolve, 50))
    expect(pages.map(strength)).toEqual(['quick', 'quick', 'quick'])
    await send(pages[0] ?? '', { 'accept-encoding': 'br' })
    // The strong compression runs on the thread pool; the quick answer is sent meanwhile.
    await expect.poll(() => strength(pages[0] ?? '')).toBe('strong')
    expect(pages.slice(1).map(strength)).toEqual(['quick', 'quick'])
    // The validator names the content, not the pass: the quick body a client holds is still current.
    const again = await send(pages[0] ?? '', { 'accept-encoding': 'br', 'if-none-match': held[0] ?? '' })
    expect(again.status).toBe(304)
    expect(again.headers.etag).toBe(held[0])
  })

  it('never keeps a free-text search: each distinct /research?q= is rendered and dropped, /search too', async () => {
    // The first search reads the site's own pages through the app (plugins/site-text.ts), which keeps them.
    await send('/search?q=warm')
    const size = setup.app.keptAnswers.size
    for (let i = 0; i < 5; i += 1) {
      expect((await send(`/research?q=word${i}`)).status).toBe(200)
      expect((await send(`/search?q=word${i}`)).status).toBe(200)
    }
    expect(setup.app.keptAnswers.size).toBe(size)
    expect((await render.resolve('/research?q=word0')).key).toBeNull()
  })
})

describe('a hit is the same answer as a miss', () => {
  const withoutDate = ({ date: _date, ...headers }: Answer['headers']) => headers

  const ENCODINGS = ['identity', 'gzip', 'br', 'gzip, deflate, br'] as const
  const decode = (answer: Answer) => {
    const encoding = answer.headers['content-encoding']
    if (encoding === 'br') return brotliDecompressSync(answer.body)
    if (encoding === 'gzip') return gunzipSync(answer.body)
    return answer.body
  }
  const KEPT_PATHS = [
    '/',
    '/contact',
    '/faq',
    '/research?category=Cognitive+Health',
    '/standards/MHBOT-SC-001',
    '/no-such-page',
    '/api/resources',
    '/api/testimonials',
    '/api/research-studies',
    '/api/news',
    '/api/standards',
    '/api/standards/MHBOT-SC-001',
    '/api/standards/MHBOT-SC-001/versions/1.0',
    '/api/standards/MHBOT-SC-001/compare?from=1.0&to=1.0',
    '/news/feed.xml',
  ]

  it.each(KEPT_PATHS)('%s, in every encoding', async (path) => {
    // A page's first render in a process also loads its code, and is not kept.
    await send(path)
    const decoded: Buffer[] = []
    for (const encoding of ENCODINGS) {
      // Made afresh in each encoding: the miss that makes an answer sends it in the one asked for.
      await setup.app.contentEvents.settle()
      setup.app.keptAnswers.changed()
      const headers = { 'accept-encoding': encoding }
      const miss = await send(path, headers)
      expect(lastLine()?.kept, encoding).toBeUndefined()
      const hit = await send(path, headers)
      expect(lastLine()?.kept, encoding).toBe(true)
      expect(hit.status, encoding).toBe(miss.status)
      expect(withoutDate(hit.headers), encoding).toEqual(withoutDate(miss.headers))
      expect(hit.body.equals(miss.body), encoding).toBe(true)
      // The same kept answer in every other encoding says the same.
      for (const other of ENCODINGS) {
        const answer = await send(path, { 'accept-encoding': other })
        expect(answer.status, other).toBe(hit.status)
        expect(decode(answer).equals(decode(hit)), other).toBe(true)
      }
      decoded.push(decode(hit))
    }
    // A page's data carries the time it was read, so only an API answer is the same bytes made again.
    if (path.startsWith('/api/'))
      for (const body of decoded) expect(body.equals(decoded[0] ?? Buffer.alloc(0))).toBe(true)
  })

  it('is logged like a miss: request id, method, path without its query, status and time', async () => {
    await send('/privacy?from=footer', { 'x-request-id': 'miss-1' })
    await send('/privacy?from=footer', { 'x-request-id': 'hit-1' })
    const lines = logLines.filter((line) => line.msg === 'request completed')
    expect(lines).toHaveLength(2)
    for (const [line, id] of [
      [lines[0], 'miss-1'],
      [lines[1], 'hit-1'],
    ] as const) {
      expect(line).toMatchObject({ reqId: id, req: { method: 'GET', url: '/privacy' }, res: { statusCode: 200 } })
      expect(typeof line?.responseTime).toBe('number')
    }
    expect(logLines.some((line) => line.msg === 'incoming request')).toBe(false)
  })
})

describe('what is never kept', () => {
  it('keeps no redirect and no error: only a 200, or the one not-found page', async () => {
    setup.app.keptAnswers.changed()
    await send('/safety/')
    await send('/api/no-such-thing')
    await send('/api/no-such-thing')
    expect(setup.app.keptAnswers.size).toBe(0)
    await send('/no-such-page')
    expect(setup.app.keptAnswers.size).toBe(1)
    expect(setup.app.keptAnswers.aliases).toBe(1)
  })
})

describe('writes that cannot change a public answer', () => {
  it('leave the kept answers in place: a contact message, a subscriber, a testimonial waiting for review', async () => {
    await send('/')
    await send('/api/testimonials')
    const generation = setup.app.keptAnswers.generation
    const size = setup.app.keptAnswers.size
    const post = async (url: string, payload: object) => {
      const response = await setup.app.inject({ method: 'POST', url, headers: SAME_ORIGIN, payload })
      expect(response.statusCode, response.body).toBe(201)
    }
    await post('/api/contact', {
      name: 'Jo Smith',
      email: 'jo@example.org',
      subject: 'A question about kept pages',
      message: 'What does PVHO-1 cover?',
    })
    await post('/api/newsletter/subscribe', { email: 'kept@example.org' })
    await post('/api/testimonials', {
      name: 'J. Smith',
      testimonial: 'Words for the council to review.',
      consent: true,
    })
    await setup.app.contentEvents.settle()
    expect(setup.app.keptAnswers.generation).toBe(generation)
    expect(setup.app.keptAnswers.size).toBe(size)
  })
})

describe('request targets', () => {
  it('serves the absolute form as its path would be served', async () => {
    const absolute = await send(`${base}/faq`)
    const plain = await send('/faq')
    expect(absolute.status).toBe(200)
    expect(absolute.body.equals(plain.body)).toBe(true)
    expect((await send('http://another.example/api/resources')).status).toBe(200)
  })

  it.each(['GET', 'OPTIONS'])('answers %s * with 400 in the one error shape', async (method) => {
    const star = await send('*', {}, method)
    expect(star.status).toBe(400)
    expect(JSON.parse(star.body.toString())).toMatchObject({ error: 'Bad Request' })
    expect(logLines.some((line) => line.level === 50)).toBe(false)
  })
})

describe('conditional GET, one rule for every validator', () => {
  it('answers 304 to a list of tags and to a weak tag, on pages, read APIs, files and documents', async () => {
    const { webViewLink } = await storeAttachment(
      setup.app.db,
      { email: 'admin@example.org' },
      {
        filename: 'notes.pdf',
        contentType: 'application/pdf',
        bytes: Buffer.from('%PDF-1.4 kept answers test'),
      },
    )
    const paths = ['/faq', '/api/resources', new URL(webViewLink, base).pathname, '/downloads/MHBOT-SC-001-v1.0.pdf']
    for (const path of paths) {
      const first = await send(path)
      expect(first.status, path).toBe(200)
      const etag = String(first.headers.etag)
      expect((await send(path, { 'if-none-match': `"other", ${etag}` })).status, path).toBe(304)
      expect((await send(path, { 'if-none-match': `W/${etag}` })).status, path).toBe(304)
      expect((await send(path, { 'if-none-match': '"other"' })).status, path).toBe(200)
    }
  })
})

describe('the log', () => {
  it('never holds a token or a search', async () => {
    const cookie = await loginCookie(setup.app, 'admin@example.org')
    await send('/newsletter/confirm?token=secret-confirm-token')
    await send('/newsletter/unsubscribe?token=secret-unsubscribe-token')
    await send('/research?q=private-search-words')
    await send('/api/admin/contact-submissions?q=admin-search-words', { cookie })
    await send('/api/research-studies?token=secret-in-a-kept-answer')
    await send('/api/research-studies?token=secret-in-a-kept-answer')
    const log = JSON.stringify(logLines)
    expect(logLines.filter((line) => line.msg === 'request completed').length).toBe(6)
    for (const secret of [
      'secret-confirm-token',
      'secret-unsubscribe-token',
      'private-search-words',
      'admin-search-words',
      'secret-in-a-kept-answer',
    ])
      expect(log).not.toContain(secret)
  })
})

describe('a kept answer on a route with a rate-limit budget', () => {
  it('is still counted on every request, and the store stops serving once the server starts closing', async () => {
    const app = await buildApp({
      env: testEnv({ RATE_LIMITS: 'on', RATE_LIMIT_CONTACT: '3/10m' }),
      db: setup.database.handle,
      logger: false,
    })
    app.get('/api/test/budgeted', { config: { publicAnswer: true, budget: 'contact' } }, async () => ({ kept: 'yes' }))
    await app.ready()
    await app.listen({ port: 0, host: '127.0.0.1' })
    const url = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}/api/test/budgeted`
    try {
      const statuses = []
      for (let i = 0; i < 5; i += 1) statuses.push((await fetch(url)).status)
      expect(statuses).toEqual([200, 200, 200, 429, 429])
      expect(app.keptAnswers.size).toBe(1)
    } finally {
      expect(app.keptAnswers.closing).toBe(false)
      await app.close()
      // From its first closing step on, the HTTP server leaves requests to Fastify, which answers 503.
      expect(app.keptAnswers.closing).toBe(true)
    }
  })
})
