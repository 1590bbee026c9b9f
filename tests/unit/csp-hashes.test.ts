import { createHash } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { ownScriptHashes } from '../../src/server/ssr/csp-hashes'

const sha = (body: string) => `sha256-${createHash('sha256').update(body).digest('base64')}`

describe('ownScriptHashes', () => {
  it('hashes only the scripts carrying this render’s mark, skips JSON-LD, and removes the mark', () => {
    const html = [
      '<script type="application/ld+json" nonce="m1">{"@type":"Organization"}</script>',
      '<script nonce="m1">window.$_TSR={}</script>',
      '<main><p>A study</p><script>alert(1)</script><script nonce="guess">alert(2)</script></main>',
      '<script type="module" src="/assets/entry.js" nonce="m1"></script>',
    ].join('')
    const { html: cleaned, hashes } = ownScriptHashes(html, 'm1')
    expect(hashes).toEqual([sha('window.$_TSR={}')])
    expect(cleaned).not.toContain('nonce="m1"')
    expect(cleaned).toContain('<script>alert(1)</script>')
  })
})
