import { Parser } from 'htmlparser2'

/**
 * A piece of the site's own pages that the search looks through (docs/decisions/029-site-search.md):
 * one section of a page (from a heading to the next), or one question of the FAQ. `page` is the
 * page's path, `url` the address a result links to (with the section's anchor when it has one).
 */
export type PageText = { kind: 'page' | 'faq'; page: string; url: string; title: string; text: string }

/** The FAQ page: its questions (its h3 headings) are results of their own, in the FAQ group. */
export const FAQ_PATH = '/faq'

/** Text in these is not the page's words: code, styles, the no-script style, templates, drawings. */
const SKIPPED_ELEMENTS = new Set(['script', 'style', 'noscript', 'template', 'svg', 'select', 'textarea'])

/**
 * Elements that run on within a line; every other element ends a word where it opens and closes. A
 * link is not among them: two buttons that are links sit side by side with nothing between them.
 */
const INLINE_ELEMENTS = new Set([
  'abbr',
  'b',
  'bdi',
  'bdo',
  'cite',
  'code',
  'data',
  'del',
  'dfn',
  'em',
  'i',
  'ins',
  'kbd',
  'mark',
  'q',
  's',
  'samp',
  'small',
  'span',
  'strong',
  'sub',
  'sup',
  'time',
  'u',
  'var',
  'wbr',
])

/** Headings that start a section: h1 (the page's opening), h2 and h3. Smaller ones are text of their section. */
const SECTION_LEVELS: Record<string, number> = { h1: 1, h2: 2, h3: 3 }

/** The site's name after the page's own in <title> ("Safety & Standards | mHBOT Standards Council"). */
const TITLE_SUFFIX = / \| [^|]*$/

/** One space between words, none before closing punctuation (left by a link's end: "the guide ."). */
const tidy = (text: string) =>
  text
    .replace(/\s+/g, ' ')
    .replace(/ ([.,;:!?)\]])/g, '$1')
    .trim()

type Section = { level: number; heading: string; anchor: string | null; text: string[] }

/**
 * The words a visitor reads in a page's <main>, split into sections at its h1, h2 and h3 headings,
 * from the HTML the site itself rendered. Left out: scripts and styles, anything marked
 * `aria-hidden="true"` (icons, decorative numbers) and anything marked `data-nosearch` (the
 * disclaimer every page repeats, and parts made of content searched in its own tables, such as the
 * home page's newest posts). A closed FAQ answer is in the HTML (hidden until found), so it counts.
 *
 * A section links to its heading's `data-search-anchor` (where the heading names another place to
 * land: a FAQ question its answer, which the browser opens on arrival), its id, or an id inside the
 * heading, or else to the anchor of the section it belongs to (an h3 without an id to its h2's); the
 * page's opening has none.
 */
export function pageText(html: string, path: string): PageText[] {
  let title = ''
  let inTitle = false
  /** Depth of the <main> being read; null outside it (before, and after: only the first counts). */
  let mainDepth: number | null = null
  let mainRead = false
  /** Depth at which a skipped element opened; 0 when not inside one. */
  let skipDepth = 0
  let depth = 0
  /** The heading being read, if any: its level, text, and the first id found in it. */
  let heading: { level: number; depth: number; text: string[]; anchor: string | null } | null = null
  const sections: Section[] = [{ level: 1, heading: '', anchor: null, text: [] }]
  const current = () => sections[sections.length - 1] as Section

  const separate = () => {
    if (heading) heading.text.push(' ')
    else current().text.push(' ')
  }

  const parser = new Parser(
    {
      onopentag(name, attributes) {
        depth += 1
        if (name === 'title' && mainDepth === null) inTitle = true
        if (name === 'main' && mainDepth === null && !mainRead) mainDepth = depth
        if (mainDepth === null || skipDepth > 0) return
        if (SKIPPED_ELEMENTS.has(name) || attributes['aria-hidden'] === 'true' || 'data-nosearch' in attributes) {
          skipDepth = depth
          return
        }
        const level = SECTION_LEVELS[name]
        if (level !== undefined && heading === null) {
          heading = { level, depth, text: [], anchor: attributes['data-search-anchor'] || attributes.id || null }
          return
        }
        if (heading && heading.anchor === null && attributes.id) heading.anchor = attributes.id
        if (!INLINE_ELEMENTS.has(name)) separate()
      },
      ontext(text) {
        if (inTitle) title += text
        if (mainDepth === null || skipDepth > 0) return
        if (heading) heading.text.push(text)
        else current().text.push(text)
      },
      onclosetag(name) {
        if (name === 'title') inTitle = false
        if (skipDepth === depth) skipDepth = 0
        else if (heading && heading.depth === depth) {
          const { level, text } = heading
          // An anchorless heading belongs to the nearest section above it that has one and is bigger.
          let anchor = heading.anchor
          for (let index = sections.length - 1; anchor === null && index >= 0; index -= 1) {
            const above = sections[index] as Section
            if (above.level < level) anchor = above.anchor
          }
          sections.push({ level, heading: tidy(text.join('')), anchor, text: [] })
          heading = null
        } else if (mainDepth !== null && skipDepth === 0 && !INLINE_ELEMENTS.has(name)) separate()
        if (mainDepth === depth) {
          mainDepth = null
          mainRead = true
        }
        depth -= 1
      },
    },
    { decodeEntities: true },
  )
  parser.write(html)
  parser.end()

  const h1 = sections.find((section) => section.level === 1 && section.heading)?.heading ?? ''
  const pageTitle = tidy(title).replace(TITLE_SUFFIX, '') || h1
  const found: PageText[] = []
  // The page's opening (before any heading, and its h1) is one section with the h1's text.
  const opening: Section = {
    level: 1,
    heading: h1,
    anchor: null,
    text: sections.filter((section) => section.level === 1).flatMap((section) => section.text),
  }
  for (const section of [opening, ...sections.filter((section) => section.level > 1)]) {
    const text = tidy(section.text.join(''))
    const faq = path === FAQ_PATH && section.level === 3
    if (!text && !faq) continue
    const url = section.anchor ? `${path}#${section.anchor}` : path
    const named = section.level === 1 || !section.heading || section.heading === pageTitle
    found.push({
      kind: faq ? 'faq' : 'page',
      page: path,
      url,
      title: faq ? section.heading : named ? pageTitle : `${pageTitle}: ${section.heading}`,
      text,
    })
  }
  return found
}
