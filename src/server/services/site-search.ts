import { sql } from 'drizzle-orm'
import type { Db } from '../../db/client'
import {
  educationalResources,
  listings,
  posts,
  researchStudies,
  standardDocuments,
  standardVersions,
} from '../../db/schema'
import { MARK_END, MARK_START, searchedText, searchVector } from '../../db/search-text'
import {
  LISTING_KIND_LABELS,
  LISTING_STATUS_LABELS,
  type ListingKind,
  type ListingStatus,
  listingPath,
} from '../../shared/registry'
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
 * No search builds a vector from a text: the rows' vectors are stored and indexed, the pages' made
 * once per set of pages, and only the few results shown get a snippet
 * (docs/decisions/036-search-from-stored-vectors.md).
 */

/** Between two passages of a snippet. */
const FRAGMENT_DELIMITER = ' … '

/** What ts_headline leaves off the end of a text's last word ("twice." ends as "twice"). */
const END_PUNCTUATION = ' .,;:!?…)]"”’\''

/** Two short passages around the matches, each of 12 to 28 words. */
const HEADLINE_OPTIONS = `StartSel="${MARK_START}", StopSel="${MARK_END}", MaxWords=28, MinWords=12, ShortWord=2, MaxFragments=2, FragmentDelimiter="${FRAGMENT_DELIMITER}"`

/** A page's words as the search reads them: the text as snippets show it, and its vector (as text). */
type PreparedPage = PageText & { dedupe: string; body: string; vector: string }

/**
 * The pages' vectors, made once for each set of page texts (plugins/site-text.ts keeps one set
 * until content changes) and then passed with every search, so that no search builds a vector.
 */
const preparedPages = new WeakMap<PageText[], Promise<PreparedPage[]>>()

function preparePages(db: Db, pages: PageText[]): Promise<PreparedPage[]> {
  const known = preparedPages.get(pages)
  if (known) return known
  const prepared = (async () => {
    if (pages.length === 0) return []
    const result = await db.execute(sql`
      select d.ord, ${searchedText('d.text')} as body,
             (${searchVector('d.title', 'd.text')})::text as vector
        from json_to_recordset(${JSON.stringify(pages.map((page, ord) => ({ ...page, ord })))}::json)
             as d(ord int, title text, text text)
       order by d.ord`)
    const rows = rowsOf<{ ord: number; body: string; vector: string }>(result)
    return rows.map(({ ord, body, vector }) => {
      const page = pages[ord] as PageText
      return { ...page, dedupe: page.kind === 'faq' ? page.url : page.page, body, vector }
    })
  })()
  // A failed preparation (the database away) is tried again by the next search.
  prepared.catch(() => preparedPages.delete(pages))
  preparedPages.set(pages, prepared)
  return prepared
}

/** postgres-js answers the rows themselves, PGlite an object holding them. */
function rowsOf<T>(result: unknown): T[] {
  const answer = result as T[] | { rows: T[] }
  return Array.isArray(answer) ? answer : answer.rows
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
 * One row per thing that matches the query: its kind, what to group it by (a page's sections
 * count once, by their best), what its link is made of (`ref`), its title, its text and its
 * vector. Every content table answers from its stored, GIN-indexed vector
 * (docs/decisions/036-search-from-stored-vectors.md); a standard's vector is its document's title
 * and its version's text, joined as the search always weighed them.
 */
function matches(pages: PreparedPage[]) {
  const pageRows = JSON.stringify(
    pages.map(({ kind, dedupe, url, title, body, vector }) => ({ kind, dedupe, url, title, body, vector })),
  )
  const published = sql`${posts.status} = 'published'`
  const standardVector = sql`(${standardDocuments.searchVector} || ${standardVersions.searchVector})`
  // A listing's name as its page gives it: the organisation, or "Manufacturer Model" for a chamber model.
  const listingName = sql`coalesce(${listings.manufacturer} || ' ' || ${listings.modelName}, ${listings.organisationName})`
  return sql`
    select d.kind, d.dedupe, json_build_object('url', d.url) as ref, d.title, d.body, d.vector::tsvector as vector
      from json_to_recordset(${pageRows}::json) as d(kind text, dedupe text, url text, title text, body text, vector text), query
     where d.vector::tsvector @@ query.q
    union all
    select 'study', ${researchStudies.id}::text, json_build_object('id', ${researchStudies.id}), ${researchStudies.title},
           ${researchStudies.searchText}, ${researchStudies.searchVector}
      from ${researchStudies}, query where ${researchStudies.searchVector} @@ query.q
    union all
    select 'resource', ${educationalResources.id}::text, json_build_object('id', ${educationalResources.id}),
           ${educationalResources.title}, ${educationalResources.searchText}, ${educationalResources.searchVector}
      from ${educationalResources}, query where ${educationalResources.searchVector} @@ query.q
    union all
    select 'post', ${posts.slug}, json_build_object('slug', ${posts.slug}), ${posts.title}, ${posts.searchText},
           ${posts.searchVector}
      from ${posts}, query where ${posts.searchVector} @@ query.q and ${published}
    union all
    select 'standard', ${standardDocuments.key} || ' ' || ${standardVersions.version},
           json_build_object('key', ${standardDocuments.key}, 'number', ${standardDocuments.number},
                             'version', ${standardVersions.version}, 'state', ${standardVersions.state}),
           ${standardDocuments.title}, ${standardVersions.searchText}, ${standardVector}
      from ${standardVersions} join ${standardDocuments} on ${standardDocuments.id} = ${standardVersions.documentId}, query
     where ${standardVersions.state} in ('published', 'review') and ${standardVector} @@ query.q
    union all
    select 'listing', ${listings.key},
           json_build_object('key', ${listings.key}, 'number', ${listings.number}, 'kind', ${listings.kind},
                             'status', ${listings.status}),
           ${listingName}, ${listings.searchText}, ${listings.searchVector}
      from ${listings}, query where ${listings.searchVector} @@ query.q`
}

/**
 * The search, best first within each kind: at most SEARCH_RESULTS_PER_KIND a kind, a page once (at
 * its best section). `q` is a search the shared schema accepted (SiteSearchSchema); `pages` the
 * words of the site's own pages (empty without server rendering).
 */
export async function searchSite(db: Db, q: string, pages: PageText[]): Promise<SiteSearchAnswer> {
  const prepared = await preparePages(db, pages)
  const result = await db.execute(sql`
    with query as (select websearch_to_tsquery('english', ${q}) as q),
    found as (
      select kind, dedupe, ref, title, coalesce(body, '') as body, ts_rank(vector, query.q, 1) as rank
        from (${matches(prepared)}) as matched, query
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
  return { q, groups: grouped(rowsOf<Row>(result)) }
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
  // A listing's status is in its title, in words: a suspended, withdrawn or expired listing is
  // found (its number still answers what became of it) but never reads as listed.
  if (kind === 'listing') {
    const status = LISTING_STATUS_LABELS[ref.status as ListingStatus] ?? ref.status
    return `${title} (${LISTING_KIND_LABELS[ref.kind as ListingKind] ?? ref.kind} ${ref.number}): ${status}`
  }
  if (kind !== 'standard') return title
  const named = title.includes(ref.number ?? '') ? title : `${title} (${ref.number})`
  return ref.state === 'review' ? `${named}, version ${ref.version} in public review` : named
}

/** Where a result leads: the page's section, the study's or resource's card, the post, the standard, the listing. */
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
    case 'listing':
      return listingPath(ref.key ?? '')
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
