import { describe, expect, it } from 'vitest'
import { couldBeListingNumber } from '../../src/client/components/registry-number'
import { listSearch, readRegistrySearch } from '../../src/client/components/registry-routing'
import { parseSearch, stringifySearch } from '../../src/client/lib/search-params'
import { RegistrySearchSchema } from '../../src/shared/schemas/registry'

/**
 * How /registry reads its address (src/client/components/registry-routing.tsx): without zod, in
 * the router's bundle, keeping what was typed for the server to judge.
 */
describe('the registry address', () => {
  it('keeps typed text as written, drops blanks, and knows only its kinds and statuses', () => {
    expect(
      readRegistrySearch({
        q: ' Austin ',
        kind: 'facility',
        standard: 'MHBOT-SC-001',
        status: 'expired',
        near: '78701',
      }),
    ).toEqual({ q: ' Austin ', kind: 'facility', standard: 'MHBOT-SC-001', status: 'expired', near: '78701' })
    // A form without JavaScript sends every field; empty ones and the default status mean nothing.
    expect(readRegistrySearch({ q: '', kind: '', standard: '', status: 'listed', near: '  ', number: '' })).toEqual({})
    expect(readRegistrySearch({ kind: 'clinic', status: 'certified', page: 'x' })).toEqual({})
    // The router reads ?near=78701 and ?page=2 as numbers.
    expect(readRegistrySearch({ near: 78701, page: 2, number: 1 })).toEqual({ near: '78701', page: 2, number: '1' })
    expect(readRegistrySearch({ page: 1 })).toEqual({})
    expect(readRegistrySearch({ q: 'x'.repeat(1001) })).toEqual({})
  })

  it('asks the list for everything but the checked number, in a shape the server’s schema takes', () => {
    const search = listSearch(readRegistrySearch({ q: 'Austin', near: '78701-1234', page: 3, number: 'l 1' }))
    expect(search).toEqual({ q: 'Austin', near: '78701-1234', page: 3 })
    expect(RegistrySearchSchema.parse(search)).toMatchObject({ q: 'Austin', near: '78701', page: 3, status: 'listed' })
    expect(RegistrySearchSchema.parse(listSearch(readRegistrySearch({})))).toMatchObject({ status: 'listed', page: 1 })
  })

  it('reads and writes the ZIP code and the listing number as text, never as JSON numbers', () => {
    expect(parseSearch('?near=78701&number=0001&page=2')).toEqual({ near: '78701', number: '0001', page: 2 })
    expect(stringifySearch({ near: '78701', number: '1' })).toBe('?near=78701&number=1')
  })

  it('tells a path that may be a listing number from one that cannot be', () => {
    for (const path of ['MHBOT-SC-L-0001', 'mhbot sc l 1', 'MHBOT-SC/L-0001', '0001', 'l.1']) {
      expect(couldBeListingNumber(path), path).toBe(true)
    }
    for (const path of ['', 'x'.repeat(61), '<script>', 'MHBOT?1']) expect(couldBeListingNumber(path), path).toBe(false)
  })
})
