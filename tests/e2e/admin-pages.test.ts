import { mkdir } from 'node:fs/promises'
import { beforeAll, describe, expect, it } from 'vitest'
import { chromiumAndPostgres } from '../helpers/browser'
import { goToAdminScreen, scrollsSideways } from './admin-support'
import { axeViolations } from './axe'
import { useStack } from './stack'
import { gotoHydrated } from './support'

/**
 * The pages' words in the admin (issue 39, items 1 and 4; decision 055), in Chromium against the
 * built server with a real identity provider: an editor changes a sentence on /safety, sees it in
 * the preview (the page's own cards), saves and publishes it, finds it on /safety and in the site
 * search, then restores the earlier /safety from the revisions.
 */
const EDITOR = 'editor@example.org'
const OLD =
  'A trained operator is present for the whole of every session, stays in contact with the client, and knows and practises the chamber’s emergency depressurisation procedure.'
const NEW =
  'A trained operator stays beside the chamber for the whole of every session, in contact with the client, and practises the emergency depressurisation procedure every month.'
const SHOTS = '/tmp/shots-admin-pages'

describe.skipIf(!chromiumAndPostgres())("the pages' words in the admin, in Chromium", () => {
  const stack = useStack({ oidc: true, team: [{ email: EDITOR, firstName: 'Eddie', role: 'editor' }] })

  beforeAll(async () => {
    await mkdir(SHOTS, { recursive: true })
  })

  it('an editor changes a sentence on /safety, previews, publishes: the page and the search show it; the earlier page is restored', async () => {
    const editor = await stack.signIn('/admin', { email: EDITOR })
    const { page } = editor
    editor.problems.length = 0
    await goToAdminScreen(page, 'Pages')
    await page.getByTestId('page-list').waitFor()
    for (const width of [1280, 390, 320]) {
      await page.setViewportSize({ width, height: 900 })
      await page.screenshot({ path: `${SHOTS}/pages-list-${width}.png` })
      expect(await scrollsSideways(editor), `list at ${width}`).toBe(false)
    }
    await page.setViewportSize({ width: 1280, height: 900 })
    await page.getByTestId('page-list').getByRole('link', { name: 'Safety & Standards' }).click()
    await page.getByRole('heading', { name: 'Safety & Standards', level: 2 }).waitFor()
    await page
      .getByTestId('page-status')
      .getByText(/nothing has been published here yet/)
      .waitFor()

    const text = page.getByRole('textbox', { name: 'Protocol 2: text' })
    expect(await text.inputValue()).toBe(OLD)
    await text.fill(NEW)
    // The preview is the page's own card, with the text on the screen.
    const preview = page.getByTestId('page-preview')
    await expect
      .poll(() => preview.getByTestId('protocol-card').nth(1).textContent(), { timeout: 10_000 })
      .toContain(NEW)
    // A card left without a title is told at its field, and the focus goes there.
    await page.getByRole('button', { name: 'Add a card to Core safety protocols' }).click()
    await page.getByRole('button', { name: 'Save draft' }).click()
    await page.getByText('Title is required').waitFor()
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('page-sections-1-items-4-title')
    await page.getByRole('button', { name: 'Remove card 5 of Core safety protocols' }).click()
    await page.getByRole('button', { name: 'Save draft' }).click()
    await page.getByText('Draft saved', { exact: true }).waitFor()
    await page
      .getByTestId('page-status')
      .getByText(/A draft waits/)
      .waitFor()
    expect(await (await fetch(`${stack.url}/api/pages/safety`)).text()).not.toContain('every month')

    await page.getByRole('button', { name: 'Publish', exact: true }).click()
    const dialog = page.getByRole('dialog', { name: 'Publish Safety & Standards?' })
    await dialog.getByRole('button', { name: 'Publish', exact: true }).click()
    await page.getByText('Safety & Standards is published (revision 1): the site shows it now').waitFor()
    for (const width of [1280, 390, 320]) {
      await page.setViewportSize({ width, height: 900 })
      await page.evaluate(() => window.scrollTo(0, 0))
      await page.screenshot({ path: `${SHOTS}/page-editor-top-${width}.png` })
      await preview.scrollIntoViewIfNeeded()
      await page.screenshot({ path: `${SHOTS}/page-editor-preview-${width}.png` })
      await page.getByRole('heading', { name: 'Revisions' }).scrollIntoViewIfNeeded()
      await page.screenshot({ path: `${SHOTS}/page-editor-revisions-${width}.png` })
      expect(await scrollsSideways(editor), `editor at ${width}`).toBe(false)
      if (width !== 390) expect(await axeViolations(page), `editor at ${width}`).toEqual([])
    }

    // The public page and the search.
    const reader = await stack.openPage({ width: 390 })
    await gotoHydrated(reader.page, `${stack.url}/safety`)
    await reader.page.getByTestId('protocol-card').nth(1).getByText(NEW).waitFor()
    expect(await reader.page.content()).not.toContain('knows and practises')
    await gotoHydrated(reader.page, `${stack.url}/search?q=${encodeURIComponent('practises every month')}`)
    await reader.page
      .getByRole('link', { name: /Safety/ })
      .first()
      .waitFor()
    expect(reader.problems).toEqual([])
    await reader.page.context().close()

    // The revisions: compare the starting text with the page now, and restore it as the draft.
    await page.setViewportSize({ width: 1280, height: 900 })
    const starter = page.locator('[data-testid="page-revision"][data-revision="0"]')
    await starter.getByRole('button', { name: 'Compare the starting text' }).click()
    await starter.getByTestId('page-revision-comparison').locator('ins').first().waitFor()
    expect(await starter.getByTestId('page-revision-comparison').locator('ins').allTextContents()).toEqual(
      expect.arrayContaining([expect.stringContaining('month')]),
    )
    await starter.scrollIntoViewIfNeeded()
    await page.screenshot({ path: `${SHOTS}/page-revisions-1280.png` })
    // Viewed as the page showed it: the page's own cards, with the starting words.
    await starter.getByRole('button', { name: 'View the starting text' }).click()
    await starter.getByTestId('page-revision-shown').getByTestId('protocol-card').nth(1).getByText(OLD).waitFor()
    expect(await starter.getByTestId('page-revision-comparison').count()).toBe(0)
    for (const width of [390, 320]) {
      await page.setViewportSize({ width, height: 900 })
      await starter.getByTestId('page-revision-shown').scrollIntoViewIfNeeded()
      await page.screenshot({ path: `${SHOTS}/page-revision-shown-${width}.png` })
      expect(await scrollsSideways(editor), `revision shown at ${width}`).toBe(false)
    }
    await page.setViewportSize({ width: 1280, height: 900 })
    await starter.getByRole('button', { name: 'Restore as draft (the starting text)' }).click()
    await page
      .getByRole('dialog', { name: 'Restore this revision as the draft?' })
      .getByRole('button', { name: 'Restore as draft' })
      .click()
    await page.getByText('The starting text is the draft now: review it, then publish').waitFor()
    await expect.poll(() => text.inputValue()).toBe(OLD)
    await page.getByRole('button', { name: 'Publish', exact: true }).click()
    await dialog.getByRole('button', { name: 'Publish', exact: true }).click()
    await page.getByText('Safety & Standards is published (revision 2): the site shows it now').waitFor()
    await expect
      .poll(async () => (await (await fetch(`${stack.url}/api/pages/safety`)).text()).includes('every month'))
      .toBe(false)
    expect(editor.problems).toEqual([])
    await page.context().close()
  }, 150_000)

  it('an editor adds a topic on /contact and rewrites the footer: the previews show them, and so does every page once published', async () => {
    const editor = await stack.signIn('/admin/pages?page=contact', { email: EDITOR })
    const { page } = editor
    editor.problems.length = 0
    await page.getByRole('heading', { name: 'Contact Us', level: 2 }).waitFor()
    const topics = page
      .getByTestId('page-section')
      .filter({ hasText: 'Common inquiry topics' })
      .getByRole('textbox', { name: 'Text', exact: true })
    await topics.fill(`${await topics.inputValue()}\n- Chamber manufacturer questions`)
    const preview = page.getByTestId('page-preview')
    await expect
      .poll(() => preview.getByTestId('contact-topics').locator('li').allTextContents(), { timeout: 10_000 })
      .toContain('Chamber manufacturer questions')
    // The preview shows where the form goes, not a second form.
    await preview.getByText('The message form follows here, as the page shows it.').waitFor()
    await page.getByRole('button', { name: 'Save draft' }).click()
    await page.getByText('Draft saved', { exact: true }).waitFor()
    await page.getByRole('button', { name: 'Publish', exact: true }).click()
    await page
      .getByRole('dialog', { name: 'Publish Contact Us?' })
      .getByRole('button', { name: 'Publish', exact: true })
      .click()
    await page.getByText('Contact Us is published (revision 1): the site shows it now').waitFor()

    // The footer: no description of its own; its preview is the footer.
    await gotoHydrated(page, `${stack.url}/admin/pages?page=footer`)
    await page.getByRole('heading', { name: 'Footer', level: 2 }).waitFor()
    expect(await page.getByRole('textbox', { name: 'Description for search engines' }).count()).toBe(0)
    const about = page.getByTestId('page-section').getByRole('textbox', { name: 'Text', exact: true })
    await about.fill('The council sets safety standards for mild hyperbaric wellness. [Read the FAQ](/faq).')
    await expect
      .poll(() => preview.getByTestId('footer-about').textContent(), { timeout: 10_000 })
      .toContain('The council sets safety standards for mild hyperbaric wellness.')
    for (const width of [1280, 320]) {
      await page.setViewportSize({ width, height: 900 })
      expect(await scrollsSideways(editor), `footer editor at ${width}`).toBe(false)
      expect(await axeViolations(page), `footer editor at ${width}`).toEqual([])
      await preview.scrollIntoViewIfNeeded()
      await page.screenshot({ path: `${SHOTS}/footer-editor-preview-${width}.png` })
    }
    await page.getByRole('button', { name: 'Save draft' }).click()
    await page.getByText('Draft saved', { exact: true }).waitFor()
    await page.getByRole('button', { name: 'Publish', exact: true }).click()
    await page
      .getByRole('dialog', { name: 'Publish Footer?' })
      .getByRole('button', { name: 'Publish', exact: true })
      .click()
    await page.getByText('Footer is published (revision 1): the site shows it now').waitFor()

    const reader = await stack.openPage({ width: 390 })
    await gotoHydrated(reader.page, `${stack.url}/contact`)
    await reader.page.getByTestId('contact-topics').getByText('Chamber manufacturer questions').waitFor()
    await gotoHydrated(reader.page, `${stack.url}/faq`)
    const footer = reader.page.getByTestId('footer-about')
    await footer.getByText('The council sets safety standards for mild hyperbaric wellness.').waitFor()
    // Its link goes where it says, through the router once the code is there.
    await footer.getByRole('link', { name: 'Read the FAQ' }).click()
    await reader.page.waitForURL(`${stack.url}/faq`)
    expect(reader.problems).toEqual([])
    expect(editor.problems).toEqual([])
  }, 120_000)
})
