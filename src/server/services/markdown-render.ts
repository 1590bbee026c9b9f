import type { Element, ElementContent, Root, RootContent } from 'hast'
import type { Heading, RootContent as MdContent, Root as MdRoot } from 'mdast'
import rehypeSanitize, { defaultSchema, type Options as SanitizeSchema } from 'rehype-sanitize'
import rehypeStringify from 'rehype-stringify'
import remarkGfm from 'remark-gfm'
import remarkParse from 'remark-parse'
import remarkRehype from 'remark-rehype'
import { unified } from 'unified'
import type { HeadingStyle } from '../../shared/schemas/news'

/*
 * The one Markdown renderer, for a post's page, its preview in the admin and the newsletter mail
 * (docs/decisions/026-news-and-newsletter-issues.md). Safe by construction: the author's raw HTML
 * never becomes HTML (remark-rehype drops it), and the sanitizer keeps only the elements below,
 * links only to http(s) and mailto, and no attribute that could run or load anything.
 *
 * The server runs it only in the worker pool of services/markdown.ts, with a time limit, and only
 * when a body is saved or previewed (docs/decisions/035-markdown-rendered-once-off-the-event-loop.md):
 * the parser is superlinear on some inputs, so it must never run on the event loop.
 */

const ALLOWED_TAGS = [
  'p',
  'br',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'strong',
  'em',
  'del',
  'a',
  'ul',
  'ol',
  'li',
  'blockquote',
  'table',
  'thead',
  'tbody',
  'tr',
  'th',
  'td',
  'code',
  'pre',
  'hr',
]

const SCHEMA: SanitizeSchema = {
  ...defaultSchema,
  tagNames: ALLOWED_TAGS,
  attributes: { a: ['href'], ol: ['start'], th: ['align'], td: ['align'] },
  protocols: { href: ['http', 'https', 'mailto'] },
  // No ids: the page's own ids stay unique whatever the author writes.
  clobber: [],
  clobberPrefix: '',
  strip: ['script', 'style'],
}

/**
 * The page has its own h1 (the title), so no heading of the author's may be one. By default every
 * heading goes one level lower than written (`#` is an h2). With `firstHeading`, the body's
 * shallowest heading takes that level and the others keep their distance to it: a post written
 * with `##` sections gets h2s under its title, as one written with `#` does. There, too, a heading
 * is never more than one level below the one before it (the title counts as the level above
 * `firstHeading`), so a skip the author wrote does not reach the page (axe's heading order).
 */
function shiftHeadings(options: { firstHeading?: number } = {}) {
  return (tree: MdRoot) => {
    const headings: Heading[] = []
    const collect = (nodes: MdContent[]) => {
      for (const node of nodes) {
        if (node.type === 'heading') headings.push(node as Heading)
        if ('children' in node) collect(node.children as MdContent[])
      }
    }
    collect(tree.children)
    if (headings.length === 0) return
    const first = options.firstHeading ?? 2
    const shift = options.firstHeading ? first - Math.min(...headings.map((heading) => heading.depth)) : 1
    let above = first - 1
    for (const heading of headings) {
      const depth = Math.min(Math.max(heading.depth + shift, first), 6)
      heading.depth = (options.firstHeading ? Math.min(depth, above + 1) : depth) as Heading['depth']
      above = heading.depth
    }
  }
}

const processorFor = (options: { firstHeading?: number }) =>
  unified().use(remarkParse).use(remarkGfm).use(shiftHeadings, options).use(remarkRehype).use(rehypeSanitize, SCHEMA)

const processors: Record<HeadingStyle, ReturnType<typeof processorFor>> = {
  shifted: processorFor({}),
  fromH2: processorFor({ firstHeading: 2 }),
}

const toHtml = unified().use(rehypeStringify)

/** Plain text of the rendered tree, for a mail's text part: links keep their address. */
function toText(nodes: (RootContent | ElementContent)[]): string {
  let out = ''
  for (const node of nodes) {
    if (node.type === 'text') out += node.value
    else if (node.type === 'element') out += elementText(node)
  }
  return out
}

const BLOCKS = new Set(['p', 'h2', 'h3', 'h4', 'h5', 'h6', 'blockquote', 'pre', 'table', 'ul', 'ol', 'hr'])

function elementText(node: Element): string {
  const inner = toText(node.children)
  switch (node.tagName) {
    case 'a': {
      const href = String(node.properties?.href ?? '')
      return href && href !== inner ? `${inner} (${href.replace(/^mailto:/, '')})` : inner
    }
    case 'br':
      return '\n'
    case 'hr':
      return '\n----\n\n'
    case 'li':
      return `- ${inner.trim()}\n`
    case 'tr':
      return `${node.children
        .filter((cell): cell is Element => cell.type === 'element')
        .map((cell) => toText(cell.children).trim())
        .join(' | ')}\n`
    case 'ul':
    case 'ol':
    case 'table':
      // The line breaks between items are the tree's own whitespace: one line per item or row.
      return `${inner.replace(/\n\s*\n/g, '\n').trim()}\n\n`
    case 'blockquote':
      return `${inner
        .trim()
        .split('\n')
        .map((line) => `> ${line}`)
        .join('\n')}\n\n`
    default:
      return BLOCKS.has(node.tagName) ? `${inner.trim()}\n\n` : inner
  }
}

/** The words of a node as a reader sees them: its text, without a link's address. */
function wordsOf(nodes: (RootContent | ElementContent)[]): string {
  return nodes
    .map((node) => (node.type === 'text' ? node.value : node.type === 'element' ? wordsOf(node.children) : ''))
    .join('')
}

const HEADINGS = new Set(['h2', 'h3', 'h4', 'h5', 'h6'])

/** Every heading of the rendered tree, in order: what the page shows as the text's sections. */
function headingsOf(nodes: (RootContent | ElementContent)[], found: string[] = []): string[] {
  for (const node of nodes) {
    if (node.type !== 'element') continue
    if (HEADINGS.has(node.tagName)) found.push(wordsOf(node.children).replace(/\s+/g, ' ').trim())
    else headingsOf(node.children, found)
  }
  return found
}

/**
 * Makes the tree's links work outside the site (`linkBase` given: a mail): a path on the site
 * (`/standards/…`) gets the site's address in front, a `//host/…` link its scheme. Either way it
 * returns the links no mail can follow, as written: into the page (`#…`) or relative to it
 * (`page`, `../x`), which only the page itself resolves.
 */
function outsideLinks(nodes: (RootContent | ElementContent)[], linkBase: string | undefined, found: string[] = []) {
  for (const node of nodes) {
    if (node.type !== 'element') continue
    const href = node.tagName === 'a' ? node.properties?.href : undefined
    if (typeof href === 'string' && href !== '' && !/^[a-z][a-z0-9+.-]*:/i.test(href)) {
      if (href.startsWith('//')) {
        if (linkBase) node.properties.href = `${new URL(linkBase).protocol}${href}`
      } else if (href.startsWith('/')) {
        if (linkBase) node.properties.href = `${linkBase.replace(/\/+$/, '')}${href}`
      } else found.push(href)
    }
    outsideLinks(node.children, linkBase, found)
  }
  return found
}

/**
 * `headings`: the text of each heading, in order (a standard's version stores them as its
 * sections). `unreachable`: the links a mail cannot follow (outsideLinks), for the editor to warn.
 */
export type RenderedMarkdown = { html: string; text: string; headings: string[]; unreachable: string[] }

/**
 * Renders an author's Markdown to safe HTML, to plain text and to its headings, from one sanitized
 * tree; with `linkBase` (the site's public address), for a mail, its links made absolute.
 */
export function renderMarkdown(
  markdown: string,
  headings: HeadingStyle = 'shifted',
  linkBase?: string,
): RenderedMarkdown {
  const processor = processors[headings]
  const tree = processor.runSync(processor.parse(markdown)) as Root
  const unreachable = outsideLinks(tree.children, linkBase)
  const html = toHtml.stringify(tree)
  const text = toText(tree.children)
    .replace(/\n{3,}/g, '\n\n')
    .trim()
  return { html, text, headings: headingsOf(tree.children), unreachable }
}
