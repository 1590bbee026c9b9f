import { doiOf } from './library'

/** What a citation needs of a study (the library's rows have it). */
export type Citable = {
  id: number
  title: string
  authors: string | null
  journal: string | null
  year: string | null
  url: string
}

/** The authors as stored ("Ishihara A, Nagatomo F"), one name each; "and" and ";" separate too. */
export function authorList(authors: string | null): string[] {
  if (!authors) return []
  return authors
    .split(/\s*(?:;|,(?=\s*[^,]*\s[^,]*)|\band\b|&)\s*/)
    .map((name) => name.trim())
    .filter((name) => name.length > 0)
}

const sentence = (text: string) => (/[.?!]$/.test(text) ? text : `${text}.`)

/**
 * APA 7th edition for a journal article, as plain text (the journal is in italics where the page
 * shows it). Names are kept as the library stores them: the council does not guess at initials.
 */
export function apaCitation(study: Citable): { before: string; journal: string | null; after: string } {
  const authors = authorList(study.authors)
  const who = authors.length > 0 ? `${authors.join(', ')} ` : ''
  const when = `(${study.year ?? 'n.d.'}). `
  const doi = doiOf(study.url)
  const link = doi ? `https://doi.org/${doi}` : study.url
  return {
    before: `${who}${when}${sentence(study.title)} `,
    journal: study.journal,
    after: `${study.journal ? '. ' : ''}${link}`,
  }
}

export const apaText = (study: Citable) => {
  const { before, journal, after } = apaCitation(study)
  return `${before}${journal ?? ''}${after}`
}

/** BibTeX's special characters, escaped so the entry compiles. */
const bib = (text: string) => text.replace(/[\\{}]/g, (char) => `\\${char}`).replace(/[%&$#_]/g, (char) => `\\${char}`)

/** A BibTeX @article entry, keyed by the first author's first word and the year. */
export function bibtex(study: Citable): string {
  const authors = authorList(study.authors)
  const first =
    (authors[0] ?? 'study')
      .split(/\s+/)[0]
      ?.toLowerCase()
      .replace(/[^a-z0-9]/g, '') || 'study'
  const key = `${first}${study.year ?? ''}-${study.id}`
  const doi = doiOf(study.url)
  const fields = [
    ['title', `{${bib(study.title)}}`],
    authors.length > 0 ? ['author', `{${authors.map(bib).join(' and ')}}`] : null,
    study.journal ? ['journal', `{${bib(study.journal)}}`] : null,
    study.year ? ['year', `{${bib(study.year)}}`] : null,
    doi ? ['doi', `{${bib(doi)}}`] : null,
    ['url', `{${study.url}}`],
  ].filter((field): field is [string, string] => field !== null)
  return `@article{${key},\n${fields.map(([name, value]) => `  ${name} = ${value}`).join(',\n')}\n}\n`
}

/** An RIS record (the format reference managers such as Zotero, EndNote and Mendeley import). */
export function ris(study: Citable): string {
  const line = (tag: string, value: string) => `${tag}  - ${value.replace(/\r?\n/g, ' ')}`
  const doi = doiOf(study.url)
  return [
    line('TY', 'JOUR'),
    line('TI', study.title),
    ...authorList(study.authors).map((name) => line('AU', name)),
    ...(study.journal ? [line('JO', study.journal)] : []),
    ...(study.year ? [line('PY', study.year)] : []),
    ...(doi ? [line('DO', doi)] : []),
    line('UR', study.url),
    'ER  - ',
    '',
  ].join('\r\n')
}
