import classes from './standard-body.module.css'

/** Text without its tags, still escaped as HTML escapes text (it goes back into an attribute). */
const strippedText = (html: string) =>
  html
    .replace(/<[^>]*>/g, '')
    .replace(/"/g, '&#x22;')
    .trim()

/**
 * The server's HTML for a standard (src/server/services/markdown.ts, sanitized, no attributes of
 * its own beyond href and align) with what a reader needs that Markdown cannot say:
 * - its headings start at h2 under the page's h1, whatever level the author wrote (the renderer
 *   shifts `##` to h3, which would leave a gap in the outline);
 * - each table sits in a labelled region that scrolls sideways on a narrow screen and takes the
 *   keyboard focus so it can be scrolled without a pointer, and the first cell of each body row
 *   heads its row, as on the pages that had these tables before they were versioned.
 * Done on the string, not the DOM, so the server's HTML and the browser's first render are the same.
 */
export function readableStandardHtml(html: string, tableNoun = 'table'): string {
  const levels = [...html.matchAll(/<h([2-6])>/g)].map((match) => Number(match[1]))
  const shift = levels.length > 0 ? Math.min(...levels) - 2 : 0
  const shifted =
    shift > 0
      ? html.replace(/<(\/?)h([2-6])>/g, (_tag, slash: string, level: string) => `<${slash}h${Number(level) - shift}>`)
      : html
  let heading = ''
  return shifted.replace(
    /<h([2-6])>([\s\S]*?)<\/h\1>|<table>([\s\S]*?)<\/table>/g,
    (whole, _level: string | undefined, headingHtml: string | undefined, tableHtml: string | undefined) => {
      if (tableHtml === undefined) {
        heading = strippedText(headingHtml ?? '')
        return whole
      }
      const label = heading ? `${heading}: ${tableNoun}` : tableNoun.charAt(0).toUpperCase() + tableNoun.slice(1)
      const rows = tableHtml.replace(/<tbody>[\s\S]*?<\/tbody>/, (body) =>
        body.replace(/<tr>(\s*)<td([^>]*)>([\s\S]*?)<\/td>/g, '<tr>$1<th scope="row"$2>$3</th>'),
      )
      const withColumns = rows.replace(/<thead>[\s\S]*?<\/thead>/, (head) =>
        head.replace(/<th(?=[\s>])/g, '<th scope="col"'),
      )
      return `<div role="region" tabindex="0" aria-label="${label}"><table>${withColumns}</table></div>`
    },
  )
}

/** A standard's text in the site's reading style; print keeps it and drops the page's chrome. */
export function StandardBody({ html, tableNoun, testId }: { html: string; tableNoun?: string; testId?: string }) {
  return (
    <div
      className={classes.body}
      data-testid={testId}
      // biome-ignore lint/security/noDangerouslySetInnerHtml: the HTML comes from the server's one sanitizing renderer
      dangerouslySetInnerHTML={{ __html: readableStandardHtml(html, tableNoun) }}
    />
  )
}
