/**
 * Conditional GET, one rule for every answer with a validator: kept pages and read APIs, uploaded
 * files and the council's PDFs.
 */

/** Whether an If-None-Match header names this ETag (RFC 9110 §13.1.2: weak comparison, a list, or "*"). */
export function matchesEtag(header: string | string[] | undefined, etag: string): boolean {
  if (header === undefined) return false
  const text = Array.isArray(header) ? header.join(',') : header
  if (text === etag) return true
  const opaque = etag.startsWith('W/') ? etag.slice(2) : etag
  return text.split(',').some((candidate) => {
    const tag = candidate.trim()
    return tag === '*' || tag === opaque || tag === `W/${opaque}`
  })
}

/** A request that already holds the representation tagged `etag`: answer it 304. */
export function notModified(request: { headers: { 'if-none-match'?: string | string[] } }, etag: string): boolean {
  return matchesEtag(request.headers['if-none-match'], etag)
}
