import { describe, expect, it } from 'vitest'
import { distanceKm, zipLocation } from '../../src/server/services/registry/zip'

/* The offline ZIP-code table and the great-circle distance (src/server/services/registry/zip.ts). */

describe('zipLocation', () => {
  it('answers a ZIP code with its place and coordinates', () => {
    const austin = zipLocation('78701')
    expect(austin?.zip).toBe('78701')
    expect(austin?.place).toBe('Austin, TX')
    expect(austin?.lat).toBeCloseTo(30.27, 1)
    expect(austin?.lon).toBeCloseTo(-97.74, 1)
  })

  it('takes ZIP+4 by its first five digits, with spaces around', () => {
    expect(zipLocation(' 78701-1234 ')).toEqual(zipLocation('78701'))
    expect(zipLocation('787011234')).toEqual(zipLocation('78701'))
  })

  it('answers null for a code nobody has or a text that is no ZIP code', () => {
    for (const text of ['00000', '99999', '7870', '787012', 'abcde', '', '78 701', '٧٨٧٠١'])
      expect(zipLocation(text), text).toBeNull()
  })
})

describe('distanceKm', () => {
  it('is the great-circle distance', () => {
    // New York (Empire State Building) to Los Angeles (City Hall): about 3,936 km.
    expect(distanceKm({ lat: 40.7484, lon: -73.9857 }, { lat: 34.0537, lon: -118.2428 })).toBeCloseTo(3936, -1)
    expect(distanceKm({ lat: 30, lon: -97 }, { lat: 30, lon: -97 })).toBe(0)
    // Antipodes: half the earth's circumference, no NaN from rounding.
    expect(distanceKm({ lat: 0, lon: 0 }, { lat: 0, lon: 180 })).toBeCloseTo(Math.PI * 6371.0088, 3)
  })

  it('orders ZIP codes by how far they are', () => {
    const austin = zipLocation('78701')
    const roundRock = zipLocation('78664')
    const dallas = zipLocation('75201')
    if (!austin || !roundRock || !dallas) throw new Error('the table lacks a Texas ZIP code')
    const toRoundRock = distanceKm(austin, roundRock)
    const toDallas = distanceKm(austin, dallas)
    expect(toRoundRock).toBeLessThan(40)
    expect(toDallas).toBeGreaterThan(250)
    expect(toDallas).toBeLessThan(320)
  })
})
