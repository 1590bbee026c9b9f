import { doiOf } from './library'

/** What a citation needs of a study (the library's rows have it). */
export type Citable = {
  id: number
  title: string
  authors: string | null
  journal: string | null
  year: string | null
  volume: string | null
  issue: string | null
  pages: string | null
  url: string
}

/**
 * The authors as stored ("Qu C, Xu M", "Smith J; Doe R and Roe K"), one name each. A comma
 * separates names when a space follows in the next one (so "Smith, J" stays one name); "and" and
 * "&" only after a name's initials, so a group such as "European Underwater and Baromedical
 * Society" stays whole.
 */
export function authorList(authors: string | null): string[] {
  if (!authors) return []
  return authors
    .split(/\s*;\s*|\s*,(?=\s*[^,\s]+\s)\s*|(?<=(?:^|[\s,])\p{Lu}[\p{Lu}.-]{0,5})\s+(?:and|&)\s+/u)
    .map((name) => name.replace(/^(?:and|&)\s+/, '').trim())
    .filter((name) => name.length > 0)
}

/** Words that begin a family name in lower case ("van der Berg J"). */
const PARTICLES = /^(?:van|von|der|den|de|del|della|di|da|du|le|la|dos|das|ten|ter|bin|al|el|y)$/

/**
 * A stored name read as a person's: "Ishihara A", "Roy RR", "Le Roux J-P" (family name, then up to
 * three initials) or "Smith, John" (family name, comma, given names). Null for anything else, such
 * as a group author ("World Health Organization"), which citations keep as stored.
 */
export function personalName(name: string): { family: string; initials: string } | null {
  const comma = /^([^,]+),\s*(\p{L}.*)$/u.exec(name)
  const plain = comma ? null : /^(.+)\s+(\p{Lu}[\p{Lu}.-]*)$/u.exec(name)
  const [, family, given] = comma ?? plain ?? []
  if (!family || !given) return null
  if (plain && given.replace(/\P{L}/gu, '').length > 3) return null
  if (!family.split(/\s+/).every((word) => /^\p{Lu}/u.test(word) || PARTICLES.test(word))) return null
  // "RR" and "J.R." are two initials, "John" gives one, "J-P" and "Jean-Paul" give "J.-P.".
  const initials = given
    .replace(/\.(?=-)/g, '')
    .split(/[\s.]+/)
    .filter(Boolean)
    .map((word) =>
      word
        .split('-')
        .filter(Boolean)
        .map((part) => `${(/^\p{Lu}{1,3}$/u.test(part) ? [...part] : [[...part][0]?.toUpperCase()]).join('. ')}.`)
        .join('-'),
    )
    .join(' ')
  return { family, initials }
}

/** "Family, I. I." for a person, the stored text for a group. */
const invertedName = (name: string) => {
  const person = personalName(name)
  return person ? `${person.family}, ${person.initials}` : name
}

/** APA 7: "A, B., & C, D."; with 21 or more, the first 19, an ellipsis, then the last. */
function apaAuthors(names: string[]): string {
  const list = names.map(invertedName)
  const last = list.at(-1) ?? ''
  if (list.length < 2) return last
  if (list.length > 20) return `${list.slice(0, 19).join(', ')}, … ${last}`
  return `${list.slice(0, -1).join(', ')}, & ${last}`
}

/** A word keeps its case in a sentence-case title: it has a digit, or a capital after its first letter (DNA, mHBOT, O2). */
const keepsCase = (word: string) => {
  const letters = word.replace(/\P{L}/gu, '')
  return /\d/.test(word) || /^.+\p{Lu}/u.test(letters) || (/^\p{Lu}$/u.test(letters) && letters !== 'A')
}

/**
 * A title in sentence case, as APA asks: lower case, except the first word and the first word after
 * a colon (capitalized), and words that keep their case: acronyms and words with inner capitals
 * (MPTP, mHBOT), words with digits (O2) and single capitals but "A" (vitamin D). Each part of a
 * hyphenated word counts as a word ("MPTP-induced"). Proper nouns are not recognised ("Parkinson's"
 * becomes "parkinson's"): a machine cannot tell them from ordinary words.
 */
export function sentenceCase(title: string): string {
  let capitalize = true
  return title.replace(/\S+/g, (token) => {
    const first = capitalize
    capitalize = token.endsWith(':')
    return token
      .split(/(?=[-/])/)
      .map((part, index) => {
        if (keepsCase(part)) return part
        const lower = part.toLowerCase()
        return first && index === 0 ? lower.replace(/\p{L}/u, (letter) => letter.toUpperCase()) : lower
      })
      .join('')
  })
}

const sentence = (text: string) => (/[.?!]$/.test(text) ? text : `${text}.`)
/** A page range with an en dash ("45–67"), as APA writes it. */
const pageRange = (pages: string) => pages.replace(/\s*[-–—]+\s*/g, '–')
const linkOf = (study: Citable) => {
  const doi = doiOf(study.url)
  return doi ? `https://doi.org/${doi}` : study.url
}

/** A run of citation text; `italic` where APA sets it in italics (the journal and the volume). */
export type CitationPart = { text: string; italic?: boolean }

/**
 * APA 7th edition for a journal article: authors, (year), the title in sentence case, the journal
 * and volume in italics, (issue), pages, then the DOI as a link (or the study's address). With no
 * authors the title takes their place, before the year. Names that are not "Family Initials"
 * (group authors) are kept as stored.
 */
export function apaCitation(study: Citable): CitationPart[] {
  const authors = authorList(study.authors)
  const title = sentence(sentenceCase(study.title))
  const when = `(${study.year ?? 'n.d.'}).`
  const parts: CitationPart[] = [
    { text: authors.length > 0 ? `${sentence(apaAuthors(authors))} ${when} ${title} ` : `${title} ${when} ` },
  ]
  const italic = [study.journal, study.volume].filter(Boolean).join(', ')
  const source = [
    italic ? { text: italic, italic: true } : null,
    study.issue ? { text: `${italic && !study.volume ? ', ' : ''}(${study.issue})` } : null,
    study.pages ? { text: `${italic || study.issue ? ', ' : ''}${pageRange(study.pages)}` } : null,
  ].filter((part): part is CitationPart => part !== null)
  if (source.length > 0) parts.push(...source, { text: '. ' })
  parts.push({ text: linkOf(study) })
  return parts
}

export const apaText = (study: Citable) =>
  apaCitation(study)
    .map((part) => part.text)
    .join('')

/** BibTeX's special characters, escaped so the entry compiles. */
const bib = (text: string) => text.replace(/[\\{}]/g, (char) => `\\${char}`).replace(/[%&$#_]/g, (char) => `\\${char}`)

/** A name for BibTeX: "Family, I." for a person, a group in braces so BibTeX keeps it whole. */
const bibName = (name: string) => (personalName(name) ? bib(invertedName(name)) : `{${bib(name)}}`)

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
    authors.length > 0 ? ['author', `{${authors.map(bibName).join(' and ')}}`] : null,
    study.journal ? ['journal', `{${bib(study.journal)}}`] : null,
    study.year ? ['year', `{${bib(study.year)}}`] : null,
    study.volume ? ['volume', `{${bib(study.volume)}}`] : null,
    study.issue ? ['number', `{${bib(study.issue)}}`] : null,
    study.pages ? ['pages', `{${bib(study.pages.replace(/\s*[-–—]+\s*/g, '--'))}}`] : null,
    doi ? ['doi', `{${bib(doi)}}`] : null,
    ['url', `{${study.url}}`],
  ].filter((field): field is [string, string] => field !== null)
  return `@article{${key},\n${fields.map(([name, value]) => `  ${name} = ${value}`).join(',\n')}\n}\n`
}

/** An RIS record (the format reference managers such as Zotero, EndNote and Mendeley import). */
export function ris(study: Citable): string {
  const line = (tag: string, value: string) => `${tag}  - ${value.replace(/\r?\n/g, ' ')}`
  const doi = doiOf(study.url)
  const [start, end] = study.pages?.split(/\s*[-–—]+\s*/) ?? []
  return [
    line('TY', 'JOUR'),
    line('TI', study.title),
    ...authorList(study.authors).map((name) => line('AU', invertedName(name))),
    ...(study.journal ? [line('JO', study.journal)] : []),
    ...(study.year ? [line('PY', study.year)] : []),
    ...(study.volume ? [line('VL', study.volume)] : []),
    ...(study.issue ? [line('IS', study.issue)] : []),
    ...(start ? [line('SP', start)] : []),
    ...(end ? [line('EP', end)] : []),
    ...(doi ? [line('DO', doi)] : []),
    line('UR', study.url),
    'ER  - ',
    '',
  ].join('\r\n')
}
