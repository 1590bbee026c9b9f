import { createHash } from 'node:crypto'

const INLINE_SCRIPT = /<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/gi

/** sha256 sources for every inline script of a rendered page (hashes, not nonces: docs/decisions/008-hash-based-csp-for-cached-pages.md). */
export function inlineScriptHashes(html: string): string[] {
  const hashes = new Set<string>()
  for (const match of html.matchAll(INLINE_SCRIPT)) {
    const body = match[1] ?? ''
    if (body.length === 0) continue
    hashes.add(`sha256-${createHash('sha256').update(body, 'utf8').digest('base64')}`)
  }
  return [...hashes]
}
