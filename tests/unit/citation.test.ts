import { describe, expect, it } from 'vitest'
import {
  apaCitation,
  apaText,
  authorList,
  bibtex,
  type Citable,
  personalName,
  ris,
  sentenceCase,
} from '../../src/client/lib/citation'

const study: Citable = {
  id: 7,
  title: 'Mild hyperbaric oxygen: mechanisms and effects',
  authors: 'Ishihara A',
  journal: 'The Journal of Physiological Sciences',
  year: '2019',
  volume: null,
  issue: null,
  pages: null,
  url: 'https://doi.org/10.1007/s12576-019-00678-5',
}
const DOI = 'https://doi.org/10.1007/s12576-019-00678-5'
const TITLE = 'Mild hyperbaric oxygen: Mechanisms and effects.'
const JOURNAL = 'The Journal of Physiological Sciences'

/** "Author1 A, Author2 B, …" as the library stores them. */
const storedAuthors = (count: number) =>
  Array.from({ length: count }, (_, index) => `Author${index + 1} ${String.fromCharCode(65 + (index % 26))}`).join(', ')
const apaAuthor = (index: number) => `Author${index + 1}, ${String.fromCharCode(65 + (index % 26))}.`

describe('authors as stored', () => {
  it('split into names at commas, semicolons, and "and" or "&" after initials', () => {
    expect(authorList('Ishihara A, Nagatomo F')).toEqual(['Ishihara A', 'Nagatomo F'])
    expect(authorList('Smith J; Doe R and Roe K')).toEqual(['Smith J', 'Doe R', 'Roe K'])
    expect(authorList('Smith J, Doe R, & Roe K')).toEqual(['Smith J', 'Doe R', 'Roe K'])
    expect(authorList('Smith, J')).toEqual(['Smith, J'])
    expect(authorList(null)).toEqual([])
    expect(authorList('')).toEqual([])
  })

  it('keep a group author whole, "and" inside its name included', () => {
    const group = 'European Committee for Hyperbaric Medicine and European Underwater and Baromedical Society'
    expect(authorList(group)).toEqual([group])
    expect(personalName(group)).toBeNull()
  })

  it.each([
    ['Ishihara A', 'Ishihara', 'A.'],
    ['Roy RR', 'Roy', 'R. R.'],
    ['Smith J.R.', 'Smith', 'J. R.'],
    ['Le Roux J-P', 'Le Roux', 'J.-P.'],
    ['van der Berg H', 'van der Berg', 'H.'],
    ['Smith, John', 'Smith', 'J.'],
    ['Dupont, Jean-Paul', 'Dupont', 'J.-P.'],
    ['Ångström Z', 'Ångström', 'Z.'],
  ])('read %j as family name %j and initials %j', (stored, family, initials) => {
    expect(personalName(stored)).toEqual({ family, initials })
  })

  it.each(['World Health Organization', 'Council of the EU', 'Plato', 'Smith ABCD'])(
    'do not read %j as a person',
    (stored) => {
      expect(personalName(stored)).toBeNull()
    },
  )
})

describe('sentence case', () => {
  it.each([
    [
      'Hyperbaric Oxygen Exposure Reduces Age-Related Decrease in Oxidative Capacity',
      'Hyperbaric oxygen exposure reduces age-related decrease in oxidative capacity',
    ],
    ['Mild hyperbaric oxygen: mechanisms and effects', 'Mild hyperbaric oxygen: Mechanisms and effects'],
    [
      'The Effect of Mild-Pressure Hyperbaric Therapy (Oasis O2) on Fatigue and Oxidative Stress',
      'The effect of mild-pressure hyperbaric therapy (oasis O2) on fatigue and oxidative stress',
    ],
    [
      "Mild hyperbaric oxygen inhibits the decrease of dopaminergic neurons in mice with MPTP-induced Parkinson's disease",
      "Mild hyperbaric oxygen inhibits the decrease of dopaminergic neurons in mice with MPTP-induced parkinson's disease",
    ],
    ['ECHM-EUBS Joint Position Statement', 'ECHM-EUBS joint position statement'],
    ['mHBOT at 1.3 ATA And Vitamin D: A Review', 'mHBOT at 1.3 ATA and vitamin D: A review'],
    ['the first word is capitalized', 'The first word is capitalized'],
  ])('%j → %j', (title, expected) => {
    expect(sentenceCase(title)).toBe(expected)
  })
})

describe('APA (7th edition)', () => {
  it('no authors: the title takes the authors’ place, before the year', () => {
    expect(apaText({ ...study, authors: null })).toBe(`${TITLE} (2019). ${JOURNAL}. ${DOI}`)
    expect(apaText({ ...study, authors: '  ' })).toBe(`${TITLE} (2019). ${JOURNAL}. ${DOI}`)
  })

  it('one author: family name, comma, initials', () => {
    expect(apaText(study)).toBe(`Ishihara, A. (2019). ${TITLE} ${JOURNAL}. ${DOI}`)
  })

  it('two authors: "&" before the second, after a comma', () => {
    expect(apaText({ ...study, authors: 'Ishihara A, Nagatomo F' })).toBe(
      `Ishihara, A., & Nagatomo, F. (2019). ${TITLE} ${JOURNAL}. ${DOI}`,
    )
  })

  it('three authors: commas, and "&" before the last', () => {
    expect(apaText({ ...study, authors: 'Takemura A, Roy RR, Ishihara A' })).toBe(
      `Takemura, A., Roy, R. R., & Ishihara, A. (2019). ${TITLE} ${JOURNAL}. ${DOI}`,
    )
  })

  it('twenty authors: every one, "&" before the last', () => {
    const names = Array.from({ length: 20 }, (_, index) => apaAuthor(index))
    expect(apaText({ ...study, authors: storedAuthors(20) })).toBe(
      `${names.slice(0, 19).join(', ')}, & ${names[19]} (2019). ${TITLE} ${JOURNAL}. ${DOI}`,
    )
  })

  it.each([21, 22, 30])('%i authors: the first 19, an ellipsis, then the last', (count) => {
    const first19 = Array.from({ length: 19 }, (_, index) => apaAuthor(index)).join(', ')
    const cited = apaText({ ...study, authors: storedAuthors(count) })
    expect(cited).toBe(`${first19}, … ${apaAuthor(count - 1)} (2019). ${TITLE} ${JOURNAL}. ${DOI}`)
    expect(cited).not.toContain('&')
  })

  it('a group author is kept as stored, with a full stop', () => {
    const group = 'European Committee for Hyperbaric Medicine and European Underwater and Baromedical Society'
    expect(
      apaText({
        ...study,
        title: 'ECHM-EUBS Joint Position Statement on mild hyperbaric therapies',
        authors: group,
        journal: null,
        year: '2022',
        url: 'http://www.eubs.org/?page_id=227',
      }),
    ).toBe(
      `${group}. (2022). ECHM-EUBS joint position statement on mild hyperbaric therapies. http://www.eubs.org/?page_id=227`,
    )
  })

  it('volume, issue and pages: journal and volume in italics, (issue), pages with an en dash', () => {
    const full = { ...study, volume: '69', issue: '4', pages: '573-580' }
    expect(apaText(full)).toBe(`Ishihara, A. (2019). ${TITLE} ${JOURNAL}, 69(4), 573–580. ${DOI}`)
    expect(apaCitation(full)).toEqual([
      { text: `Ishihara, A. (2019). ${TITLE} ` },
      { text: `${JOURNAL}, 69`, italic: true },
      { text: '(4)' },
      { text: ', 573–580' },
      { text: '. ' },
      { text: DOI },
    ])
  })

  it.each([
    [{ volume: '69' }, `${JOURNAL}, 69.`],
    [{ volume: '69', issue: '4' }, `${JOURNAL}, 69(4).`],
    [{ volume: '69', pages: '573–580' }, `${JOURNAL}, 69, 573–580.`],
    [{ pages: 'e0115685' }, `${JOURNAL}, e0115685.`],
    [{ issue: '4' }, `${JOURNAL}, (4).`],
  ])('with %o the source reads %j', (fields, source) => {
    expect(apaText({ ...study, ...fields })).toBe(`Ishihara, A. (2019). ${TITLE} ${source} ${DOI}`)
  })

  it('no journal: the volume still in italics; nothing at all: the link after the title', () => {
    const bare = { ...study, journal: null }
    expect(apaText(bare)).toBe(`Ishihara, A. (2019). ${TITLE} ${DOI}`)
    expect(apaCitation({ ...bare, volume: '3', pages: '1-9' })).toEqual([
      { text: `Ishihara, A. (2019). ${TITLE} ` },
      { text: '3', italic: true },
      { text: ', 1–9' },
      { text: '. ' },
      { text: DOI },
    ])
  })

  it('no DOI: the study’s address; no year: (n.d.); a title ending in a question mark keeps it', () => {
    expect(
      apaText({
        ...study,
        title: 'Does mild pressure help?',
        year: null,
        url: 'https://example.org/study',
        volume: '2',
        issue: '1',
        pages: '10-12',
      }),
    ).toBe(`Ishihara, A. (n.d.). Does mild pressure help? ${JOURNAL}, 2(1), 10–12. https://example.org/study`)
  })

  it('a starter study reads as APA asks', () => {
    expect(
      apaText({
        ...study,
        title:
          'Effects of mild hyperbaric oxygen therapy on timing sequence recovery of muscle fatigue in chinese university male athletes',
        authors: 'Qu C, Xu M, Lorenzo S, Huang P, Rao Z, Geng X, Zhao J',
        journal: 'Journal of Exercise Science & Fitness',
        year: '2024',
        url: 'https://doi.org/10.1016/j.jesf.2024.04.005',
      }),
    ).toBe(
      'Qu, C., Xu, M., Lorenzo, S., Huang, P., Rao, Z., Geng, X., & Zhao, J. (2024). Effects of mild hyperbaric oxygen therapy on timing sequence recovery of muscle fatigue in chinese university male athletes. Journal of Exercise Science & Fitness. https://doi.org/10.1016/j.jesf.2024.04.005',
    )
  })
})

describe('BibTeX', () => {
  it('an @article with escaped fields, "Family, I." names and the DOI', () => {
    const entry = bibtex({ ...study, authors: 'Ishihara A, Nagatomo F', title: 'Effects & {braces} at 1.3 ATA_%' })
    expect(entry).toBe(
      [
        '@article{ishihara2019-7,',
        '  title = {Effects \\& \\{braces\\} at 1.3 ATA\\_\\%},',
        '  author = {Ishihara, A. and Nagatomo, F.},',
        '  journal = {The Journal of Physiological Sciences},',
        '  year = {2019},',
        '  doi = {10.1007/s12576-019-00678-5},',
        '  url = {https://doi.org/10.1007/s12576-019-00678-5}',
        '}',
        '',
      ].join('\n'),
    )
  })

  it('volume, number and pages (a range with --), and a group author in braces', () => {
    const entry = bibtex({ ...study, authors: 'World Health Organization', volume: '69', issue: '4', pages: '573–580' })
    expect(entry).toContain('  author = {{World Health Organization}},\n')
    expect(entry).toContain('  year = {2019},\n  volume = {69},\n  number = {4},\n  pages = {573--580},\n  doi = ')
    expect(bibtex({ ...study, pages: 'e0115685' })).toContain('  pages = {e0115685},\n')
    expect(bibtex(study)).not.toMatch(/volume|number|pages/)
  })
})

describe('RIS', () => {
  it('one tag a line, an AU per author, ending with ER', () => {
    expect(ris({ ...study, authors: 'Ishihara A, Nagatomo F' }).split('\r\n')).toEqual([
      'TY  - JOUR',
      'TI  - Mild hyperbaric oxygen: mechanisms and effects',
      'AU  - Ishihara, A.',
      'AU  - Nagatomo, F.',
      'JO  - The Journal of Physiological Sciences',
      'PY  - 2019',
      'DO  - 10.1007/s12576-019-00678-5',
      'UR  - https://doi.org/10.1007/s12576-019-00678-5',
      'ER  - ',
      '',
    ])
  })

  it('volume, issue, and the pages as start and end', () => {
    const lines = ris({ ...study, volume: '69', issue: '4', pages: '573-580' }).split('\r\n')
    expect(lines.slice(5, 10)).toEqual([
      'VL  - 69',
      'IS  - 4',
      'SP  - 573',
      'EP  - 580',
      'DO  - 10.1007/s12576-019-00678-5',
    ])
    expect(ris({ ...study, pages: 'e0115685' })).toContain('SP  - e0115685\r\nDO  - ')
    expect(ris({ ...study, pages: 'e0115685' })).not.toContain('EP  - ')
  })
})
