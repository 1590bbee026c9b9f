import { PDFDocument, type PDFFont, rgb, StandardFonts } from 'pdf-lib'
import { type CouncilDocument, type DocumentSection, documentMeta } from '../../../content/documents'
import { COUNCIL_LOCALE, phoneHref, type SiteInfo } from '../../../shared/site'

const PAGE = { width: 612, height: 792, margin: 56 } // US Letter, in points
const INK = rgb(0.1, 0.1, 0.12)
const ACCENT = rgb(0, 0.325, 0.545)

/** The standard PDF fonts only carry WinAnsi; anything else is replaced rather than crashing. */
function printable(text: string, font: PDFFont): string {
  return [...text]
    .map((char) => {
      try {
        font.encodeText(char)
        return char
      } catch {
        return '?'
      }
    })
    .join('')
}

function wrap(text: string, font: PDFFont, size: number, width: number): string[] {
  const lines: string[] = []
  let line = ''
  for (const word of text.split(/\s+/)) {
    const candidate = line ? `${line} ${word}` : word
    if (font.widthOfTextAtSize(candidate, size) <= width || !line) {
      line = candidate
    } else {
      lines.push(line)
      line = word
    }
  }
  if (line) lines.push(line)
  return lines
}

/**
 * Whether the document states a disclaimer of its own: a section headed as one ("6. Disclaimer"), or
 * the council's words as a paragraph. A published text keeps the words it was issued with, so a
 * disclaimer the owners changed since is not printed under it a second time.
 */
const printsDisclaimer = (sections: DocumentSection[], disclaimer: string) =>
  sections.some(
    (section) =>
      /\bdisclaimer\b/i.test(section.heading) ||
      section.blocks.some((block) => block.kind === 'paragraph' && block.text === disclaimer),
  )

/** What one version of a standard gives the printer: its title, description, the line under the title, and its body. */
export type StandardPrint = {
  title: string
  description: string
  metaLine: string
  sections: DocumentSection[]
}

const PRINTED_DATE = new Intl.DateTimeFormat(COUNCIL_LOCALE, {
  year: 'numeric',
  month: 'long',
  day: 'numeric',
  timeZone: 'UTC',
})

/** A `YYYY-MM-DD` date as the documents print it (`October 31, 2025`), read as UTC so no server's zone shifts the day. */
export function printedDate(isoDate: string): string {
  const date = /^\d{4}-\d{2}-\d{2}$/.test(isoDate) ? new Date(`${isoDate}T00:00:00Z`) : new Date(Number.NaN)
  // Date rolls 2025-02-30 over into March; a date that does not come back unchanged was not a real one.
  if (Number.isNaN(date.getTime()) || date.toISOString().slice(0, 10) !== isoDate) {
    throw new RangeError(`not a YYYY-MM-DD date: ${isoDate}`)
  }
  return PRINTED_DATE.format(date)
}

/** One of the council's documents, from the text coded in src/content/documents.ts. */
export function renderDocumentPdf(doc: CouncilDocument, site: SiteInfo): Promise<Uint8Array> {
  return renderStandardPdf(
    { title: doc.title, description: doc.description, metaLine: documentMeta(doc), sections: doc.sections(site) },
    site,
  )
}

/** Renders a standard to PDF from the same text the site shows. */
/**
 * "Phone +1 555 0100 · 1 Main St, Town, USA": how else to reach the council, from its settings, when
 * it gives a phone number or a postal address; empty when it gives neither (a fresh site's PDFs are
 * byte for byte what they were). The website and e-mail are in every document's own text.
 */
export function contactLine(site: SiteInfo): string {
  return [
    phoneHref(site.phone) ? `Phone ${site.phone}` : null,
    site.postalAddress ? `${site.postalAddress.split('\n').join(', ')}, ${site.country}` : null,
  ]
    .filter((part) => part !== null)
    .join(' · ')
}

export async function renderStandardPdf(print: StandardPrint, site: SiteInfo): Promise<Uint8Array> {
  const pdf = await PDFDocument.create()
  pdf.setTitle(print.title)
  pdf.setAuthor(site.name)
  pdf.setSubject(print.description)
  pdf.setCreator(site.name)
  // A fixed date keeps the bytes (and so the ETag) stable across restarts.
  pdf.setCreationDate(new Date('2025-10-31T00:00:00Z'))
  pdf.setModificationDate(new Date('2025-10-31T00:00:00Z'))
  const regular = await pdf.embedFont(StandardFonts.Helvetica)
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold)
  const contentWidth = PAGE.width - PAGE.margin * 2

  let page = pdf.addPage([PAGE.width, PAGE.height])
  let y = PAGE.height - PAGE.margin
  const ensure = (height: number) => {
    if (y - height < PAGE.margin) {
      page = pdf.addPage([PAGE.width, PAGE.height])
      y = PAGE.height - PAGE.margin
    }
  }
  const write = (
    text: string,
    options: { font?: PDFFont; size?: number; indent?: number; color?: typeof INK; gap?: number },
  ) => {
    const font = options.font ?? regular
    const size = options.size ?? 10.5
    const indent = options.indent ?? 0
    for (const line of wrap(printable(text, font), font, size, contentWidth - indent)) {
      ensure(size * 1.45)
      page.drawText(line, { x: PAGE.margin + indent, y: y - size, size, font, color: options.color ?? INK })
      y -= size * 1.45
    }
    y -= options.gap ?? 6
  }

  // The council's name, and its phone and address when it gives them, from its settings as they are
  // when the PDF is made (the text below is the version's, as published).
  const contact = contactLine(site)
  write(site.name, { font: bold, size: 10, color: ACCENT, gap: contact ? 2 : 10 })
  if (contact) write(contact, { size: 9, color: ACCENT, gap: 10 })
  write(print.title, { font: bold, size: 18, gap: 4 })
  write(print.metaLine, { size: 10, color: ACCENT, gap: 12 })

  const sections = print.sections
  for (const section of sections) {
    y -= 6
    // A version's text before its first heading comes as a section without one.
    if (section.heading !== '') write(section.heading, { font: bold, size: 13, color: ACCENT, gap: 4 })
    for (const block of section.blocks) {
      if (block.kind === 'paragraph') write(block.text, {})
      if (block.kind === 'bullets') {
        for (const item of block.items) write(`•  ${item}`, { indent: 8, gap: 2 })
        y -= 4
      }
      if (block.kind === 'table') {
        const columnWidth = contentWidth / block.header.length
        const drawRow = (cells: string[], font: PDFFont) => {
          const wrapped = cells.map((cell) => wrap(printable(cell, font), font, 9, columnWidth - 8))
          const height = Math.max(...wrapped.map((lines) => lines.length)) * 12 + 6
          ensure(height)
          wrapped.forEach((lines, column) => {
            lines.forEach((line, index) => {
              page.drawText(line, {
                x: PAGE.margin + column * columnWidth + 4,
                y: y - 11 - index * 12,
                size: 9,
                font,
                color: INK,
              })
            })
          })
          y -= height
          page.drawLine({
            start: { x: PAGE.margin, y },
            end: { x: PAGE.margin + contentWidth, y },
            thickness: 0.5,
            color: rgb(0.7, 0.7, 0.7),
          })
        }
        drawRow(block.header, bold)
        for (const row of block.rows) drawRow(row, regular)
        y -= 8
      }
    }
  }

  // The disclaimer once: at the end, unless the document carries it as a section of its own.
  if (!printsDisclaimer(sections, site.disclaimer)) {
    y -= 10
    write('Disclaimer', { font: bold, size: 10, gap: 2 })
    write(site.disclaimer, { size: 9 })
  }
  return pdf.save()
}
