import { createHash, randomBytes } from 'node:crypto'

const INLINE_SCRIPT = /<script(?![^>]*\bsrc=)([^>]*)>([\s\S]*?)<\/script>/gi

/** A fresh value per render that the router writes on every script it emits, and nothing else can know. */
export const renderMark = () => randomBytes(18).toString('base64url')

/**
 * The sha256 sources for the inline scripts the app itself emitted during one render: those the
 * router marked with this render's `mark` (its data, the scroll restoration and the stream's
 * housekeeping). A script that came from anywhere else, such as text that slipped into the page by
 * a bug, carries no mark and stays blocked. JSON-LD is data, not script, and needs no hash. The mark
 * is then removed, so cached HTML holds no trace of it (docs/decisions/008-hash-based-csp-for-cached-pages.md).
 */
export function ownScriptHashes(html: string, mark: string): { html: string; hashes: string[] } {
  const hashes = new Set<string>()
  const attribute = ` nonce="${mark}"`
  for (const match of html.matchAll(INLINE_SCRIPT)) {
    const [, attributes = '', body = ''] = match
    if (!attributes.includes(attribute) || body.length === 0) continue
    if (/\btype="application\/ld\+json"/.test(attributes)) continue
    hashes.add(`sha256-${createHash('sha256').update(body, 'utf8').digest('base64')}`)
  }
  return { html: html.replaceAll(attribute, ''), hashes: [...hashes] }
}
