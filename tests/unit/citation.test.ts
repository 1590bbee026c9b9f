import { describe, expect, it } from 'vitest'
import { apaText, authorList, bibtex, ris } from '../../src/client/lib/citation'

const study = {
  id: 7,
  title: 'Mild hyperbaric oxygen: mechanisms and effects',
  authors: 'Ishihara A, Nagatomo F',
  journal: 'The Journal of Physiological Sciences',
  year: '2019',
  url: 'https://doi.org/10.1007/s12576-019-00678-5',
}

describe('citations', () => {
  it('split authors as stored', () => {
    expect(authorList('Ishihara A, Nagatomo F')).toEqual(['Ishihara A', 'Nagatomo F'])
    expect(authorList('Smith J; Doe R and Roe K')).toEqual(['Smith J', 'Doe R', 'Roe K'])
    expect(authorList(null)).toEqual([])
  })

  it('APA: authors, (year), title, journal, the DOI link', () => {
    expect(apaText(study)).toBe(
      'Ishihara A, Nagatomo F (2019). Mild hyperbaric oxygen: mechanisms and effects. The Journal of Physiological Sciences. https://doi.org/10.1007/s12576-019-00678-5',
    )
    expect(apaText({ ...study, authors: null, year: null, journal: null })).toBe(
      '(n.d.). Mild hyperbaric oxygen: mechanisms and effects. https://doi.org/10.1007/s12576-019-00678-5',
    )
  })

  it('BibTeX: an @article with escaped fields and the DOI', () => {
    const entry = bibtex({ ...study, title: 'Effects & {braces} at 1.3 ATA_%' })
    expect(entry).toBe(
      [
        '@article{ishihara2019-7,',
        '  title = {Effects \\& \\{braces\\} at 1.3 ATA\\_\\%},',
        '  author = {Ishihara A and Nagatomo F},',
        '  journal = {The Journal of Physiological Sciences},',
        '  year = {2019},',
        '  doi = {10.1007/s12576-019-00678-5},',
        '  url = {https://doi.org/10.1007/s12576-019-00678-5}',
        '}',
        '',
      ].join('\n'),
    )
  })

  it('RIS: one tag a line, an AU per author, ending with ER', () => {
    expect(ris(study).split('\r\n')).toEqual([
      'TY  - JOUR',
      'TI  - Mild hyperbaric oxygen: mechanisms and effects',
      'AU  - Ishihara A',
      'AU  - Nagatomo F',
      'JO  - The Journal of Physiological Sciences',
      'PY  - 2019',
      'DO  - 10.1007/s12576-019-00678-5',
      'UR  - https://doi.org/10.1007/s12576-019-00678-5',
      'ER  - ',
      '',
    ])
  })
})
