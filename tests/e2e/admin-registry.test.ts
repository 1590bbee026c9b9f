import { mkdir } from 'node:fs/promises'
import { fileURLToPath } from 'node:url'
import type { Locator, Page } from 'playwright-core'
import { beforeAll, describe, expect, it } from 'vitest'
import { ATA_REFUSAL, listingKey, STATUS_NOTICES } from '../../src/shared/registry'
import { chromiumAndPostgres } from '../helpers/browser'
import { makePdf } from '../helpers/fixtures'
import { navLinks, scrollsSideways } from './admin-support'
import { axeViolations } from './axe'
import { useStack } from './stack'
import { focused, gotoHydrated } from './support'

/**
 * The registry's admin screen, end to end (issue 37, item 3 and its "Done when"), in Chromium
 * against the built server with a real identity provider: a registrar lists a chamber model and a
 * facility that uses it, with an evidence PDF; a visitor finds the facility by its ZIP code and by
 * its number typed loosely; the registrar suspends it with a public reason; the visitor's page, the
 * badge and the feed all say suspended. Editors and moderators neither see the screen nor reach its
 * procedures. With SCREENSHOTS=1 the screen is saved at each width (tests/.artifacts/screens/).
 */
const REGISTRAR = 'registrar@example.org'
const EDITOR = 'editor@example.org'
const MODERATOR = 'moderator@example.org'
const SHOTS = process.env.SCREENSHOTS ? fileURLToPath(new URL('../.artifacts/screens/', import.meta.url)) : null

const CHAMBER = {
  organisation: 'Example Chambers Inc.',
  email: 'makers@example.org',
  manufacturer: 'Example Chambers',
  model: 'Calm 1300',
}
const FACILITY = {
  organisation: 'Example Wellness Centre',
  website: 'https://example.org',
  email: 'centre@example.org',
  street: '100 Example Street',
  city: 'Austin',
  region: 'TX',
  zip: '78701',
}
const REASON = 'A session above the chamber’s rating was reported and is being looked into.'

const waitLoaded = (page: Page) =>
  page
    .locator('[aria-live="polite"]')
    .filter({ hasText: /^Loading/ })
    .waitFor({ state: 'detached' })

const editorOf = (page: Page) => page.getByTestId('listing-editor')
const field = (scope: Locator, name: string) => scope.getByRole('textbox', { name, exact: true })

/** The number the editor shows once the listing is stored. */
async function listingNumber(page: Page): Promise<string> {
  const number = editorOf(page).getByTestId('listing-number')
  await number.waitFor()
  return (await number.textContent()) ?? ''
}

/** A tRPC call from inside the signed-in page, as the screen's own client would make it: its HTTP status. */
const trpcStatus = (page: Page, path: string, input: unknown, method: 'GET' | 'POST') =>
  page.evaluate(
    async ({ path, input, method }) => {
      const body = JSON.stringify({ json: input })
      const response =
        method === 'GET'
          ? await fetch(`/trpc/${path}?input=${encodeURIComponent(body)}`)
          : await fetch(`/trpc/${path}`, { method, headers: { 'content-type': 'application/json' }, body })
      return response.status
    },
    { path, input, method },
  )

describe.skipIf(!chromiumAndPostgres())('the registry in the admin, in Chromium', () => {
  const stack = useStack({
    oidc: true,
    team: [
      { email: REGISTRAR, firstName: 'Reggie', role: 'registrar' },
      { email: EDITOR, firstName: 'Eddie', role: 'editor' },
      { email: MODERATOR, firstName: 'Mo', role: 'moderator' },
    ],
  })

  beforeAll(async () => {
    if (SHOTS) await mkdir(SHOTS, { recursive: true })
  })

  it('a registrar lists a chamber model and a facility; a visitor finds it; a suspension shows everywhere', async () => {
    const registrar = await stack.signIn('/admin/registry', { email: REGISTRAR })
    const { page } = registrar
    registrar.problems.length = 0
    expect(await navLinks(page)).toEqual(['Registry', 'Activity', 'Your sessions'])
    await page.getByRole('heading', { name: 'Listings', level: 2 }).waitFor()
    await waitLoaded(page)
    await page.getByText(/^No listings yet/).waitFor()

    // A chamber model, kind first. Above 2.0 ATA the field says why it cannot be listed.
    await page.getByRole('button', { name: 'New chamber model' }).click()
    const editor = editorOf(page)
    await editor.getByRole('heading', { name: 'New chamber model' }).waitFor()
    expect((await focused(page)).id).toBe(await field(editor, 'Organisation name').getAttribute('id'))
    await field(editor, 'Organisation name').fill(CHAMBER.organisation)
    await field(editor, 'Contact e-mail').fill(CHAMBER.email)
    await field(editor, 'Manufacturer').fill(CHAMBER.manufacturer)
    await field(editor, 'Model name').fill(CHAMBER.model)
    await field(editor, 'Maximum working pressure (ATA)').fill('2.4')
    await field(editor, 'FDA 510(k) number').fill('k123456')
    await editor.getByRole('checkbox', { name: 'ASME PVHO-1' }).check()
    // The standards' seed publishes version 1.0 of each of its documents.
    const declared = editor.getByRole('checkbox', { name: /^MHBOT-SC\/G-002 version 1\.0/ })
    await declared.check()
    await editor.getByRole('button', { name: 'Add the chamber model' }).click()
    await editor.getByText(ATA_REFUSAL).waitFor()
    expect((await focused(page)).id).toBe(await field(editor, 'Maximum working pressure (ATA)').getAttribute('id'))
    await field(editor, 'Maximum working pressure (ATA)').fill('1.3')
    await editor.getByRole('button', { name: 'Add the chamber model' }).click()
    const chamberNumber = await listingNumber(page)
    expect(chamberNumber).toMatch(/^MHBOT-SC\/L-\d{4,}$/)
    await page.getByText(`Listing ${chamberNumber} added`).waitFor()
    await editor.getByRole('heading', { name: `${CHAMBER.manufacturer} ${CHAMBER.model}` }).waitFor()
    await editor.getByTestId('listing-status').getByText('Listed', { exact: true }).waitFor()

    // A facility that uses it, at a US ZIP code, with an evidence PDF.
    await page.getByRole('button', { name: 'New facility' }).click()
    await editor.getByRole('heading', { name: 'New facility' }).waitFor()
    await field(editor, 'Organisation name').fill(FACILITY.organisation)
    await field(editor, 'Website').fill(FACILITY.website)
    await field(editor, 'Contact e-mail').fill(FACILITY.email)
    await field(editor, 'Street').fill(FACILITY.street)
    await field(editor, 'City').fill(FACILITY.city)
    await field(editor, 'Region').fill(FACILITY.region)
    await field(editor, 'Postal code').fill(FACILITY.zip)
    await editor.getByRole('checkbox', { name: `${CHAMBER.manufacturer} ${CHAMBER.model} (${chamberNumber})` }).check()
    await editor.getByRole('checkbox', { name: /^MHBOT-SC\/G-002 version 1\.0/ }).check()
    await editor
      .locator('input[type=file]')
      .setInputFiles({ name: 'declaration.pdf', mimeType: 'application/pdf', buffer: await makePdf('Declaration') })
    const evidence = editor.getByTestId('evidence-document').filter({ hasText: 'declaration.pdf' })
    await evidence.getByText(/stored with the listing when it is saved/).waitFor()
    await editor.getByRole('button', { name: 'Add the facility' }).click()
    const number = await listingNumber(page)
    const key = listingKey(number)
    await page.getByText(`Listing ${number} added`).waitFor()
    await evidence.getByText(/ · added /).waitFor()

    // The evidence is the council's: its link downloads for the registrar, and no one else.
    const download = await evidence.getByRole('link', { name: 'declaration.pdf' }).getAttribute('href')
    expect(download).toMatch(/^\/api\/admin\/registry\/documents\//)
    const fetched = await page.evaluate(async (path) => {
      const response = await fetch(path)
      return { status: response.status, type: response.headers.get('content-type') }
    }, download ?? '')
    expect(fetched).toEqual({ status: 200, type: expect.stringContaining('application/pdf') })
    expect((await fetch(`${stack.url}${download}`)).status).toBe(401)

    // A second PDF, saved with an edit, then removed: a stored one only after asking.
    await editor
      .locator('input[type=file]')
      .setInputFiles({ name: 'extra.pdf', mimeType: 'application/pdf', buffer: await makePdf('Extra') })
    const extra = editor.getByTestId('evidence-document').filter({ hasText: 'extra.pdf' })
    await extra.getByText(/stored with the listing when it is saved/).waitFor()
    await editor.getByRole('button', { name: 'Save the listing' }).click()
    await page.getByText(`Listing ${number} saved`).waitFor()
    await extra.getByText(/ · added /).waitFor()
    await extra.getByRole('button', { name: 'Remove extra.pdf' }).click()
    const removal = page.getByRole('dialog', { name: 'Remove this document?' })
    await removal.getByRole('button', { name: 'Remove the document' }).click()
    await page.getByText('Document removed from the listing').waitFor()
    await extra.waitFor({ state: 'detached' })
    await expect.poll(() => editor.getByTestId('evidence-document').count()).toBe(1)

    // The list: both listings, counted.
    const rows = page.getByTestId('registry-row')
    await expect.poll(() => rows.count()).toBe(2)
    await page
      .getByTestId('registry-counts')
      .getByText(/^2 listings: 2 listed/)
      .waitFor()

    // A visitor finds the facility by its ZIP code, and by its number typed loosely.
    const visitor = await stack.openPage()
    await gotoHydrated(visitor.page, `${stack.url}/registry?q=${FACILITY.zip}`)
    await visitor.page.getByRole('link', { name: FACILITY.organisation }).first().waitFor()
    const loose = `l ${Number(number.replace(/^.*-/, ''))}`
    await visitor.page.goto(`${stack.url}/registry?number=${encodeURIComponent(loose)}`)
    await visitor.page.waitForURL(`${stack.url}/registry/${key}`)
    await visitor.page.getByRole('heading', { name: FACILITY.organisation }).first().waitFor()
    await visitor.page.getByText('Listed', { exact: true }).first().waitFor()
    expect(await visitor.page.content()).not.toContain(FACILITY.email)

    // The registrar suspends it: the dialog says the reason is public, and asks for one.
    await rows
      .filter({ hasText: FACILITY.organisation })
      .getByRole('button', { name: /^Open / })
      .click()
    await editor.getByRole('heading', { name: FACILITY.organisation }).waitFor()
    // It opens on its number.
    await expect.poll(async () => (await focused(page)).text).toBe(number)
    await editor.getByRole('button', { name: `Suspend ${number}` }).click()
    const dialog = page.getByRole('dialog', { name: `Suspend ${number}?` })
    await dialog.getByTestId('reason-is-public').waitFor()
    await dialog.getByRole('button', { name: 'Suspend the listing' }).click()
    await dialog.getByText(/^The reason must be at least 10 characters/).waitFor()
    await dialog.getByRole('textbox', { name: 'Public reason' }).fill(REASON)
    await dialog.getByRole('button', { name: 'Suspend the listing' }).click()
    await page.getByText(`${number} suspended`).waitFor()
    await dialog.waitFor({ state: 'detached' })
    await editor.getByTestId('listing-status').getByText('Suspended', { exact: true }).waitFor()
    await editor.getByTestId('listing-history').getByText('Listed → Suspended').waitFor()
    await editor.getByTestId('listing-history').getByText(REASON).waitFor()
    await expect.poll(async () => (await focused(page)).text).toBe(number)

    // The list's filter and search: the suspended one by its status, the chamber model by its number typed loosely.
    await page
      .getByTestId('registry-counts')
      .getByText(/^2 listings: 1 listed, 1 suspended/)
      .waitFor()
    await page.getByRole('combobox', { name: 'Status' }).selectOption('suspended')
    await expect.poll(() => rows.count()).toBe(1)
    await rows
      .first()
      .getByRole('button', { name: `Open ${FACILITY.organisation}` })
      .waitFor()
    await page.getByRole('combobox', { name: 'Status' }).selectOption('all')
    await page
      .getByRole('searchbox', { name: 'Search listings' })
      .fill(`l ${Number(chamberNumber.replace(/^.*-/, ''))}`)
    await page.waitForURL(/[?&]q=/)
    await expect.poll(() => rows.count()).toBe(1)
    await rows
      .first()
      .getByRole('button', { name: `Open ${CHAMBER.manufacturer} ${CHAMBER.model}` })
      .waitFor()
    await page.getByRole('searchbox', { name: 'Search listings' }).fill('')
    await expect.poll(() => rows.count()).toBe(2)

    // Withdrawing says it is final before anything happens.
    await editor.getByRole('button', { name: `Withdraw ${number}` }).click()
    const withdraw = page.getByRole('dialog', { name: `Withdraw ${number}?` })
    await withdraw.getByText(/^Withdrawing is final/).waitFor()
    await withdraw.getByRole('button', { name: 'Cancel' }).click()
    await withdraw.waitFor({ state: 'detached' })
    await editor.getByRole('button', { name: 'Close', exact: true }).click()
    await editor.waitFor({ state: 'detached' })
    await expect.poll(async () => (await focused(page)).text).toBe('Listings')

    // The visitor's page, the badge and the feed now say suspended.
    await gotoHydrated(visitor.page, `${stack.url}/registry/${key}`)
    await visitor.page.getByText(STATUS_NOTICES.suspended).waitFor()
    await visitor.page.getByText(REASON).first().waitFor()
    const badge = await fetch(`${stack.url}/registry/${key}/badge.svg`)
    expect(badge.headers.get('content-type')).toContain('image/svg+xml')
    const svg = await badge.text()
    expect(svg).toContain('Suspended')
    expect(svg).not.toMatch(/>\s*Listed\s*</)
    const feed = await (await fetch(`${stack.url}/registry/changes.xml`)).text()
    const newest = feed.slice(feed.indexOf('<entry'), feed.indexOf('</entry>'))
    expect(newest).toContain(number)
    expect(newest.toLowerCase()).toContain('suspended')
    expect(visitor.problems).toEqual([])
    await visitor.page.context().close()

    expect(registrar.problems).toEqual([])
    await page.context().close()
  }, 180_000)

  it('passes axe and fits 1280, 390 and 320 px: the list, the editor and the status dialog', async () => {
    for (const width of [1280, 390, 320]) {
      const watched = await stack.signIn('/admin/registry', { width })
      const { page } = watched
      watched.problems.length = 0
      await page.getByRole('heading', { name: 'Listings', level: 2 }).waitFor()
      await waitLoaded(page)
      await page.getByTestId('registry-row').first().waitFor()
      if (SHOTS) await page.screenshot({ path: `${SHOTS}admin-registry-list-${width}.png`, fullPage: true })
      expect(await scrollsSideways(watched), `list at ${width}`).toBe(false)
      if (width !== 390) expect(await axeViolations(page), `list at ${width}`).toEqual([])

      await page
        .getByTestId('registry-row')
        .filter({ hasText: FACILITY.organisation })
        .getByRole('button', { name: /^Open / })
        .click()
      const editor = editorOf(page)
      await editor.getByTestId('listing-history').waitFor()
      await editor.getByTestId('evidence-document').first().waitFor()
      await waitLoaded(page)
      if (SHOTS) await page.screenshot({ path: `${SHOTS}admin-registry-editor-${width}.png`, fullPage: true })
      expect(await scrollsSideways(watched), `editor at ${width}`).toBe(false)
      if (width !== 390) expect(await axeViolations(page), `editor at ${width}`).toEqual([])

      await editor.getByRole('button', { name: /^Reinstate / }).click()
      const dialog = page.getByRole('dialog')
      await dialog.getByTestId('reason-is-public').waitFor()
      await page.waitForTimeout(300)
      if (SHOTS) await page.screenshot({ path: `${SHOTS}admin-registry-status-${width}.png` })
      if (width !== 390) expect(await axeViolations(page), `status dialog at ${width}`).toEqual([])
      await dialog.getByRole('button', { name: 'Cancel' }).click()
      await dialog.waitFor({ state: 'detached' })

      // A new chamber model refused before it is sent: the fields' messages, the pressure's sentence.
      await page.getByRole('button', { name: 'New chamber model' }).click()
      await editor.getByRole('heading', { name: 'New chamber model' }).waitFor()
      await field(editor, 'Maximum working pressure (ATA)').fill('2.4')
      await editor.getByRole('button', { name: 'Add the chamber model' }).click()
      await editor.getByText(ATA_REFUSAL).waitFor()
      await waitLoaded(page)
      if (SHOTS) await editor.screenshot({ path: `${SHOTS}admin-registry-new-refused-${width}.png` })
      expect(await scrollsSideways(watched), `new listing at ${width}`).toBe(false)
      if (width !== 390) expect(await axeViolations(page), `new listing at ${width}`).toEqual([])
      expect(watched.problems, `at ${width}`).toEqual([])
      await page.context().close()
    }
  }, 180_000)

  it('an editor and a moderator do not see the screen, and its procedures refuse them', async () => {
    for (const email of [EDITOR, MODERATOR]) {
      const watched = await stack.signIn('/admin/registry', { email })
      const { page } = watched
      expect(await navLinks(page), email).not.toContain('Registry')
      await page.getByTestId('screen-refused').waitFor()
      expect(await page.getByRole('heading', { name: 'Listings' }).count()).toBe(0)
      expect(await trpcStatus(page, 'registry.admin.list', {}, 'GET'), email).toBe(403)
      expect(await trpcStatus(page, 'registry.admin.options', undefined, 'GET'), email).toBe(403)
      const create = {
        kind: 'chamber',
        organisationName: 'Refused Example',
        contactEmail: 'refused@example.org',
        manufacturer: 'Refused',
        modelName: 'Example',
        maxPressureAta: 1.3,
      }
      expect(await trpcStatus(page, 'registry.admin.create', create, 'POST'), email).toBe(403)
      const upload = await page.evaluate(async () => {
        const body = new FormData()
        body.append('file', new Blob(['%PDF-1.4'], { type: 'application/pdf' }), 'x.pdf')
        return (await fetch('/api/upload/registry-document', { method: 'POST', body })).status
      })
      expect(upload, email).toBe(403)
      await page.context().close()
    }
    const [stored] = await stack.sql<{ count: number }[]>`
      select count(*)::int as count from listings where organisation_name = 'Refused Example'`
    expect(stored?.count).toBe(0)
  }, 120_000)
})
