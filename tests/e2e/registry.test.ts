import { mkdir } from 'node:fs/promises'
import { fileURLToPath } from 'node:url'
import type { Page } from 'playwright-core'
import { beforeAll, describe, expect, it } from 'vitest'
import { changeListingStatus, createListing } from '../../src/server/services/registry'
import { createDraft, openReview, publishVersion } from '../../src/server/services/standards'
import {
  NO_LISTING,
  REGISTRY_EMPTY,
  REGISTRY_HOW_TO_BE_LISTED,
  REGISTRY_MEANING,
  REGISTRY_NOT_MEANING,
  STATUS_NOTICES,
  unknownZipSentence,
} from '../../src/shared/registry'
import { ListingInputSchema, StatusChangeSchema } from '../../src/shared/schemas/registry'
import { chromiumAndPostgres } from '../helpers/browser'
import { axeViolations } from './axe'
import { useStack } from './stack'
import { gotoHydrated } from './support'

/**
 * The public registry's pages (issue 37, item 2): /registry on an empty database (what a listing
 * means, how to be listed), then with listings made through the council's own services: the
 * search by postal code, by city and near a ZIP code (nearest first), "Check a listing" with a
 * number typed loosely and with one that is no listing's, a listing listed and one suspended (the
 * notice at the top), each with and without JavaScript; axe at 1280 and 320 px. With SCREENSHOTS
 * set, the pages at 1280, 390 and 320 px land in tests/.artifacts/screens/ (registry-*.png).
 *
 * Every organisation here is fictional (example.org); the product's own data has none.
 */
const REGISTRAR = { email: 'registrar@example.org' }
const SETTINGS = { listingDays: 365 }

const SHOTS = process.env.SCREENSHOTS
  ? process.env.SCREENSHOTS.startsWith('/')
    ? `${process.env.SCREENSHOTS.replace(/\/$/, '')}/`
    : fileURLToPath(new URL('../.artifacts/screens/', import.meta.url))
  : null

const WIDTHS = [1280, 390, 320] as const

const TODAY = new Date().toISOString().slice(0, 10)
/** A day as the pages print it. */
const printed = (day: string) =>
  new Date(`${day}T00:00:00Z`).toLocaleDateString('en-US', {
    year: 'numeric',
    month: 'long',
    day: 'numeric',
    timeZone: 'UTC',
  })

/** Full-page screenshots of `path` at each width, when SCREENSHOTS asks for them. */
async function shoot(stack: ReturnType<typeof useStack>, path: string, name: string) {
  if (!SHOTS) return
  await mkdir(SHOTS, { recursive: true })
  for (const width of WIDTHS) {
    const { page } = await stack.openPage({ width, height: width > 500 ? 900 : 844 })
    await gotoHydrated(page, `${stack.url}${path}`)
    const file = `registry-${name}-${width}`
    await page.screenshot({ path: `${SHOTS}${file}.png`, fullPage: true, animations: 'disabled' })
    // Slices a person can read beside the very tall whole, as screenshots.test.ts makes them.
    await mkdir(`${SHOTS}parts`, { recursive: true })
    const total = await page.evaluate(() => document.documentElement.scrollHeight)
    const sliceHeight = width > 500 ? 1000 : 1400
    for (let top = 0, n = 1; top < total; top += sliceHeight, n += 1) {
      await page.screenshot({
        path: `${SHOTS}parts/${file}-${n}.png`,
        fullPage: true,
        clip: { x: 0, y: top, width, height: Math.min(sliceHeight, total - top) },
        animations: 'disabled',
      })
    }
    await page.context().close()
  }
}

/** Nothing sticks out sideways. */
const pageWidth = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth)

const cardNames = (page: Page) => page.getByTestId('listing-card').getByRole('heading').allTextContents()

describe.skipIf(!chromiumAndPostgres())('the public registry', () => {
  const stack = useStack({ closePagesAfterEach: true })

  // Screenshots at three widths and axe at two: more than the default minute on a busy machine.
  it('starts empty: /registry says what a listing means, that nothing is listed yet and how to be listed', {
    timeout: 180_000,
  }, async () => {
    for (const javaScriptEnabled of [true, false]) {
      const { page, problems } = await stack.openPage({ javaScriptEnabled })
      const answer = javaScriptEnabled
        ? await gotoHydrated(page, `${stack.url}/registry`)
        : await page.goto(`${stack.url}/registry`)
      expect(answer?.status()).toBe(200)
      await expect(page.title()).resolves.toMatch(/^Registry \| /)
      await expect(page.getByTestId('registry-meaning').textContent()).resolves.toBe(REGISTRY_MEANING)
      await expect(page.getByTestId('registry-not-meaning').textContent()).resolves.toBe(REGISTRY_NOT_MEANING)
      const empty = page.getByTestId('empty-state')
      await expect(empty.getByText(REGISTRY_EMPTY).isVisible()).resolves.toBe(true)
      await expect(empty.getByText(REGISTRY_HOW_TO_BE_LISTED).isVisible()).resolves.toBe(true)
      await expect(empty.getByRole('link', { name: 'Apply to be listed' }).getAttribute('href')).resolves.toBe(
        '/registry/apply',
      )
      await expect(page.getByTestId('count-line').textContent()).resolves.toBe('0 listings found')
      // In the header, beside Standards.
      const nav = page.getByRole('navigation', { name: 'Main' })
      const labels = await nav.getByRole('link').allTextContents()
      expect(labels.indexOf('Registry')).toBe(labels.indexOf('Standards') + 1)
      expect(problems).toEqual([])
    }
    for (const width of [1280, 320]) {
      const { page, problems } = await stack.openPage({ width, height: width > 500 ? 900 : 844 })
      await gotoHydrated(page, `${stack.url}/registry`)
      expect(await axeViolations(page), `axe at ${width} px`).toEqual([])
      expect(await pageWidth(page)).toBeLessThanOrEqual(width)
      expect(problems).toEqual([])
    }
    await shoot(stack, '/registry', 'empty')
  })

  describe('with listings', () => {
    const created: Record<'chamber' | 'austin' | 'roundRock' | 'boston' | 'denver', { number: string; key: string }> =
      {} as never

    beforeAll(async () => {
      const db = stack.database.handle.db
      const facility = (fields: {
        organisationName: string
        street: string
        city: string
        region: string
        postalCode: string
        chambers?: ({ listingId: string } | { name: string })[]
      }) =>
        ListingInputSchema.parse({
          kind: 'facility',
          website: 'https://example.org/',
          contactEmail: 'listing@example.org',
          declarations: [{ number: 'MHBOT-SC/G-001', version: '1.0' }],
          ...fields,
        })
      const chamber = await createListing(
        db,
        REGISTRAR,
        ListingInputSchema.parse({
          kind: 'chamber',
          organisationName: 'Example Chambers Co.',
          contactEmail: 'maker@example.org',
          manufacturer: 'Example Chambers',
          modelName: 'Calm 130',
          maxPressureAta: 1.3,
          statedStandards: ['ASME PVHO-1'],
          declarations: [{ number: 'MHBOT-SC/G-002', version: '1.0' }],
        }),
        SETTINGS,
      )
      created.chamber = chamber
      created.austin = await createListing(
        db,
        REGISTRAR,
        facility({
          organisationName: 'Example Wellness Centre',
          street: '100 Example Street',
          city: 'Austin',
          region: 'TX',
          postalCode: '78701',
          chambers: [{ listingId: chamber.id }, { name: 'A typed example chamber' }],
        }),
        SETTINGS,
      )
      created.roundRock = await createListing(
        db,
        REGISTRAR,
        facility({
          organisationName: 'Sample Hyperbaric Studio',
          street: '2 Sample Road',
          city: 'Round Rock',
          region: 'TX',
          postalCode: '78664',
        }),
        SETTINGS,
      )
      created.boston = await createListing(
        db,
        REGISTRAR,
        facility({
          organisationName: 'Demo Calm Rooms',
          street: '3 Demo Square',
          city: 'Boston',
          region: 'MA',
          postalCode: '02108',
        }),
        SETTINGS,
      )
      const denver = await createListing(
        db,
        REGISTRAR,
        facility({
          organisationName: 'Paused Example Spa',
          street: '4 Example Avenue',
          city: 'Denver',
          region: 'CO',
          postalCode: '80202',
        }),
        SETTINGS,
      )
      created.denver = denver
      // A newer version of the standard they declare: their pages then say so (issue 37, item 4).
      const day = 24 * 60 * 60 * 1000
      await createDraft(db, REGISTRAR, 'MHBOT-SC/G-001', { version: '1.1', changeSummary: 'A clearer checklist.' })
      await openReview(
        db,
        REGISTRAR,
        'MHBOT-SC/G-001',
        '1.1',
        { closesAt: new Date(Date.now() - 2 * day) },
        14,
        new Date(Date.now() - 30 * day),
      )
      await publishVersion(db, REGISTRAR, 'MHBOT-SC/G-001', '1.1', { effectiveDate: TODAY }, { notify: false })
      await changeListingStatus(
        db,
        REGISTRAR,
        StatusChangeSchema.parse({
          id: denver.id,
          action: 'suspend',
          reason: 'The council is reviewing a complaint about the session records.',
        }),
      )
    })

    it('lists the listed ones by name, never the suspended one, and finds them by postal code and by city', async () => {
      const { page, problems } = await stack.openPage()
      await gotoHydrated(page, `${stack.url}/registry`)
      await expect(page.getByTestId('count-line').textContent()).resolves.toBe('4 listings found')
      const names = await cardNames(page)
      expect(names).not.toContain('Paused Example Spa')
      expect(names).toContain('Example Chambers Calm 130')

      const search = page.getByRole('search', { name: 'Search the registry' })
      await search.getByRole('searchbox', { name: 'Name or place' }).fill('02108')
      await search.getByRole('button', { name: 'Search' }).click()
      await page.waitForURL(`${stack.url}/registry?q=02108`)
      await page.getByText('1 listing found').waitFor()
      expect(await cardNames(page)).toEqual(['Demo Calm Rooms'])

      await search.getByRole('searchbox', { name: 'Name or place' }).fill('Round Rock')
      await search.getByRole('button', { name: 'Search' }).click()
      await page.waitForURL(/q=Round(\+|%20)Rock/)
      // The last search also found one listing: wait for this one's card, not for its count line.
      await page.getByTestId('listing-card').getByRole('heading', { name: 'Sample Hyperbaric Studio' }).waitFor()
      await page.getByText('1 listing found').waitFor()
      expect(await cardNames(page)).toEqual(['Sample Hyperbaric Studio'])

      // A suspended listing is found when asked for, and says so in words.
      await gotoHydrated(page, `${stack.url}/registry?status=suspended`)
      expect(await cardNames(page)).toEqual(['Paused Example Spa'])
      await expect(page.getByTestId('listing-card').getByTestId('listing-status').textContent()).resolves.toBe(
        'Suspended',
      )
      expect(problems).toEqual([])
    })

    it('near a ZIP code lists the facilities nearest first, with the distance; an unknown ZIP code is said beside its box', async () => {
      const { page, problems } = await stack.openPage({ width: 390, height: 844 })
      await gotoHydrated(page, `${stack.url}/registry`)
      const search = page.getByRole('search', { name: 'Search the registry' })
      await search.getByRole('textbox', { name: 'Near a US ZIP code' }).fill('78701')
      await search.getByRole('button', { name: 'Search' }).click()
      await page.waitForURL(`${stack.url}/registry?near=78701`)
      await page.getByText(/nearest first to .*78701/).waitFor()
      expect(await cardNames(page)).toEqual(['Example Wellness Centre', 'Sample Hyperbaric Studio', 'Demo Calm Rooms'])
      const distances = await page.getByTestId('listing-distance').allTextContents()
      expect(distances).toHaveLength(3)
      expect(distances[0]).toMatch(/^(under|about) [\d.]+ mi \([\d.]+ km\) away$/)

      const answer = await page.goto(`${stack.url}/registry?near=00000`)
      expect(answer?.status()).toBe(200)
      const box = page.getByRole('textbox', { name: 'Near a US ZIP code' })
      await expect(box.getAttribute('aria-invalid')).resolves.toBe('true')
      await expect(page.getByText(unknownZipSentence('00000'), { exact: true }).isVisible()).resolves.toBe(true)
      await expect(page.getByTestId('listing-card').count()).resolves.toBe(0)
      expect(problems).toEqual([])
    })

    it('"Check a listing" opens the listing for a number typed loosely, and says "No listing has this number" otherwise, with no list', async () => {
      const typed = `mhbot sc l ${Number(created.austin.number.slice(-4))}`
      for (const javaScriptEnabled of [true, false]) {
        const { page, problems } = await stack.openPage({ javaScriptEnabled })
        if (javaScriptEnabled) await gotoHydrated(page, `${stack.url}/registry`)
        else await page.goto(`${stack.url}/registry`)
        const check = page.getByTestId('check-listing')
        await check.getByRole('textbox', { name: 'Listing number' }).fill(typed)
        await check.getByRole('button', { name: 'Check' }).click()
        await page.waitForURL(`${stack.url}/registry/${created.austin.key}`)
        await page.getByRole('heading', { name: 'Example Wellness Centre', level: 1 }).waitFor()

        for (const unknown of ['MHBOT-SC/L-9999', 'not a number']) {
          if (javaScriptEnabled) await gotoHydrated(page, `${stack.url}/registry`)
          else await page.goto(`${stack.url}/registry`)
          await page.getByTestId('check-listing').getByRole('textbox', { name: 'Listing number' }).fill(unknown)
          await page.getByTestId('check-listing').getByRole('button', { name: 'Check' }).click()
          await page.waitForURL(/\/registry\?number=/)
          await page.getByText(NO_LISTING, { exact: true }).waitFor()
          const box = page.getByRole('textbox', { name: 'Listing number' })
          await expect(box.getAttribute('aria-invalid')).resolves.toBe('true')
          await expect(box.inputValue()).resolves.toBe(unknown)
          await expect(page.getByTestId('listing-card').count()).resolves.toBe(0)
        }
        expect(problems.filter((problem) => !problem.includes('status of 404'))).toEqual([])
      }
      // The server answers the check itself with a 303 to the listing.
      const found = await fetch(`${stack.url}/registry?number=${encodeURIComponent(typed)}`, { redirect: 'manual' })
      expect(found.status).toBe(303)
      expect(found.headers.get('location')).toBe(`/registry/${created.austin.key}`)
    })

    it('a listed facility: status first in words, its dates, declarations, chambers, history, JSON-LD and the badge', async () => {
      const path = `/registry/${created.austin.key}`
      const { page, problems } = await stack.openPage()
      await gotoHydrated(page, `${stack.url}${path}`)
      const panel = page.getByTestId('listing-status-panel')
      await expect(panel.getByRole('heading', { level: 2 }).textContent()).resolves.toBe('Status: Listed')
      await expect(panel.getByTestId('listing-number').textContent()).resolves.toBe(created.austin.number)
      // The status panel comes before everything else the page says about the listing.
      const order = await page.evaluate(() =>
        [...document.querySelectorAll('main h2')].map((heading) => heading.textContent?.trim()),
      )
      expect(order[0]).toBe('Status: Listed')

      const declared = page.getByTestId('listing-declarations').getByRole('link')
      await expect(declared.getAttribute('href')).resolves.toBe('/standards/MHBOT-SC-G-001/v/1.0')
      await expect(page.getByTestId('declaration-superseded').textContent()).resolves.toBe(
        ` (declares version 1.0, superseded on ${printed(TODAY)}, by version 1.1)`,
      )
      const chambers = page.getByTestId('listing-chambers')
      await expect(
        chambers.getByRole('link', { name: 'Example Chambers Calm 130' }).getAttribute('href'),
      ).resolves.toBe(`/registry/${created.chamber.key}`)
      await expect(chambers.getByText('A typed example chamber').isVisible()).resolves.toBe(true)
      await expect(page.getByTestId('listing-address').textContent()).resolves.toContain('Austin, TX 78701')
      await expect(page.getByTestId('listing-history').getByRole('listitem').count()).resolves.toBe(1)

      const code = await page.getByTestId('badge-code').textContent()
      expect(code).toContain(`${path}/badge.svg`)
      expect(code).toMatch(/^<a href="[^"]+"><img src="[^"]+" alt="[^"]+" width="260" height="56"><\/a>$/)
      const structured = await page
        .locator('script[type="application/ld+json"]')
        .evaluateAll((scripts) => scripts.map((script) => JSON.parse(script.textContent ?? '{}')))
      const organisation = structured.find((data) => data.identifier === created.austin.number)
      expect(organisation).toMatchObject({ '@type': 'Organization', name: 'Example Wellness Centre' })
      expect(problems).toEqual([])

      // Any other spelling of the number leads to the one address; no such listing is the not-found page.
      for (const typed of [
        `/registry/${created.austin.key.toLowerCase()}`,
        `/registry/L-${Number(created.austin.number.slice(-4))}`,
        `/registry/${created.austin.number.replace('/', '%2F')}`,
        `/registry/${created.austin.number}`,
      ]) {
        const answer = await fetch(`${stack.url}${typed}`)
        expect(answer.url, typed).toBe(`${stack.url}${path}`)
        expect(answer.status, typed).toBe(200)
      }
      for (const missing of ['/registry/MHBOT-SC-L-9999', '/registry/nothing-here', '/registry/MHBOT-SC-G-001']) {
        expect((await fetch(`${stack.url}${missing}`)).status, missing).toBe(404)
      }
    })

    it('a chamber model: its facts, the listed facilities that use it, and Product JSON-LD', async () => {
      const { page, problems } = await stack.openPage({ width: 390, height: 844 })
      await gotoHydrated(page, `${stack.url}/registry/${created.chamber.key}`)
      await expect(page.getByTestId('chamber-pressure').textContent()).resolves.toBe('1.3 ATA')
      await expect(page.getByTestId('chamber-fda').textContent()).resolves.toBe('None stated')
      await expect(page.getByTestId('chamber-stated').textContent()).resolves.toBe('ASME PVHO-1')
      await expect(
        page.getByTestId('listing-used-by').getByRole('link', { name: 'Example Wellness Centre' }).getAttribute('href'),
      ).resolves.toBe(`/registry/${created.austin.key}`)
      const types = await page
        .locator('script[type="application/ld+json"]')
        .evaluateAll((scripts) => scripts.map((script) => JSON.parse(script.textContent ?? '{}')['@type']))
      expect(types).toContain('Product')
      expect(problems).toEqual([])
    })

    it('a suspended listing says so at the top, with the council’s reason, with and without JavaScript', async () => {
      const path = `/registry/${created.denver.key}`
      for (const javaScriptEnabled of [true, false]) {
        const { page, problems } = await stack.openPage({ javaScriptEnabled, width: 320, height: 844 })
        if (javaScriptEnabled) await gotoHydrated(page, `${stack.url}${path}`)
        else await page.goto(`${stack.url}${path}`)
        const panel = page.getByTestId('listing-status-panel')
        await expect(panel.getByRole('heading', { level: 2 }).textContent()).resolves.toBe('Status: Suspended')
        await expect(panel.getByTestId('listing-status-text').textContent()).resolves.toBe(STATUS_NOTICES.suspended)
        await expect(panel.getByTestId('listing-status-reason').textContent()).resolves.toContain(
          'The council is reviewing a complaint about the session records.',
        )
        const words = (await page.locator('main').textContent()) ?? ''
        expect(words).not.toContain('Status: Listed')
        const history = page.getByTestId('listing-history').getByRole('listitem')
        await expect(history.count()).resolves.toBe(2)
        await expect(history.nth(1).textContent()).resolves.toMatch(/Listed\s*→\s*to Suspended/)
        expect(await pageWidth(page)).toBeLessThanOrEqual(320)
        expect(problems).toEqual([])
      }
    })

    it('axe finds nothing on the registry, a listed and a suspended listing at 1280 and 320 px', {
      timeout: 180_000,
    }, async () => {
      const paths = [
        '/registry',
        '/registry?near=78701',
        '/registry?number=MHBOT-SC%2FL-9999',
        `/registry/${created.austin.key}`,
        `/registry/${created.chamber.key}`,
        `/registry/${created.denver.key}`,
      ]
      for (const width of [1280, 320]) {
        const { page, problems } = await stack.openPage({ width, height: width > 500 ? 900 : 844 })
        for (const path of paths) {
          const answer = await gotoHydrated(page, `${stack.url}${path}`)
          expect(answer?.status(), `${path} at ${width} px`).toBe(200)
          await expect(page.title()).resolves.toMatch(/ \| /)
          expect(await axeViolations(page), `${path} at ${width} px`).toEqual([])
          expect(await pageWidth(page), `${path} at ${width} px`).toBeLessThanOrEqual(width)
        }
        expect(problems).toEqual([])
      }
    })

    it('screenshots: the registry with listings, a listed and a suspended listing, the refusals', {
      timeout: 300_000,
    }, async () => {
      await shoot(stack, '/registry', 'list')
      await shoot(stack, '/registry?near=78701', 'near')
      await shoot(stack, `/registry/${created.austin.key}`, 'listed')
      await shoot(stack, `/registry/${created.chamber.key}`, 'chamber')
      await shoot(stack, `/registry/${created.denver.key}`, 'suspended')
      await shoot(stack, '/registry?number=MHBOT-SC%2FL-9999', 'unknown-number')
      await shoot(stack, '/registry?near=00000', 'unknown-zip')
    })
  })
})
