import { brotliDecompressSync, gunzipSync } from 'node:zlib'
import { describe, expect, it } from 'vitest'
import { encodeBodies, pickEncoding } from '../../src/server/kept-answers/encodings'

describe('Accept-Encoding', () => {
  it('prefers brotli, then gzip, else the plain body', () => {
    expect(pickEncoding('gzip, deflate, br')).toBe('br')
    expect(pickEncoding('gzip')).toBe('gzip')
    expect(pickEncoding('deflate')).toBe('identity')
    expect(pickEncoding(undefined)).toBe('identity')
    expect(pickEncoding('')).toBe('identity')
  })

  it('honours q=0 and the wildcard', () => {
    expect(pickEncoding('br;q=0, gzip')).toBe('gzip')
    expect(pickEncoding('br;q=0, gzip;q=0')).toBe('identity')
    expect(pickEncoding('*')).toBe('br')
    expect(pickEncoding('*;q=0')).toBe('identity')
    expect(pickEncoding('BR ; Q=0.5')).toBe('br')
    expect(pickEncoding(['gzip', 'br;q=0'])).toBe('gzip')
    expect(pickEncoding('br;q=nonsense, gzip')).toBe('gzip')
  })
})

describe('encoded bodies', () => {
  it('decompress to the page as rendered', () => {
    const html = `<!DOCTYPE html><p>${'Mild hyperbaric oxygen · 1.3 ATA '.repeat(200)}</p>`
    for (const strength of ['quick', 'strong'] as const) {
      const bodies = encodeBodies(html, strength)
      expect(bodies.identity.toString()).toBe(html)
      expect(brotliDecompressSync(bodies.br).toString()).toBe(html)
      expect(gunzipSync(bodies.gzip).toString()).toBe(html)
      expect(bodies.br.length).toBeLessThan(bodies.identity.length / 5)
    }
  })
})
