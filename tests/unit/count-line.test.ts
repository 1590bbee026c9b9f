import { describe, expect, it } from 'vitest'
import { resourcesAvailable, studiesFound } from '../../src/client/lib/count-line'

describe('library count lines', () => {
  it('keep the product’s wording, with the singular for one', () => {
    expect([0, 1, 2, 9].map(studiesFound)).toEqual([
      '0 Studies Found',
      '1 Study Found',
      '2 Studies Found',
      '9 Studies Found',
    ])
    expect([0, 1, 6].map(resourcesAvailable)).toEqual([
      '0 Resources Available',
      '1 Resource Available',
      '6 Resources Available',
    ])
  })
})
