import { createHash } from 'node:crypto'
import type { AddressInfo } from 'node:net'
import { brotliDecompressSync, gunzipSync } from 'node:zlib'
import { parseFeed } from '@rowanmanning/feed-parser'
import fc from 'fast-check'
import { XMLParser, XMLValidator } from 'fast-xml-parser'
import { beforeAll, describe, expect, it } from 'vitest'
import { changeListingStatus, createListing } from '../../src/server/services/registry'
import { distanceKm, zipLocation } from '../../src/server/services/registry/zip'
import { LISTING_STATUS_LABELS, NO_LISTING, unknownZipSentence } from '../../src/shared/registry'
import { ListingInputSchema, type ListingInputValues, type RegistryPage } from '../../src/shared/schemas/registry'
import type { SiteSearchAnswer } from '../../src/shared/search'
import { buildTestApp, setUpTestApp, TEST_PUBLIC_URL } from '../helpers/build-app'
import { type RawAnswer, rawRequest } from '../helpers/raw-http'

/*
 * The registry's public edges (issue 37) on this file's database, Postgres or PGlite: the REST search
 * and listing, the near-ZIP order, the badge read back by an XML parser, the feed by a feed parser,
 * the sitemap and the site search, each changing when a status does; the kept answers' hit and miss,
 * plain and compressed, over real sockets. Fixtures are fictional (example.org).
 */

const setup = setUpTestApp({ reset: false })
const COUNCIL = { email: 'registrar@example.org' }
const SETTINGS = { listingDays: 365 }
let base = ''

const facility = (name: string, city: string, postalCode: string): ListingInputValues => ({
  kind: 'facility',
  organisationName: name,
  contactEmail: 'private-contact@example.org',
  street: '1 Example Street',
  city,
  region: 'TX',
  postalCode,
})

type Created = { id: string; number: string; key: string }
const made = {} as Record<'austin' | 'roundRock' | 'dallas' | 'chamber' | 'withdrawn', Created>

beforeAll(async () => {
  const { db } = setup.database.handle
  const create = (input: ListingInputValues) => createListing(db, COUNCIL, ListingInputSchema.parse(input), SETTINGS)
  made.austin = await create(facility('Example Wellness Centre', 'Austin', '78701'))
  made.roundRock = await create(facility('Example Recovery Studio', 'Round Rock', '78664'))
  made.dallas = await create(facility('Example Oxygen Loft', 'Dallas', '75201'))
  made.chamber = await create({
    kind: 'chamber',
    organisationName: 'Example Chambers Company',
    contactEmail: 'maker@example.org',
    manufacturer: 'Example Chambers',
    modelName: 'Zephyrine Mild 1.3',
    maxPressureAta: 1.3,
  })
  made.withdrawn = await create(facility('Example Former Spa', 'Houston', '77002'))
  await changeListingStatus(db, COUNCIL, {
    id: made.withdrawn.id,
    action: 'withdraw',
    reason: 'Withdrawn at the organisation’s own request.',
  })
  await setup.app.contentEvents.settle()
  await setup.app.listen({ port: 0, host: '127.0.0.1' })
  base = `http://127.0.0.1:${(setup.app.server.address() as AddressInfo).port}`
})

const get = (url: string) => setup.app.inject({ method: 'GET', url })
const list = async (query: string) => {
  const response = await get(`/api/registry${query}`)
  expect(response.statusCode, response.body).toBe(200)
  return response.json() as RegistryPage
}
/** A service changed a status outside a request: wait until this replica's kept answers heard it. */
const suspend = async (created: Created, reason: string) => {
  await changeListingStatus(setup.database.handle.db, COUNCIL, { id: created.id, action: 'suspend', reason })
  await setup.app.contentEvents.settle()
}

/** The site search's group of listings for `q`. */
const search = async (q: string) => {
  const response = await get(`/api/search?q=${encodeURIComponent(q)}`)
  expect(response.statusCode).toBe(200)
  const answer = response.json() as SiteSearchAnswer
  return answer.groups.find((group) => group.kind === 'listing')
}

const SUMMARY_KEYS = [
  'city',
  'country',
  'distanceKm',
  'expiresOn',
  'key',
  'kind',
  'listedOn',
  'manufacturer',
  'modelName',
  'name',
  'number',
  'organisationName',
  'postalCode',
  'region',
  'status',
]

describe('GET /api/registry', () => {
  it('lists the listed listings with the contract’s shape, never a contact e-mail', async () => {
    const response = await get('/api/registry')
    expect(response.headers['content-type']).toContain('application/json')
    const page = response.json() as RegistryPage
    expect(page).toMatchObject({ page: 1, near: null, total: 4 })
    expect(page.pageSize).toBeGreaterThan(0)
    expect(page.items.map((item) => item.number).sort()).toEqual(
      [made.austin, made.roundRock, made.dallas, made.chamber].map((listing) => listing.number).sort(),
    )
    for (const item of page.items) {
      expect(Object.keys(item).sort()).toEqual(SUMMARY_KEYS)
      expect(item.status).toBe('listed')
      expect(item.distanceKm).toBeNull()
    }
    expect(page.items.find((item) => item.kind === 'chamber')).toMatchObject({
      name: 'Example Chambers Zephyrine Mild 1.3',
      city: null,
      manufacturer: 'Example Chambers',
    })
    expect(response.body).not.toContain('example.org')
  })

  it('filters by kind and status, and reads a form’s empty fields as absent', async () => {
    expect((await list('?kind=chamber')).items.map((item) => item.key)).toEqual([made.chamber.key])
    expect((await list('?status=withdrawn')).items.map((item) => item.key)).toEqual([made.withdrawn.key])
    expect((await list('?status=all')).total).toBe(5)
    expect((await list('?q=&kind=&standard=&status=&near=&page=')).total).toBe(4)
  })

  it('finds by name, city and postal code', async () => {
    expect((await list('?q=Round+Rock')).items.map((item) => item.key)).toEqual([made.roundRock.key])
    expect((await list('?q=75201')).items.map((item) => item.key)).toEqual([made.dallas.key])
    expect((await list('?q=Oxygen+Loft')).items.map((item) => item.key)).toEqual([made.dallas.key])
  })

  it('orders by distance from a ZIP code, nearest first, with the distance and the place', async () => {
    const fromAustin = await list('?near=78701')
    expect(fromAustin.near).toEqual({ zip: '78701', place: 'Austin, TX' })
    const facilities = fromAustin.items.filter((item) => item.kind === 'facility')
    expect(facilities.map((item) => item.key)).toEqual([made.austin.key, made.roundRock.key, made.dallas.key])
    const distances = facilities.map((item) => item.distanceKm ?? Number.NaN)
    expect(distances[0]).toBeLessThan(1)
    expect([...distances].sort((a, b) => a - b)).toEqual(distances)
    // The database's distance is the same great circle as the server's.
    const austin = zipLocation('78701')
    const dallas = zipLocation('75201')
    if (!austin || !dallas) throw new Error('the ZIP table lacks Austin or Dallas')
    expect(distances[2]).toBeCloseTo(distanceKm(austin, dallas), 0)

    const fromDallas = await list('?near=75201-1234')
    expect(fromDallas.near?.zip).toBe('75201')
    expect(fromDallas.items.filter((item) => item.kind === 'facility').map((item) => item.key)).toEqual([
      made.dallas.key,
      made.roundRock.key,
      made.austin.key,
    ])
  })

  it('refuses bad input with a 400 and a JSON reason, never a 5xx', async () => {
    const unknownZip = await get('/api/registry?near=00000')
    expect(unknownZip.statusCode).toBe(400)
    expect(unknownZip.json().message).toContain(unknownZipSentence('00000'))
    for (const query of [
      '?near=abc',
      '?kind=boat',
      '?status=maybe',
      '?page=0',
      '?page=x',
      `?q=${'a'.repeat(101)}`,
      '?q=%00',
    ]) {
      const response = await get(`/api/registry${query}`)
      expect(response.statusCode, query).toBe(400)
      expect(response.json(), query).toMatchObject({ error: 'Bad Request', message: expect.any(String) })
    }
  })

  it('keeps no search term or ZIP code: those answers are the visitor’s own', async () => {
    expect((await get('/api/registry?q=Austin')).headers['cache-control']).toBe('no-store')
    expect((await get('/api/registry?near=78701')).headers['cache-control']).toBe('no-store')
    expect((await get('/api/registry?kind=facility')).headers['cache-control']).toBe('no-cache')
  })
})

describe('GET /api/registry/{number}', () => {
  it('answers the listing with its history for the number typed any way people type it', async () => {
    const digits = made.austin.number.slice(-4)
    const typed = [
      made.austin.key,
      encodeURIComponent(made.austin.number),
      made.austin.key.toLowerCase(),
      `l ${Number(digits)}`,
      digits,
      `MHBOT%20SC%20L%20${Number(digits)}`,
    ]
    for (const form of typed) {
      const response = await get(`/api/registry/${form.replaceAll(' ', '%20')}`)
      expect(response.statusCode, form).toBe(200)
      const listing = response.json()
      expect(listing, form).toMatchObject({
        number: made.austin.number,
        key: made.austin.key,
        status: 'listed',
        name: 'Example Wellness Centre',
        postalCode: '78701',
      })
      expect(listing.history).toEqual([
        expect.objectContaining({ from: null, to: 'listed', reason: expect.any(String), at: expect.any(String) }),
      ])
      expect(response.body).not.toContain('private-contact@example.org')
    }
  })

  it('is a 404 with the reason for an unknown or malformed number', async () => {
    for (const form of ['MHBOT-SC-L-9999', '9999', 'abc', 'MHBOT-SC-G-001', '0000', '%20']) {
      const response = await get(`/api/registry/${form}`)
      expect(response.statusCode, form).toBe(404)
      expect(response.json(), form).toEqual({ error: 'Not Found', message: NO_LISTING })
    }
  })
})

const xml = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '' })
/** The badge's root element, after checking the SVG is well-formed XML. */
function badge(body: string): { title: string; 'aria-label': string; role: string; a?: { href: string } } {
  const valid = XMLValidator.validate(body)
  expect(valid, JSON.stringify(valid)).toBe(true)
  return xml.parse(body).svg
}

describe('the badge', () => {
  it('is an SVG that says the listing’s status, links to its page and may be cached for five minutes', async () => {
    const response = await get(`/registry/${made.dallas.key}/badge.svg`)
    expect(response.statusCode).toBe(200)
    expect(response.headers['content-type']).toContain('image/svg+xml')
    expect(response.headers['cache-control']).toBe('public, max-age=300')
    expect(response.headers['cross-origin-resource-policy']).toBe('cross-origin')
    const svg = badge(response.body)
    expect(svg.role).toBe('img')
    expect(svg.title).toBe(svg['aria-label'])
    expect(svg.title).toContain(made.dallas.number)
    expect(svg.title).toContain('Listed')
    expect(svg.a?.href).toBe(`${TEST_PUBLIC_URL}/registry/${made.dallas.key}`)
    // The number typed another way is the same listing's badge.
    expect((await get(`/registry/${encodeURIComponent(made.dallas.number)}/badge.svg`)).body).toBe(response.body)
    // A browser holding it is told it has not changed.
    const etag = String(response.headers.etag)
    const again = await setup.app.inject({
      url: `/registry/${made.dallas.key}/badge.svg`,
      headers: { 'if-none-match': etag },
    })
    expect(again.statusCode).toBe(304)
    expect(again.body).toBe('')
  })

  it('says so with a 404 SVG for a number no listing has', async () => {
    for (const form of ['MHBOT-SC-L-9999', 'abc']) {
      const response = await get(`/registry/${form}/badge.svg`)
      expect(response.statusCode, form).toBe(404)
      expect(response.headers['content-type']).toContain('image/svg+xml')
      const svg = badge(response.body)
      expect(svg.title).toContain(NO_LISTING)
      for (const label of Object.values(LISTING_STATUS_LABELS)) expect(svg.title).not.toContain(label)
    }
  })

  it('says withdrawn for a withdrawn listing', async () => {
    const svg = badge((await get(`/registry/${made.withdrawn.key}/badge.svg`)).body)
    expect(svg.title).toContain('Withdrawn')
    expect(svg.title).not.toContain('Listed')
  })
})

type FeedItem = { id: string | null; title: string | null; url: string | null; description: string | null }
const feed = async () => {
  const response = await get('/registry/changes.xml')
  expect(response.statusCode).toBe(200)
  expect(response.headers['content-type']).toContain('application/atom+xml')
  const parsed = parseFeed(response.body)
  expect(parsed.meta.type).toBe('atom')
  return { parsed, items: parsed.items as unknown as FeedItem[] }
}

describe('the feed of status changes', () => {
  it('is Atom, newest first, each change once, linking to the listing with the reason', async () => {
    const { parsed, items } = await feed()
    expect(parsed.url).toBe(`${TEST_PUBLIC_URL}/registry`)
    // Five listings made, one withdrawn: six changes.
    expect(items).toHaveLength(6)
    expect(new Set(items.map((item) => item.id)).size).toBe(6)
    expect(items[0]).toMatchObject({
      title: `${made.withdrawn.number} Example Former Spa: withdrawn`,
      url: `${TEST_PUBLIC_URL}/registry/${made.withdrawn.key}`,
      description: 'Withdrawn at the organisation’s own request.',
    })
  })
})

describe('the sitemap and the site search', () => {
  it('lists /registry and every listing but the withdrawn in /sitemap.xml', async () => {
    const body = (await get('/sitemap.xml')).body
    expect(XMLValidator.validate(body)).toBe(true)
    expect(body).toContain(`<loc>${TEST_PUBLIC_URL}/registry</loc>`)
    for (const listing of [made.austin, made.roundRock, made.dallas, made.chamber])
      expect(body).toContain(`<loc>${TEST_PUBLIC_URL}/registry/${listing.key}</loc>`)
    expect(body).not.toContain(made.withdrawn.key)
  })

  it('finds listings by name, city, postal code, manufacturer and model, each with its status in words', async () => {
    const byCity = await search('Round Rock')
    expect(byCity?.label).toBe('Registry listings')
    expect(byCity?.results).toEqual([
      expect.objectContaining({
        title: `Example Recovery Studio (Facility ${made.roundRock.number}): Listed`,
        url: `/registry/${made.roundRock.key}`,
      }),
    ])
    expect((await search('78701'))?.results.map((result) => result.url)).toEqual([`/registry/${made.austin.key}`])
    expect((await search('Zephyrine'))?.results[0]?.title).toBe(
      `Example Chambers Zephyrine Mild 1.3 (Chamber model ${made.chamber.number}): Listed`,
    )
    expect((await search('Former Spa'))?.results[0]?.title).toBe(
      `Example Former Spa (Facility ${made.withdrawn.number}): Withdrawn`,
    )
  })
})

describe('a status change reaches every public answer', () => {
  it('suspending a listing changes the list, the listing, the badge, the feed and the search', async () => {
    const before = await list('')
    expect(before.items.map((item) => item.key)).toContain(made.roundRock.key)
    const badgeBefore = (await get(`/registry/${made.roundRock.key}/badge.svg`)).body

    const reason = 'Suspended while the council reviews a complaint.'
    await suspend(made.roundRock, reason)

    const after = await list('')
    expect(after.total).toBe(before.total - 1)
    expect(after.items.map((item) => item.key)).not.toContain(made.roundRock.key)
    expect((await list('?status=suspended')).items.map((item) => item.key)).toEqual([made.roundRock.key])

    const listing = (await get(`/api/registry/${made.roundRock.key}`)).json()
    expect(listing.status).toBe('suspended')
    expect(listing.history.at(-1)).toMatchObject({ from: 'listed', to: 'suspended', reason })

    const badgeAfter = (await get(`/registry/${made.roundRock.key}/badge.svg`)).body
    expect(badgeAfter).not.toBe(badgeBefore)
    // A browser holding the listed badge gets the suspended one, not a 304.
    const held = await setup.app.inject({
      url: `/registry/${made.roundRock.key}/badge.svg`,
      headers: { 'if-none-match': `"${createHash('sha1').update(badgeBefore).digest('base64url')}"` },
    })
    expect(held.statusCode).toBe(200)
    const svg = badge(badgeAfter)
    expect(svg.title).toContain('Suspended')
    expect(svg.title).not.toContain('Listed')

    const { items } = await feed()
    expect(items[0]).toMatchObject({
      title: `${made.roundRock.number} Example Recovery Studio: suspended`,
      url: `${TEST_PUBLIC_URL}/registry/${made.roundRock.key}`,
      description: reason,
    })

    const found = await search('Round Rock')
    expect(found?.results[0]?.title).toBe(`Example Recovery Studio (Facility ${made.roundRock.number}): Suspended`)
    // A suspended listing's page is still worth a crawler's visit: it says what became of it.
    expect((await get('/sitemap.xml')).body).toContain(made.roundRock.key)
  })
})

describe('kept answers over real sockets', () => {
  const decode = (answer: RawAnswer) => {
    const encoding = answer.headers['content-encoding']
    if (encoding === 'br') return brotliDecompressSync(answer.body)
    if (encoding === 'gzip') return gunzipSync(answer.body)
    return answer.body
  }
  const withoutDate = ({ date: _date, ...headers }: RawAnswer['headers']) => headers

  const PATHS: Record<string, () => string> = {
    list: () => '/api/registry',
    'list, filtered': () => '/api/registry?status=all&page=1',
    listing: () => `/api/registry/${made.austin.key}`,
    feed: () => '/registry/changes.xml',
  }
  it.each(Object.keys(PATHS))('%s: a hit is the miss, and every encoding says the same', async (name) => {
    const path = PATHS[name]?.() ?? ''
    let plain: Buffer | null = null
    for (const encoding of ['identity', 'gzip', 'br']) {
      await setup.app.contentEvents.settle()
      setup.app.keptAnswers.changed()
      const miss = await rawRequest(base, path, { 'accept-encoding': encoding })
      const hit = await rawRequest(base, path, { 'accept-encoding': encoding })
      expect(miss.status, encoding).toBe(200)
      expect(withoutDate(hit.headers), encoding).toEqual(withoutDate(miss.headers))
      expect(hit.body.equals(miss.body), encoding).toBe(true)
      plain ??= decode(miss)
      expect(decode(hit).equals(plain), encoding).toBe(true)
    }
  })

  it('serves a search answer fresh each time and keeps nothing of it', async () => {
    setup.app.keptAnswers.changed()
    const size = setup.app.keptAnswers.size
    await rawRequest(base, '/api/registry?q=Austin')
    await rawRequest(base, '/api/registry?near=78701')
    expect(setup.app.keptAnswers.size).toBe(size)
  })
})

describe('hostile input', () => {
  const encode = (text: string) =>
    encodeURIComponent(text).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16)}`)
  const text = fc.oneof(
    fc.string({ unit: 'binary', maxLength: 80 }),
    fc.constantFrom('', '.', '..', '%00', 'a%2fb', 'l 1', '0'.repeat(7), '1'.repeat(200), 'MHBOT-SC/L-0001'),
  )

  it('a number in any path, and any query of the list, is never a 5xx', async () => {
    await fc.assert(
      fc.asyncProperty(text, fc.constantFrom('number', 'badge', 'list'), async (value, route) => {
        const url =
          route === 'number'
            ? `/api/registry/${encode(value)}`
            : route === 'badge'
              ? `/registry/${encode(value)}/badge.svg`
              : `/api/registry?q=${encode(value)}&near=${encode(value)}&page=${encode(value)}`
        const response = await get(url)
        expect([200, 400, 404], `${url}: ${response.body.slice(0, 200)}`).toContain(response.statusCode)
      }),
      { numRuns: 150 },
    )
  })
})

describe('the read budget', () => {
  it('counts the list, a listing and the badge per address, and refuses past it with 429', async () => {
    const limited = await buildTestApp(setup.database.handle, { env: { RATE_LIMITS: 'on', RATE_LIMIT_READ: '3/1m' } })
    try {
      for (const url of ['/api/registry', `/api/registry/${made.austin.key}`, `/registry/${made.austin.key}/badge.svg`])
        expect((await limited.inject({ url, remoteAddress: '203.0.113.7' })).statusCode, url).toBe(200)
      const refused = await limited.inject({ url: '/api/registry?kind=facility', remoteAddress: '203.0.113.7' })
      expect(refused.statusCode).toBe(429)
      expect(refused.headers['retry-after']).toBeDefined()
      // Another address has its own budget; the feed, kept and served whole, has none.
      expect((await limited.inject({ url: '/api/registry', remoteAddress: '203.0.113.8' })).statusCode).toBe(200)
      expect((await limited.inject({ url: '/registry/changes.xml', remoteAddress: '203.0.113.7' })).statusCode).toBe(
        200,
      )
    } finally {
      await limited.close()
    }
  })
})
