import type {
  BlockContent,
  Heading,
  List,
  ListItem,
  Nodes,
  PhrasingContent,
  Root,
  RootContent,
  Table,
  TableRow,
} from 'mdast'
import { gfmToMarkdown } from 'mdast-util-gfm'
import { type Options as ToMarkdownOptions, toMarkdown } from 'mdast-util-to-markdown'
import remarkGfm from 'remark-gfm'
import remarkParse from 'remark-parse'
import { unified } from 'unified'
import type { CouncilDocument, DocumentBlock, DocumentSection } from '../../../content/documents'
import type { SiteInfo } from '../../../shared/site'

/*
 * A standard's text as Markdown and back. Version 1.0 of each council document is its coded text
 * (src/content/documents.ts) written out by documentMarkdown; every version, 1.0 included, is
 * printed from sectionsFromMarkdown, so the round trip has to give back the sections exactly
 * (tests/unit/standard-text.test.ts holds it to that for all six documents).
 */

const text = (value: string): PhrasingContent => ({ type: 'text', value })
const heading = (value: string): Heading => ({ type: 'heading', depth: 2, children: [text(value)] })

function blockNodes(block: DocumentBlock): RootContent {
  switch (block.kind) {
    case 'paragraph':
      return { type: 'paragraph', children: [text(block.text)] }
    case 'bullets':
      return {
        type: 'list',
        ordered: false,
        spread: false,
        children: block.items.map(
          (item): ListItem => ({
            type: 'listItem',
            spread: false,
            children: [{ type: 'paragraph', children: [text(item)] }],
          }),
        ),
      }
    case 'table': {
      const row = (cells: string[]): TableRow => ({
        type: 'tableRow',
        children: cells.map((cell) => ({ type: 'tableCell', children: [text(cell)] })),
      })
      return {
        type: 'table',
        align: block.header.map(() => null),
        children: [row(block.header), ...block.rows.map(row)],
      }
    }
  }
}

// Spelled out rather than left to the library's defaults, which have changed between majors: the
// stored 1.0 text should not change with a dependency update.
const TO_MARKDOWN: ToMarkdownOptions = { ...gfmToMarkdown(), bullet: '-', listItemIndent: 'one' }

/**
 * A council document's sections as Markdown: `##` headings, paragraphs, `-` lists and GFM tables.
 * Only a first section may go without a heading: after another, its blocks would read as that one's.
 */
export function documentMarkdown(doc: CouncilDocument, site: SiteInfo): string {
  const tree: Root = {
    type: 'root',
    children: doc
      .sections(site)
      .flatMap((section): RootContent[] => [
        ...(section.heading === '' ? [] : [heading(section.heading)]),
        ...section.blocks.map(blockNodes),
      ]),
  }
  return toMarkdown(tree, TO_MARKDOWN)
}

const parser = unified().use(remarkParse).use(remarkGfm)

/** The words a reader sees, with the formatting dropped: a link keeps its text, an image its alt. */
function plainText(node: Nodes): string {
  switch (node.type) {
    case 'text':
    case 'inlineCode':
    case 'code':
    case 'html':
      return node.value
    case 'image':
    case 'imageReference':
      return node.alt ?? ''
    case 'break':
      return '\n'
    case 'footnoteReference':
    case 'definition':
    case 'thematicBreak':
      return ''
    default:
      return 'children' in node ? node.children.map((child: Nodes) => plainText(child)).join('') : ''
  }
}

function listItems(list: List): string[] {
  return list.children.flatMap((item) => {
    const own = item.children.filter((child) => child.type !== 'list')
    const nested = item.children.filter((child): child is List => child.type === 'list')
    const itemText = own
      .map(plainText)
      .filter((part) => part !== '')
      .join('\n')
    return [...(itemText === '' ? [] : [itemText]), ...nested.flatMap(listItems)]
  })
}

function tableBlock(table: Table): DocumentBlock {
  const [header, ...rows] = table.children.map((row) => row.children.map((cell) => plainText(cell)))
  return { kind: 'table', header: header ?? [], rows }
}

/** The blocks the PDF knows; what it does not know (a quote, code) is printed as its text. */
function toBlocks(node: RootContent | BlockContent): DocumentBlock[] {
  switch (node.type) {
    case 'list': {
      const items = listItems(node)
      return items.length === 0 ? [] : [{ kind: 'bullets', items }]
    }
    case 'table':
      return [tableBlock(node)]
    case 'blockquote':
      return node.children.flatMap(toBlocks)
    default: {
      const value = plainText(node)
      return value === '' ? [] : [{ kind: 'paragraph', text: value }]
    }
  }
}

/** Reads a version's Markdown into the sections the PDF prints; any heading level starts a section. */
export function sectionsFromMarkdown(markdown: string): DocumentSection[] {
  const tree = parser.parse(markdown)
  const sections: DocumentSection[] = []
  let current: DocumentSection | undefined
  for (const node of tree.children) {
    if (node.type === 'heading') {
      current = { heading: plainText(node), blocks: [] }
      sections.push(current)
      continue
    }
    const blocks = toBlocks(node)
    if (blocks.length === 0) continue
    if (!current) {
      current = { heading: '', blocks: [] }
      sections.push(current)
    }
    current.blocks.push(...blocks)
  }
  return sections
}
