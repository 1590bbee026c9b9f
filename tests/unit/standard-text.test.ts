import { createHash } from 'node:crypto'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import {
  COUNCIL_DOCUMENTS,
  type CouncilDocument,
  type DocumentBlock,
  type DocumentSection,
  documentMeta,
} from '../../src/content/documents'
import { POSITION_STATEMENT_DATE } from '../../src/content/facts'
import { renderMarkdown } from '../../src/server/services/markdown'
import { printedDate, renderDocumentPdf, renderStandardPdf } from '../../src/server/services/standards/pdf'
import { documentMarkdown, sectionsFromMarkdown } from '../../src/server/services/standards/text'
import { DEFAULT_SITE, type SiteInfo } from '../../src/shared/site'
import { pdfText } from '../helpers/pdf-text'

/** An operator's council name may hold anything Markdown would read as syntax. */
const ODD_SITE: SiteInfo = {
  ...DEFAULT_SITE,
  name: 'The *Odd* _Council_ <b>|</b> # 1. & [x](y) `c` ~~s~~ \\ ! &amp;',
  website: 'https://example.org/a_b*c',
  email: 'a_b@example.org',
}

const SITES: [string, SiteInfo][] = [
  ['the default site', DEFAULT_SITE],
  ['a site named with Markdown syntax', ODD_SITE],
]

/** A document whose sections are given, for text the council's own documents do not have. */
const documentOf = (sections: DocumentSection[]): CouncilDocument => ({
  slug: 'test',
  title: 'Test',
  description: 'Test',
  category: 'Safety',
  number: 'T/1',
  issued: 'January 1, 2026',
  sections: () => sections,
})

/*
 * sha256 of each document's PDF for the default site, taken before renderStandardPdf existed: the
 * published PDFs (and their ETags) must not change when the text moves into versions.
 */
const PDF_SHA256: Record<string, string> = {
  'position-statement-mhbot-sc-001': 'b306285a4ed70d1b3e3659791e4a1c6410d196ea62902c476641dcb9c3bccbab',
  'facility-operator-standards-guide': '92a1aaf07ec89c60ebbfdaa26ac52109b3597c66a497cb3e173bb4990e07dc35',
  'session-safety-checklist': '81d99d9ffef559ce5fe75ec1c58815553697aa3999473aa0f50e354a38ff56f4',
  'contraindications-screening-guide': 'eaa1ef7a9424728d95fc2e3a4a69460364de0ce046fcb83dabbc8b7703ef0f32',
  'introduction-to-mild-hyperbaric-oxygen': 'f36bd4e0adf4625cfb86f788f284aac8320223ba57959b5c91181679772dcf36',
  'mild-vs-medical-hyperbaric-comparison': '625a36acaac3ad5e48f8d89b2b969b25f924f531134427d3eb83de585ee9c220',
}

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex')

describe('documentMarkdown and sectionsFromMarkdown', () => {
  for (const [name, site] of SITES) {
    it(`give back each council document's sections exactly, for ${name}`, () => {
      for (const doc of COUNCIL_DOCUMENTS) {
        expect(sectionsFromMarkdown(documentMarkdown(doc, site)), doc.slug).toEqual(doc.sections(site))
      }
    })
  }

  it('write headings, lists and tables as an author would', () => {
    const markdown = documentMarkdown(COUNCIL_DOCUMENTS[0] as CouncilDocument, DEFAULT_SITE)
    expect(markdown.startsWith('## 1. Purpose\n\nThis statement sets out')).toBe(true)
    expect(markdown).toContain('\n## 3. Pressure and safety position\n\n- Wellness sessions should not exceed 2.0 ATA;')
    expect(markdown).toContain('\n| Aspect ')
    expect(markdown).toContain('\n- Issued by: Mild Hyperbaric Oxygen Standards Council\n')
  })

  it('escape what Markdown would read as syntax, so it shows as written', () => {
    const doc = COUNCIL_DOCUMENTS[0] as CouncilDocument
    const markdown = documentMarkdown(doc, ODD_SITE)
    expect(markdown).toContain('The \\*Odd\\* \\_Council\\_ \\<b>|\\</b>')
    const { html, text } = renderMarkdown(markdown)
    for (const tag of ['<em>', '<strong>', '<code>', '<del>', '<b>', 'href="y"']) expect(html).not.toContain(tag)
    expect(text).toContain(`Issued by: ${ODD_SITE.name}`)
  })

  it('escape syntax in headings, at the start of a line and in table cells', () => {
    const sections: DocumentSection[] = [
      {
        heading: '# Not a level-one heading #',
        blocks: [
          { kind: 'paragraph', text: '1. not a list' },
          { kind: 'paragraph', text: '- not a bullet either' },
          { kind: 'paragraph', text: '> not a quote' },
          { kind: 'paragraph', text: '---' },
          { kind: 'paragraph', text: '    not code' },
          { kind: 'bullets', items: ['[ ] not a task', '+ plus', '2) two'] },
          {
            kind: 'table',
            header: ['a | b', '`c`'],
            rows: [
              ['**d**', '<e>'],
              ['', '\\'],
            ],
          },
        ],
      },
      { heading: 'Setext?\n===', blocks: [] },
    ]
    const doc = documentOf(sections)
    expect(sectionsFromMarkdown(documentMarkdown(doc, DEFAULT_SITE))).toEqual(sections)
  })

  it('give back any text made of Markdown syntax characters', () => {
    const unit = fc.constantFrom(...'ab1 *_`<>|#&[]()!\\~-+.:@=^{}$"\'\t', 'é', '’')
    const text = fc.string({ unit, minLength: 1, maxLength: 40 }).filter((value) => value.trim() === value)
    const block: fc.Arbitrary<DocumentBlock> = fc.oneof(
      fc.record({ kind: fc.constant('paragraph' as const), text }),
      fc.record({ kind: fc.constant('bullets' as const), items: fc.array(text, { minLength: 1, maxLength: 3 }) }),
      fc.integer({ min: 1, max: 3 }).chain((columns) =>
        fc.record({
          kind: fc.constant('table' as const),
          header: fc.array(text, { minLength: columns, maxLength: columns }),
          rows: fc.array(fc.array(text, { minLength: columns, maxLength: columns }), { maxLength: 2 }),
        }),
      ),
    )
    const sections = fc.array(fc.record({ heading: text, blocks: fc.array(block, { maxLength: 3 }) }), { maxLength: 3 })
    fc.assert(
      fc.property(sections, (generated) => {
        // fast-check's records have no prototype; the parser's do.
        const expected: DocumentSection[] = structuredClone(generated)
        expect(sectionsFromMarkdown(documentMarkdown(documentOf(expected), DEFAULT_SITE))).toEqual(expected)
      }),
      { numRuns: 300 },
    )
  })
})

describe('sectionsFromMarkdown', () => {
  it('reads nothing from an empty body', () => {
    expect(sectionsFromMarkdown('')).toEqual([])
    expect(sectionsFromMarkdown('\n\n---\n\n')).toEqual([])
  })

  it('keeps text before the first heading in a section without a heading', () => {
    expect(sectionsFromMarkdown('Preamble.\n\n## One\n\nBody.')).toEqual([
      { heading: '', blocks: [{ kind: 'paragraph', text: 'Preamble.' }] },
      { heading: 'One', blocks: [{ kind: 'paragraph', text: 'Body.' }] },
    ])
  })

  it('starts a section at a heading of any level', () => {
    expect(sectionsFromMarkdown('# One\n\nA.\n\n### Two *and a half*\n\nB.\n\nThree\n-----\n\nC.\n\n## Empty')).toEqual(
      [
        { heading: 'One', blocks: [{ kind: 'paragraph', text: 'A.' }] },
        { heading: 'Two and a half', blocks: [{ kind: 'paragraph', text: 'B.' }] },
        { heading: 'Three', blocks: [{ kind: 'paragraph', text: 'C.' }] },
        { heading: 'Empty', blocks: [] },
      ],
    )
  })

  it('reads ordered and nested lists as bullets, keeping every item text', () => {
    expect(sectionsFromMarkdown('## Steps\n\n1. First **step**\n2. Second\n   - nested\n3. Third\n\n   more')).toEqual([
      { heading: 'Steps', blocks: [{ kind: 'bullets', items: ['First step', 'Second', 'nested', 'Third\nmore'] }] },
    ])
  })

  it('flattens inline formatting to its text, in paragraphs and table cells', () => {
    const markdown = [
      'Plain *em* **strong** ~~gone~~ `code` [link](https://example.org) ![alt](x.png) <https://a.org>',
      'line\\',
      'break',
      '',
      '| **Aspect** | *Mild* `1.3` |',
      '| --- | :-: |',
      '| [a](b) \\| c | ~~d~~ |',
      '| short |',
    ].join('\n')
    expect(sectionsFromMarkdown(markdown)).toEqual([
      {
        heading: '',
        blocks: [
          { kind: 'paragraph', text: 'Plain em strong gone code link alt https://a.org\nline\nbreak' },
          { kind: 'table', header: ['Aspect', 'Mild 1.3'], rows: [['a | c', 'd'], ['short']] },
        ],
      },
    ])
  })

  it('prints quotes, code and HTML as paragraph text', () => {
    expect(
      sectionsFromMarkdown('> Quoted **words**\n>\n> - quoted item\n\n```\nconst a = 1\n```\n\n<div>raw</div>'),
    ).toEqual([
      {
        heading: '',
        blocks: [
          { kind: 'paragraph', text: 'Quoted words' },
          { kind: 'bullets', items: ['quoted item'] },
          { kind: 'paragraph', text: 'const a = 1' },
          { kind: 'paragraph', text: '<div>raw</div>' },
        ],
      },
    ])
  })
})

describe('printedDate', () => {
  it('prints a date as the documents do', () => {
    expect(printedDate('2025-10-31')).toBe(POSITION_STATEMENT_DATE)
    expect(printedDate('2024-02-29')).toBe('February 29, 2024')
    expect(printedDate('2026-01-01')).toBe('January 1, 2026')
  })

  it('refuses what is not a calendar date', () => {
    for (const bad of ['2025-02-30', '2025-13-01', '2025-1-1', '31/10/2025', '2025-10-31T00:00:00Z', '']) {
      expect(() => printedDate(bad), bad).toThrow(RangeError)
    }
  })
})

describe('the standard PDF', () => {
  it('is, for each council document, the same bytes as before versions existed', async () => {
    for (const doc of COUNCIL_DOCUMENTS) {
      expect(sha256(await renderDocumentPdf(doc, DEFAULT_SITE)), doc.slug).toBe(PDF_SHA256[doc.slug])
    }
    expect(Object.keys(PDF_SHA256)).toEqual(COUNCIL_DOCUMENTS.map((doc) => doc.slug))
  })

  for (const [name, site] of SITES) {
    it(`is the same bytes printed from version 1.0's Markdown, for ${name}`, async () => {
      for (const doc of COUNCIL_DOCUMENTS) {
        const fromVersion = await renderStandardPdf(
          {
            title: doc.title,
            description: doc.description,
            metaLine: documentMeta(doc),
            sections: sectionsFromMarkdown(documentMarkdown(doc, site)),
          },
          site,
        )
        expect(sha256(fromVersion), doc.slug).toBe(sha256(await renderDocumentPdf(doc, site)))
      }
    })
  }

  it('prints a later version: its own line under the title, text before any heading', async () => {
    const bytes = await renderStandardPdf(
      {
        title: 'Session Safety Checklist',
        description: 'A checklist.',
        metaLine: `Document MHBOT-SC/G-002 · Version 1.1 · Issued ${printedDate('2026-03-02')}`,
        sections: sectionsFromMarkdown('Read this first.\n\n## Before the session\n\n1. Screen the client.'),
      },
      DEFAULT_SITE,
    )
    const lines = pdfText(bytes).split('\n')
    expect(lines.slice(0, 6)).toEqual([
      DEFAULT_SITE.name,
      'Session Safety Checklist',
      'Document MHBOT-SC/G-002 · Version 1.1 · Issued March 2, 2026',
      'Read this first.',
      'Before the session',
      // WinAnsi's bullet, read back as latin1; wrapping leaves one space after it.
      '\x95 Screen the client.',
    ])
  })
})
