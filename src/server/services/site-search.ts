import { sql } from 'drizzle-orm'
import type { PgColumn } from 'drizzle-orm/pg-core'
import type { Db } from '../../db/client'
import { educationalResources, posts, researchStudies, standardDocuments, standardVersions } from '../../db/schema'
import { versionPath } from '../../shared/schemas/standards'
import {
  SEARCH_KIND_LABELS,
  SEARCH_KINDS,
  SEARCH_RESULTS_PER_KIND,
  type SearchGroup,
  type SearchKind,
  type SearchResult,
  type SiteSearchAnswer,
  type SnippetSegment,
} from '../../shared/search'
import type { PageText } from './page-text'

/*
 * The site's search (docs/decisions/029-site-search.md): Postgres full-text search, English
 * stemming, over the pages' own words (passed in as a parameter, read from the rendered pages by
 * plugins/site-text.ts) and over the public rows of the content tables, in one statement that runs
 * the same on Postgres and on the embedded PGlite. Postgres ranks and cuts the snippets
 * (ts_headline); it marks the matching words with two characters from Unicode's private use area,
 * which this file turns into text segments, so that no text from the database is ever read as HTML.
 */

/** Around each matching word in a snippet; removed from the texts first, so only Postgres writes them. */
const MARK_START = '\uE000'
const MARK_END = '\uE001'

/** Between two passages of a snippet. */
const FRAGMENT_DELIMITER = ' … '

/** What ts_headline leaves off the end of a text's last word ("twice." ends as "twice"). */
const END_PUNCTUATION = ' .,;:!?…)]"”’\''

/** Two short passages around the matches, each of 12 to 28 words. */
const HEADLINE_OPTIONS = `StartSel="${MARK_START}", StopSel="${MARK_END}", MaxWords=28, MinWords=12, ShortWord=2, MaxFragments=2, FragmentDelimiter="${FRAGMENT_DELIMITER}"`

/**
 * Markdown (a post's or a standard's body) as words for a snippet: links as their text, escapes,
 * list markers, emphasis, headings, quotes, table pipes and rules dropped. Matching is the same
 * either way; only the snippet would show the marks.
 */
const MARKDOWN_STEPS: [pattern: string, replacement: string, flags: string][] = [
  ['!?\\[([^\\]]*)\\]\\([^)]*\\)', '\\1', 'g'],
  ['\\\\(.)', '\\1', 'g'],
  ['^[ \\t]*([-+*]|[0-9]+[.)])[ \\t]+', '', 'gn'],
  ['[*_`#>|~]+|:?-{3,}:?', ' ', 'g'],
]

function markdownAsText(column: PgColumn) {
  let text = sql`${column}`
  for (const [pattern, replacement, flags] of MARKDOWN_STEPS)
    text = sql`regexp_replace(${text}, ${pattern}, ${replacement}, ${flags})`
  return text
}

type Row = {
  kind: SearchKind
  ref: Record<string, string>
  title: string
  snippet: string
  /** The snippet begins where the text begins; else it is shown after "… ". */
  whole_start: boolean
  /** The snippet ends where the text ends (but for `tail`); else it is shown before " …". */
  whole_end: boolean
  /** The punctuation that ends the text, which ts_headline leaves out. */
  tail: string
}

/**
 * One row per thing that can be found: its kind, what to group it by (a page's sections count
 * once, by their best), what its link is made of (`ref`), its title and its text.
 */
function documents(pages: PageText[]) {
  const pageRows = JSON.stringify(
    pages.map((page) => ({ ...page, dedupe: page.kind === 'faq' ? page.url : page.page })),
  )
  const published = sql`${posts.status} = 'published'`
  return sql`
    select d.kind, d.dedupe, json_build_object('url', d.url) as ref, d.title, d.title as searched, d.text as body
      from json_to_recordset(${pageRows}::json) as d(kind text, dedupe text, url text, title text, text text)
    union all
    select 'study', ${researchStudies.id}::text, json_build_object('id', ${researchStudies.id}), ${researchStudies.title},
           ${researchStudies.title}, concat_ws(' · ', ${researchStudies.authors}, ${researchStudies.journal}, ${researchStudies.summary})
      from ${researchStudies}
    union all
    select 'resource', ${educationalResources.id}::text, json_build_object('id', ${educationalResources.id}),
           ${educationalResources.title}, ${educationalResources.title},
           concat_ws(' · ', ${educationalResources.description}, ${educationalResources.category})
      from ${educationalResources}
    union all
    select 'post', ${posts.slug}, json_build_object('slug', ${posts.slug}), ${posts.title}, ${posts.title},
           ${posts.summary} || ' ' || ${markdownAsText(posts.body)}
      from ${posts} where ${published}
    union all
    select 'standard', ${standardDocuments.key} || ' ' || ${standardVersions.version},
           json_build_object('key', ${standardDocuments.key}, 'number', ${standardDocuments.number},
                             'version', ${standardVersions.version}, 'state', ${standardVersions.state}),
           ${standardDocuments.title}, ${standardDocuments.number} || ' ' || ${standardDocuments.title},
           ${markdownAsText(standardVersions.body)}
      from ${standardVersions} join ${standardDocuments} on ${standardDocuments.id} = ${standardVersions.documentId}
     where ${standardVersions.state} in ('published', 'review')`
}

/**
 * The search, best first within each kind: at most SEARCH_RESULTS_PER_KIND a kind, a page once (at
 * its best section). `q` is a search the shared schema accepted (SiteSearchSchema); `pages` the
 * words of the site's own pages (empty without server rendering).
 */
export async function searchSite(db: Db, q: string, pages: PageText[]): Promise<SiteSearchAnswer> {
  const result = await db.execute(sql`
    with query as (select websearch_to_tsquery('english', ${q}) as q),
    texts as (
      select kind, dedupe, ref, title, searched,
             btrim(regexp_replace(translate(coalesce(body, ''), ${MARK_START + MARK_END}, ''), ${'\\s+'}, ' ', 'g')) as body
        from (${documents(pages)}) as everything
    ),
    vectors as (
      select *, setweight(to_tsvector('english', searched), 'A') || setweight(to_tsvector('english', body), 'D') as vector
        from texts
    ),
    found as (
      select kind, dedupe, ref, title, body, ts_rank(vector, query.q, 1) as rank
        from vectors, query where vector @@ query.q
    ),
    best as (
      select distinct on (kind, dedupe) kind, dedupe, ref, title, body, rank
        from found order by kind, dedupe, rank desc
    ),
    ranked as (
      select *, row_number() over (partition by kind order by rank desc, title) as n from best
    ),
    snippets as (
      select kind, n, ref, title, body, ts_headline('english', body, query.q, ${HEADLINE_OPTIONS}) as snippet
        from ranked, query where n <= ${SEARCH_RESULTS_PER_KIND}
    ),
    plain as (
      select *, translate(snippet, ${MARK_START + MARK_END}, '') as words from snippets
    )
    -- Whether the snippet starts where the text starts and ends where it ends (else it shows "…").
    select kind, ref, title, snippet,
           starts_with(body, split_part(words, ${FRAGMENT_DELIMITER}, 1)) as whole_start,
           right(rtrim(body, ${END_PUNCTUATION}), length(reverse(split_part(reverse(words), reverse(${FRAGMENT_DELIMITER}), 1))))
             = reverse(split_part(reverse(words), reverse(${FRAGMENT_DELIMITER}), 1)) as whole_end,
           right(body, length(body) - length(rtrim(body, ${END_PUNCTUATION}))) as tail
      from plain
     order by kind, n`)
  // postgres-js answers the rows themselves, PGlite an object holding them.
  const answer = result as unknown as Row[] | { rows: Row[] }
  const rows = Array.isArray(answer) ? answer : answer.rows
  return { q, groups: grouped(rows) }
}

function grouped(rows: Row[]): SearchGroup[] {
  const byKind = new Map<SearchKind, SearchResult[]>()
  for (const row of rows) {
    const results = byKind.get(row.kind) ?? []
    const snippet = segments(row.snippet)
    if (snippet.length > 0) {
      // "…" where the passage starts or ends within the text; the text's own last stop where it ends.
      if (!row.whole_start) joinText(snippet, '… ', 'start')
      joinText(snippet, row.whole_end ? row.tail : ' …', 'end')
    }
    results.push({ title: titleOf(row), url: urlOf(row), snippet })
    byKind.set(row.kind, results)
  }
  return SEARCH_KINDS.flatMap((kind) => {
    const results = byKind.get(kind)
    return results ? [{ kind, label: SEARCH_KIND_LABELS[kind], results }] : []
  })
}

/** Adds unmarked text at one end of a snippet, to the unmarked segment there if there is one. */
function joinText(snippet: SnippetSegment[], text: string, end: 'start' | 'end') {
  if (!text) return
  const edge = end === 'start' ? snippet[0] : snippet[snippet.length - 1]
  if (edge && !edge.marked) edge.text = end === 'start' ? text + edge.text : edge.text + text
  else if (end === 'start') snippet.unshift({ text, marked: false })
  else snippet.push({ text, marked: false })
}

function titleOf({ kind, ref, title }: Row): string {
  if (kind !== 'standard') return title
  const named = title.includes(ref.number ?? '') ? title : `${title} (${ref.number})`
  return ref.state === 'review' ? `${named}, version ${ref.version} in public review` : named
}

/** Where a result leads: the page's section, the study's or resource's card, the post, the standard. */
function urlOf({ kind, ref }: Row): string {
  switch (kind) {
    case 'page':
    case 'faq':
      return ref.url ?? '/'
    case 'study':
      return `/research#study-${ref.id}`
    case 'resource':
      return `/resources#resource-${ref.id}`
    case 'post':
      return `/news/${ref.slug}`
    case 'standard':
      // The current text has the document's own address; a version in review, the version's.
      return ref.state === 'review' ? versionPath(ref.key ?? '', ref.version ?? '') : `/standards/${ref.key}`
  }
}

/**
 * A snippet from ts_headline as text segments: the words between the marks are marked; marked
 * words with only spaces between them are one marked segment ("1.3 ATA").
 */
export function segments(headline: string): SnippetSegment[] {
  const found: SnippetSegment[] = []
  const push = (text: string, marked: boolean) => {
    if (!text) return
    const last = found[found.length - 1]
    if (last && last.marked === marked) last.text += text
    else found.push({ text, marked })
  }
  for (const [index, part] of headline.split(MARK_START).entries()) {
    if (index === 0) {
      push(part.replaceAll(MARK_END, ''), false)
      continue
    }
    const end = part.indexOf(MARK_END)
    const marked = end === -1 ? part : part.slice(0, end)
    const after = end === -1 ? '' : part.slice(end + MARK_END.length).replaceAll(MARK_END, '')
    // Spaces between two marked words join them.
    const previous = found[found.length - 1]
    const beforeLast = found[found.length - 2]
    if (previous && !previous.marked && /^\s+$/.test(previous.text) && beforeLast?.marked) {
      found.pop()
      beforeLast.text += previous.text
    }
    push(marked, true)
    push(after, false)
  }
  return found
}
