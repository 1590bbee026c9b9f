/**
 * What the site's search answers (GET /api/search, search.query; docs/decisions/029-site-search.md):
 * the results grouped by kind, each with a snippet whose matching words are marked. A snippet is
 * text in segments, never HTML: the page renders a marked segment as <mark>.
 */

/** The kinds of result, in the order the groups are shown. */
export const SEARCH_KINDS = ['page', 'faq', 'standard', 'listing', 'study', 'resource', 'post'] as const
export type SearchKind = (typeof SEARCH_KINDS)[number]

export const SEARCH_KIND_LABELS: Record<SearchKind, string> = {
  page: 'Pages',
  faq: 'Frequently asked questions',
  standard: 'Standards',
  listing: 'Registry listings',
  study: 'Research studies',
  resource: 'Educational resources',
  post: 'News',
}

/** At most this many results in a group, best first. */
export const SEARCH_RESULTS_PER_KIND = 10

export type SnippetSegment = { text: string; marked: boolean }

export type SearchResult = { title: string; url: string; snippet: SnippetSegment[] }

export type SearchGroup = { kind: SearchKind; label: string; results: SearchResult[] }

export type SiteSearchAnswer = { q: string; groups: SearchGroup[] }
