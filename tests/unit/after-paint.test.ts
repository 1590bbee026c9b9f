import { describe, expect, it } from 'vitest'
import { AFTER_PAINT_LOADER, loadCodeAfterPaint, REACH_EVENTS } from '../../src/server/ssr/after-paint'

const page = (body: string) =>
  `<html><head><link rel="stylesheet" href="/assets/s.css"/>${body}</head><body></body></html>`

describe('loadCodeAfterPaint', () => {
  it('replaces the module preloads and the entry script with the loader, naming the same files in order', () => {
    const html = page(
      [
        '<link rel="modulepreload" href="/assets/a.js" nonce="m"/>',
        '<link rel="modulepreload" href="/assets/b.js"/>',
        '<script nonce="m">window.$_TSR={}</script>',
        '<script type="module" src="/assets/entry.js" async="" nonce="m"></script>',
      ].join(''),
    )
    const out = loadCodeAfterPaint(html, ' nonce="m"')
    expect(out).not.toContain('modulepreload" href')
    expect(out).not.toContain('type="module"')
    expect(out).toContain(
      `<script nonce="m" data-entry="/assets/entry.js" data-preload="/assets/a.js /assets/b.js">${AFTER_PAINT_LOADER}</script>`,
    )
    // The router's own inline scripts and the stylesheet stay where they were.
    expect(out).toContain('<script nonce="m">window.$_TSR={}</script>')
    expect(out).toContain('<link rel="stylesheet" href="/assets/s.css"/>')
  })

  it('leaves a page alone that has no module script, or several (development)', () => {
    const none = page('<link rel="modulepreload" href="/assets/a.js"/>')
    expect(loadCodeAfterPaint(none, '')).toBe(none)
    const dev = page(
      '<script type="module" src="/@vite/client"></script><script type="module" src="/src/entry.tsx"></script>',
    )
    expect(loadCodeAfterPaint(dev, '')).toBe(dev)
  })

  it('is one fixed text, so its CSP hash is the same on every page and in every build', () => {
    expect(AFTER_PAINT_LOADER).not.toMatch(/\$|<\/script/i)
    expect(loadCodeAfterPaint(page('<script type="module" src="/x.js"></script>'), '')).toContain(
      `>${AFTER_PAINT_LOADER}</script>`,
    )
  })

  it('on a public page waits for the visitor to reach for it; on a private one starts after the first frame', () => {
    const html = page('<script type="module" src="/x.js"></script>')
    expect(loadCodeAfterPaint(html, '', 'reach')).toContain('<script data-start="reach" data-entry="/x.js"')
    expect(loadCodeAfterPaint(html, '')).toContain('<script data-entry="/x.js"')
    expect(AFTER_PAINT_LOADER).toContain(`[${REACH_EVENTS.map((event) => `'${event}'`).join(',')}]`)
  })
})
