/**
 * CSV as RFC 4180 writes it, with each cell neutralised against formula injection: a spreadsheet
 * runs a cell that begins with =, +, -, @, a tab or a carriage return as a formula, so such a cell
 * gets a leading apostrophe, as OWASP's guidance on CSV injection recommends.
 */
const FORMULA_START = /^[=+\-@\t\r]/

export function csvCell(value: string): string {
  const safe = FORMULA_START.test(value) ? `'${value}` : value
  return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe
}

/** A header row and one row per record, CRLF line ends. */
export function toCsv(header: string[], rows: string[][]): string {
  return `${[header, ...rows].map((row) => row.map(csvCell).join(',')).join('\r\n')}\r\n`
}
