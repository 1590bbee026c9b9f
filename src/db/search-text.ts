import { type SQL, sql } from 'drizzle-orm'

/*
 * The words the site search reads from each content row, as SQL expressions of the row's own
 * columns: the database keeps them, and their vectors, in generated columns refreshed by every
 * write, whatever writes (docs/decisions/036-search-from-stored-vectors.md). Generated columns take
 * only immutable expressions, so no concat_ws (stable) and no parameters: literals only.
 */

/** Around each matching word in a snippet (services/site-search.ts); removed from the texts first. */
export const MARK_START = '\uE000'
export const MARK_END = '\uE001'

const literal = (value: string) => `'${value.replaceAll("'", "''")}'`

/**
 * Markdown (a post's or a standard's body) as words for a snippet: links as their text, escapes,
 * list markers, emphasis, headings, quotes, table pipes and rules dropped. Postgres's regular
 * expressions run in linear time, also on the texts that stall the Markdown parser.
 */
const MARKDOWN_STEPS: [pattern: string, replacement: string, flags: string][] = [
  ['!?\\[([^\\]]*)\\]\\([^)]*\\)', '\\1', 'g'],
  ['\\\\(.)', '\\1', 'g'],
  ['^[ \\t]*([-+*]|[0-9]+[.)])[ \\t]+', '', 'gn'],
  ['[*_`#>|~]+|:?-{3,}:?', ' ', 'g'],
]

export function markdownAsText(column: string): string {
  let text = column
  for (const [pattern, replacement, flags] of MARKDOWN_STEPS)
    text = `regexp_replace(${text}, ${literal(pattern)}, ${literal(replacement)}, ${literal(flags)})`
  return text
}

/** concat_ws(' · ', …) as an immutable expression: the non-null parts joined by the separator. */
export function joinedParts(columns: string[]): string {
  const separator = ' · '
  const parts = columns.map((column) => `coalesce(${literal(separator)} || ${column}, '')`).join(' || ')
  return `substr(${parts}, ${separator.length + 1})`
}

const searched = (expression: string) =>
  `btrim(regexp_replace(translate(coalesce(${expression}, ''), chr(${MARK_START.charCodeAt(0)}) || chr(${MARK_END.charCodeAt(0)}), ''), '\\s+', ' ', 'g'))`

/** A text as the search shows it in a snippet: no snippet marks of its own, runs of white space as one space. */
export const searchedText = (expression: string): SQL => sql.raw(searched(expression))

/**
 * The vector the search matches: a title's words (weight A, ranked first; null when the title is
 * in another table) and the text's (weight D), with the same positions as the text itself.
 */
export function searchVector(title: string | null, text: string): SQL {
  const body = `setweight(to_tsvector('english'::regconfig, ${searched(text)}), 'D')`
  return sql.raw(title === null ? body : `setweight(to_tsvector('english'::regconfig, ${title}), 'A') || ${body}`)
}

/** A title's words alone (weight A), for a table whose text is in another (standard documents). */
export const titleVector = (title: string): SQL =>
  sql.raw(`setweight(to_tsvector('english'::regconfig, ${title}), 'A')`)
