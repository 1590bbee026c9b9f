import { createServer, request, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { brotliDecompressSync, gunzipSync } from 'node:zlib'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildAnswer, matchesEtag, PublicAnswers } from '../../src/server/public-answers'

const security = { https: true, devMode: false }
const html = `<!DOCTYPE html><html><body>${'A council page. '.repeat(200)}</body></html>`
const answer = buildAnswer({
  body: html,
  contentType: 'text/html; charset=utf-8',
  cacheControl: 'no-cache',
  kept: true,
  scriptHashes: ['sha256-abc'],
  security,
})

type Reply = { status: number; headers: Record<string, string | string[] | undefined>; body: Buffer }

describe('kept public answers, served before the framework', () => {
  const answers = new PublicAnswers()
  let server: Server
  let base = ''
  beforeAll(async () => {
    server = createServer((req, res) => {
      if (answers.serve(req, res)) return
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
    answers.keep('/faq', answer, answers.generation)
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
    expect((await send('/faq', { 'accept-encoding': 'br', 'if-none-match': `"x", W/${held}` })).status).toBe(304)
    expect((await send('/faq', { 'if-none-match': held })).status).toBe(200)
    const head = await send('/faq', {}, 'HEAD')
    expect(head.status).toBe(200)
    expect(head.body.length).toBe(0)
    expect(head.headers['content-length']).toBe(String(Buffer.byteLength(html)))
  })

  it('leaves to the framework what it does not hold: other URLs, other methods, sessions', async () => {
    expect((await send('/faq?utm=1')).status).toBe(599)
    expect((await send('/faq', {}, 'POST')).status).toBe(599)
    expect((await send('/faq', { cookie: 'theme=dark; mhbot.sid=abc' })).status).toBe(599)
    expect((await send('/faq', { cookie: 'theme=dark' })).status).toBe(200)
  })

  it('forgets everything on a change, and never keeps an answer read before it', async () => {
    const since = answers.generation
    answers.changed()
    expect((await send('/faq')).status).toBe(599)
    answers.keep('/faq', answer, since)
    expect((await send('/faq')).status).toBe(599)
    answers.keep('/faq', answer, answers.generation)
    expect((await send('/faq')).status).toBe(200)
  })

  it('keeps at most 500 URLs, dropping the first stored', () => {
    const bounded = new PublicAnswers()
    for (let i = 0; i < 600; i += 1) bounded.keep(`/page-${i}`, answer, bounded.generation)
    expect(bounded.size).toBe(500)
  })
})

describe('If-None-Match', () => {
  it('matches a tag in a list, weak or strong, or "*"', () => {
    expect(matchesEtag('"a"', '"a"')).toBe(true)
    expect(matchesEtag('"b", "a"', '"a"')).toBe(true)
    expect(matchesEtag('W/"a"', '"a"')).toBe(true)
    expect(matchesEtag('*', '"a"')).toBe(true)
    expect(matchesEtag('"ab"', '"a"')).toBe(false)
    expect(matchesEtag(undefined, '"a"')).toBe(false)
  })
})
