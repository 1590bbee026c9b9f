/*
 * What the standards routes need in the router's own bundle, which every page loads: their
 * addresses and the checks they make before asking the server
 * (docs/decisions/028-standards-as-versioned-documents.md). Apart from the pages' components,
 * because a chunk takes a module whole (docs/decisions/021-first-load-budget.md).
 */

/**
 * A version's PDF, as src/shared/schemas/standards.ts (versionPdfPath) writes it. Spelled again here
 * because that module builds zod schemas at its top level, and a public page must not load zod
 * (docs/decisions/021-first-load-budget.md); tests/e2e/standards.test.ts holds the two equal.
 */
export const standardPdfPath = (key: string, version: string) => `/downloads/${key}-v${version}.pdf`

/**
 * Two versions compared, as people and the page's GET form write the address. Links to it are
 * plain <a>: the router would write the labels as JSON (?from=%221.0%22), see the compare route.
 */
export const comparePath = (key: string, from: string, to: string) =>
  `/standards/${key}/compare?from=${encodeURIComponent(from)}&to=${encodeURIComponent(to)}`

/**
 * What the server's schemas accept as a number and a version label (StandardNumberSchema,
 * VersionLabelSchema): anything else cannot be a document, so it is not asked for (a 400 would
 * make the page an error, where the visitor should see "not found").
 */
export const isStandardNumber = (value: string) => /^[A-Za-z0-9/-]{1,60}$/.test(value.trim())
export const isVersionLabel = (value: string) => value.length <= 20 && /^\d+(?:\.\d+)*$/.test(value)

export type CompareSearch = { from?: string; to?: string }

/**
 * ?from=1.0&to=1.1, and nothing else. The router reads query values as JSON, so "1.0" reaches here
 * as the number 1; the label as written is taken back from the address bar when it says the same
 * number. The server reads the query as text (ssr/render.tsx), and a label the router wrote itself
 * arrives quoted ("1.0"), so both are accepted. The links to the comparison are plain addresses
 * (comparePath) for the same reason: the router would write a label as %221.0%22.
 */
export function readCompareSearch(search: Record<string, unknown>): CompareSearch {
  const label = (name: 'from' | 'to'): string | undefined => {
    const value = search[name]
    if (typeof value === 'string') {
      const text = /^"[^"]*"$/.test(value) ? value.slice(1, -1) : value
      return isVersionLabel(text) ? text : undefined
    }
    if (typeof value === 'number' && Number.isFinite(value)) {
      const written = typeof window === 'undefined' ? null : new URLSearchParams(window.location.search).get(name)
      if (written !== null && isVersionLabel(written) && Number(written) === value) return written
      const text = String(value)
      return isVersionLabel(text) ? text : undefined
    }
    return undefined
  }
  const from = label('from')
  const to = label('to')
  return { ...(from ? { from } : {}), ...(to ? { to } : {}) }
}
