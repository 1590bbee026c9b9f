import { describe, expect, it } from 'vitest'
import { doiOf, readLibrarySearch, sortStudies } from '../../src/client/lib/library'

describe('the research library’s address', () => {
  it('keeps a known category and the title sort, and drops anything else', () => {
    expect(readLibrarySearch({ category: 'Cognitive Health', sort: 'title' })).toEqual({
      category: 'Cognitive Health',
      sort: 'title',
    })
    expect(readLibrarySearch({ category: 'cognitive health', sort: 'year', x: '1' })).toEqual({})
    expect(readLibrarySearch({ category: ['Cognitive Health'] })).toEqual({})
  })

  it('keeps a search the server takes as written, and drops one it refuses', () => {
    expect(readLibrarySearch({ q: ' glucose ' })).toStrictEqual({ q: ' glucose ' })
    for (const q of ['', '   ', '\u0000', 'a\u0000b', '\ud800', 'x'.repeat(201), 1, ['glucose']]) {
      expect(readLibrarySearch({ q }), JSON.stringify(q)).toStrictEqual({})
    }
  })
})

describe('sorting studies', () => {
  const studies = [
    { title: 'beta', year: '2019' },
    { title: 'Alpha', year: null },
    { title: 'gamma', year: '2024' },
    { title: 'Delta', year: 'n.d.' },
  ]
  it('puts the newest year first, studies without a year last in their order', () => {
    expect(sortStudies(studies, undefined).map((study) => study.title)).toEqual(['gamma', 'beta', 'Alpha', 'Delta'])
  })
  it('or sorts by title, whatever the case', () => {
    expect(sortStudies(studies, 'title').map((study) => study.title)).toEqual(['Alpha', 'beta', 'Delta', 'gamma'])
  })
})

describe('DOIs', () => {
  it('reads a DOI link as its DOI, and nothing else', () => {
    expect(doiOf('https://doi.org/10.1016/j.example.2020.01.001')).toBe('10.1016/j.example.2020.01.001')
    expect(doiOf('http://dx.doi.org/10.3390%2Fijms21010001')).toBe('10.3390/ijms21010001')
    expect(doiOf('https://example.org/10.1016/x')).toBeNull()
    expect(doiOf('https://doi.org/not-a-doi')).toBeNull()
  })
})
