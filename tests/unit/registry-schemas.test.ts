import { describe, expect, it } from 'vitest'
import {
  ATA_REFUSAL,
  actionsFrom,
  fdaLink,
  formatListingNumber,
  LISTING_STATUSES,
  listingKey,
  NO_LISTING,
  normalizeListingNumber,
} from '../../src/shared/registry'
import {
  AdminRegistryQuerySchema,
  ListingInputSchema,
  ListingNumberParamsSchema,
  ListingUpdateSchema,
  RegistrySearchSchema,
  StatusChangeSchema,
} from '../../src/shared/schemas/registry'

const facility = {
  kind: 'facility',
  organisationName: 'Example Wellness Centre',
  contactEmail: 'centre@example.org',
  street: '1 Example Street',
  city: 'Austin',
  region: 'TX',
  postalCode: '78701',
}
const chamber = {
  kind: 'chamber',
  organisationName: 'Example Chambers Inc.',
  contactEmail: 'maker@example.org',
  manufacturer: 'Example Chambers',
  modelName: 'Calm 1.3',
  maxPressureAta: 1.3,
}
const UUID = '2f1c7f5e-6a59-4c5b-9f57-0d3f4b1f2a10'

const messages = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.error?.issues.map((issue) => issue.message) ?? []

describe('normalizeListingNumber', () => {
  it.each([
    'l 1',
    'L1',
    '0001',
    '1',
    'mhbot-sc/l-0001',
    'MHBOT SC L 1',
    'MHBOT-SC-L-0001',
    ' MHBOT_SC.L.0001 ',
    'mhbotscl000001',
  ])('reads %j as MHBOT-SC/L-0001', (typed) => {
    expect(normalizeListingNumber(typed)).toBe('MHBOT-SC/L-0001')
  })

  it.each([
    'MHBOT-SC/G-001',
    'MHBOT-SC/001',
    'abc',
    '',
    '   ',
    '0',
    '0000',
    'L',
    'L-',
    '1234567',
    '12a',
    'x'.repeat(100),
  ])('refuses %j', (typed) => {
    expect(normalizeListingNumber(typed)).toBeNull()
  })

  it('pads to four digits, takes more past 9999, and gives the URL key', () => {
    expect(normalizeListingNumber('l 42')).toBe('MHBOT-SC/L-0042')
    expect(normalizeListingNumber('12345')).toBe('MHBOT-SC/L-12345')
    expect(formatListingNumber(7)).toBe('MHBOT-SC/L-0007')
    expect(listingKey('MHBOT-SC/L-0007')).toBe('MHBOT-SC-L-0007')
    // The key reads back as the number.
    expect(normalizeListingNumber(listingKey('MHBOT-SC/L-12345'))).toBe('MHBOT-SC/L-12345')
  })

  it('ListingNumberParamsSchema gives the canonical number or "No listing has this number"', () => {
    expect(ListingNumberParamsSchema.parse({ number: 'mhbot sc l 3' })).toEqual({ number: 'MHBOT-SC/L-0003' })
    expect(messages(ListingNumberParamsSchema.safeParse({ number: 'MHBOT-SC/G-001' }))).toEqual([NO_LISTING])
    expect(messages(ListingNumberParamsSchema.safeParse({ number: 5 }))).toEqual([NO_LISTING])
  })
})

describe('the registry schemas', () => {
  it('reads a search from a query string: empty fields absent, status listed by default, ZIP+4 as five digits', () => {
    expect(RegistrySearchSchema.parse({})).toEqual({ status: 'listed', page: 1 })
    expect(RegistrySearchSchema.parse({ q: '', kind: '', standard: '', status: '', near: '', page: '' })).toEqual({
      status: 'listed',
      page: 1,
    })
    expect(
      RegistrySearchSchema.parse({
        q: ' austin ',
        kind: 'facility',
        standard: 'mhbot-sc/001',
        status: 'all',
        near: '78701-1234',
        page: '2',
      }),
    ).toEqual({ q: 'austin', kind: 'facility', standard: 'MHBOT-SC-001', status: 'all', near: '78701', page: 2 })
    expect(RegistrySearchSchema.parse({ near: 78701, page: 3 })).toMatchObject({ near: '78701', page: 3 })
    for (const bad of [
      { near: '7870' },
      { page: '0' },
      { status: 'gone' },
      { kind: 'clinic' },
      { q: 'x'.repeat(101) },
    ]) {
      expect(RegistrySearchSchema.safeParse(bad).success, JSON.stringify(bad)).toBe(false)
    }
    expect(AdminRegistryQuerySchema.parse({ expiring: 'soon', superseded: '' })).toEqual({
      status: 'all',
      expiring: 'soon',
      page: 1,
    })
  })

  it('takes a facility and a chamber model, with their defaults', () => {
    expect(ListingInputSchema.parse(facility)).toMatchObject({
      country: 'United States',
      website: null,
      declarations: [],
      chambers: [],
      documentIds: [],
    })
    expect(
      ListingInputSchema.parse({
        ...chamber,
        fda510k: ' k123456 ',
        statedStandards: ['ISO 13485', 'ISO 13485'],
      }),
    ).toMatchObject({ fda510k: 'K123456', statedStandards: ['ISO 13485'], maxPressureAta: 1.3 })
  })

  it('refuses a chamber above 2.0 ATA with the sentence, and other bad fields by name', () => {
    expect(messages(ListingInputSchema.safeParse({ ...chamber, maxPressureAta: 2.01 }))).toEqual([ATA_REFUSAL])
    expect(ListingInputSchema.safeParse({ ...chamber, maxPressureAta: 2 }).success).toBe(true)
    expect(ListingInputSchema.safeParse({ ...chamber, maxPressureAta: 1 }).success).toBe(false)
    expect(ListingInputSchema.safeParse({ ...chamber, maxPressureAta: '1.3' }).success).toBe(false)
    expect(ListingInputSchema.safeParse({ ...chamber, fda510k: 'K12345' }).success).toBe(false)
    expect(ListingInputSchema.safeParse({ ...chamber, statedStandards: ['ISO 9001'] }).success).toBe(false)
    expect(ListingInputSchema.safeParse({ ...facility, website: 'javascript:alert(1)' }).success).toBe(false)
    expect(ListingInputSchema.safeParse({ ...facility, contactEmail: 'not an address' }).success).toBe(false)
    expect(ListingInputSchema.safeParse({ ...facility, organisationName: 'A\u0000B' }).success).toBe(false)
    expect(ListingInputSchema.safeParse({ ...facility, kind: 'clinic' }).success).toBe(false)
    expect(ListingInputSchema.safeParse({ ...facility, chambers: [{ listingId: 'not-a-uuid' }] }).success).toBe(false)
    expect(
      ListingInputSchema.safeParse({ ...facility, chambers: [{ listingId: UUID }, { name: 'Typed' }] }).success,
    ).toBe(true)
    expect(
      ListingInputSchema.safeParse({
        ...facility,
        declarations: [
          { number: 'MHBOT-SC/001', version: '1.0' },
          { number: 'mhbot-sc-001', version: '1.1' },
        ],
      }).success,
    ).toBe(false)
    expect(
      messages(ListingInputSchema.safeParse({ ...facility, listedOn: '2026-05-01', expiresOn: '2026-05-01' })),
    ).toEqual(['The expiry date must be after the listed-on date'])
    expect(ListingInputSchema.safeParse({ ...facility, listedOn: '2026-02-30' }).success).toBe(false)
    expect(ListingUpdateSchema.safeParse({ ...facility, id: UUID }).success).toBe(true)
    expect(ListingUpdateSchema.safeParse(facility).success).toBe(false)
  })

  it('a status change needs its public reason, and a renewal its new expiry date', () => {
    const change = { id: UUID, action: 'suspend', reason: 'Evidence under review by the council.' }
    expect(StatusChangeSchema.safeParse(change).success).toBe(true)
    expect(StatusChangeSchema.safeParse({ ...change, reason: 'too short' }).success).toBe(false)
    expect(StatusChangeSchema.safeParse({ ...change, action: 'delete' }).success).toBe(false)
    expect(messages(StatusChangeSchema.safeParse({ ...change, action: 'renew' }))).toEqual([
      'Renewing needs the new expiry date',
    ])
    expect(StatusChangeSchema.safeParse({ ...change, action: 'renew', expiresOn: '2099-01-01' }).success).toBe(true)
  })

  it('offers only the allowed moves; nothing moves a withdrawn listing', () => {
    expect(Object.fromEntries(LISTING_STATUSES.map((status) => [status, actionsFrom(status)]))).toEqual({
      listed: ['suspend', 'withdraw', 'renew'],
      suspended: ['reinstate', 'withdraw'],
      withdrawn: [],
      expired: ['withdraw', 'renew'],
    })
    expect(fdaLink('K123456')).toBe('https://www.accessdata.fda.gov/scripts/cdrh/cfdocs/cfpmn/pmn.cfm?ID=K123456')
  })
})
