import { createHash } from 'node:crypto'
import { brotliDecompressSync, gunzipSync } from 'node:zlib'
import { beforeAll, describe, expect, it } from 'vitest'
import { testimonials } from '../../src/db/schema'
import { seedIfEmpty } from '../../src/db/seed'
import { render } from '../../src/server/ssr/render'
import { setUpTestApp } from '../helpers/build-app'
import { renderStarterDocument } from '../helpers/db'

const assets = { scripts: ['/assets/entry.js'], css: ['/assets/style.css'], preloads: [] }

const setup = setUpTestApp({ ssr: { render, assets }, reset: false })

beforeAll(async () => {
  await seedIfEmpty(setup.database.handle.db, renderStarterDocument)
})

describe('server-rendered home page', () => {
  it('renders no testimonial cards while none is approved', async () => {
    const response = await setup.app.inject({ method: 'GET', url: '/' })
    expect(response.statusCode).toBe(200)
    expect(response.body).not.toContain('data-testid="testimonial-card"')
  })

  it('carries the heading, the first three approved testimonials and the meta tags in its HTML', async () => {
    const { db } = setup.database.handle
    for (const [index, isApproved] of [true, true, true, true, false].entries()) {
      await db.insert(testimonials).values({
        name: isApproved ? `Test Author ${index + 1}` : 'Test Author Pending',
        testimonial: `Placeholder words number ${index + 1}.`,
        isApproved,
      })
    }
    const response = await setup.app.inject({ method: 'GET', url: '/' })
    expect(response.statusCode).toBe(200)
    expect(response.headers['content-type']).toContain('text/html')
    const html = response.body
    expect(html).toContain('Setting Standards for Mild Hyperbaric Wellness</h1>')
    expect(html).toContain('<title>Setting Standards for Mild Hyperbaric Wellness | mHBOT Standards Council</title>')
    expect(html).toMatch(/<meta name="robots" content="index,follow"/)
    expect(html).toContain('<link rel="stylesheet" href="/assets/style.css"')
    expect(html).toContain('data-entry="/assets/entry.js"')
    expect((html.match(/data-testid="testimonial-card"/g) ?? []).length).toBe(3)
    // Newest first: the three latest approved ones.
    expect(html).toContain('Test Author 4')
    expect(html).toContain('Test Author 2')
    expect(html).not.toContain('Test Author 1<')
    expect(html).not.toContain('Test Author Pending')
  })

  it('names every script the app emitted in its Content-Security-Policy by hash, and nothing else', async () => {
    const response = await setup.app.inject({ method: 'GET', url: '/' })
    const csp = String(response.headers['content-security-policy'])
    expect(csp).not.toContain('unsafe-eval')
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/)
    const inline = [...response.body.matchAll(/<script(?![^>]*\bsrc=)([^>]*)>([\s\S]*?)<\/script>/g)].filter(
      (m) => m[2] && !String(m[1]).includes('application/ld+json'),
    )
    expect(inline.length).toBeGreaterThan(0)
    const hashOf = (body: string) => `'sha256-${createHash('sha256').update(body).digest('base64')}'`
    for (const script of inline) expect(csp).toContain(hashOf(String(script[2])))
    expect((csp.match(/'sha256-/g) ?? []).length).toBe(new Set(inline.map((m) => m[2])).size)
    // JSON-LD is data, not script; and the per-render mark never reaches the visitor.
    expect(response.body).toContain('application/ld+json')
    expect(response.body).not.toContain('nonce=')
  })

  it('starts its code when the visitor reaches for it: one loader names the entry and the preloads, no module tag does', async () => {
    const response = await setup.app.inject({ method: 'GET', url: '/' })
    expect(response.body).toMatch(/<script data-start="reach" data-entry="\/assets\/entry\.js" data-preload="">/)
    // The admin is made of code: its pages start theirs after the first frame.
    const admin = await setup.app.inject({ method: 'GET', url: '/admin' })
    expect(admin.body).toMatch(/<script data-entry="\/assets\/entry\.js" data-preload="">/)
    expect(response.body).not.toContain('<script type="module"')
    expect(response.body).not.toContain('rel="modulepreload"')
  })

  it('drops the cached page when content changes', async () => {
    await setup.app.inject({ method: 'GET', url: '/' })
    await setup.database.handle.db
      .insert(testimonials)
      .values({ name: 'Fresh Voice', testimonial: 'Brand new.', isApproved: true })
    await setup.app.contentEvents.settle() // the insert's trigger announced it; wait until it is heard
    const response = await setup.app.inject({ method: 'GET', url: '/' })
    expect(response.body).toContain('Fresh Voice')
  })

  it('answers 304 to a matching If-None-Match', async () => {
    const first = await setup.app.inject({ method: 'GET', url: '/' })
    const second = await setup.app.inject({
      method: 'GET',
      url: '/',
      headers: { 'if-none-match': String(first.headers.etag) },
    })
    expect(second.statusCode).toBe(304)
  })

  it('sends pages compressed once, as the request accepts, with Vary and a validator per encoding', async () => {
    const plain = await setup.app.inject({ method: 'GET', url: '/faq', headers: { 'accept-encoding': 'identity' } })
    expect(plain.headers['content-encoding']).toBeUndefined()
    expect(plain.headers.vary).toBe('accept-encoding')
    const br = await setup.app.inject({
      method: 'GET',
      url: '/faq',
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    })
    expect(br.headers['content-encoding']).toBe('br')
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body)
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 4)
    const gzip = await setup.app.inject({ method: 'GET', url: '/faq', headers: { 'accept-encoding': 'gzip' } })
    expect(gzip.headers['content-encoding']).toBe('gzip')
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(plain.body)
    expect(new Set([plain.headers.etag, br.headers.etag, gzip.headers.etag]).size).toBe(3)
    const again = await setup.app.inject({
      method: 'GET',
      url: '/faq',
      headers: { 'accept-encoding': 'br', 'if-none-match': String(br.headers.etag) },
    })
    expect(again.statusCode).toBe(304)
    // A validator of another encoding does not match this one.
    const other = await setup.app.inject({
      method: 'GET',
      url: '/faq',
      headers: { 'accept-encoding': 'br', 'if-none-match': String(gzip.headers.etag) },
    })
    expect(other.statusCode).toBe(200)
  })
})
