import { inflateSync } from 'node:zlib'

/**
 * The text the council's PDFs draw, in drawing order, one line per drawn line. The documents are
 * made by pdf-lib with its standard fonts, which write each line as one hex string shown with Tj
 * in a (usually Flate-compressed) content stream; that is all this reads, so it suits our own
 * PDFs, not PDFs in general.
 */
export function pdfText(bytes: Uint8Array): string {
  const pdf = Buffer.from(bytes)
  const lines: string[] = []
  let at = 0
  for (;;) {
    const start = pdf.indexOf('stream', at)
    if (start < 0) break
    const dataStart = start + (pdf[start + 6] === 0x0d ? 8 : 7)
    const end = pdf.indexOf('endstream', dataStart)
    if (end < 0) break
    const header = pdf.subarray(Math.max(0, start - 200), start).toString('latin1')
    let data = pdf.subarray(dataStart, end)
    if (header.includes('/FlateDecode')) {
      try {
        data = inflateSync(data)
      } catch {
        at = end + 9
        continue
      }
    }
    for (const match of data.toString('latin1').matchAll(/<([0-9A-Fa-f]*)>\s*Tj/g)) {
      lines.push(Buffer.from(match[1] ?? '', 'hex').toString('latin1'))
    }
    at = end + 9
  }
  return lines.join('\n')
}
