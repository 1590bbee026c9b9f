import { mkdir } from 'node:fs/promises'
import type { Page } from 'playwright-core'
import { beforeAll, describe, expect, it } from 'vitest'
import { chromiumAndPostgres } from '../helpers/browser'
import { scrollsSideways } from './admin-support'
import { axeViolations } from './axe'
import { useStack } from './stack'
import { gotoHydrated } from './support'

/**
 * The FAQ in the admin (issue 39, items 2 and 4; decision 054), in Chromium against the built server
 * with a real identity provider: an editor changes an answer, sees it in the preview, saves and
 * publishes it, and finds it on /faq and in the site search; a second editor's screen, opened
 * before, is told instead of undoing it; the starting text is restored from the revisions.
 */
const EDITOR = 'editor@example.org'
const SECOND = 'second-editor@example.org'
const NEW_ANSWER =
  'A session usually lasts 60 to 90 minutes; a first, unhurried session may be shorter while you get used to the pressure.'
const SHOTS = '/tmp/shots-admin-faq'
const DESCRIPTION = 'Straight answers about mild hyperbaric sessions, from a first visit to choosing a facility.'

const category = (page: Page, title: string) =>
  page.getByTestId('faq-editor-category').filter({ has: page.getByRole('heading', { name: title, exact: true }) })

describe.skipIf(!chromiumAndPostgres())('the FAQ in the admin, in Chromium', () => {
  const stack = useStack({
    oidc: true,
    team: [
      { email: EDITOR, firstName: 'Eddie', role: 'editor' },
      { email: SECOND, firstName: 'Sam', role: 'editor' },
    ],
  })

  beforeAll(async () => {
    await mkdir(SHOTS, { recursive: true })
  })

  it('an editor changes an answer, previews, publishes: /faq and the search show it; a stale screen is told; a revision is restored', async () => {
    const editor = await stack.signIn('/admin/faq', { email: EDITOR })
    const { page } = editor
    editor.problems.length = 0
    await page.getByRole('heading', { name: 'Frequently asked questions' }).waitFor()
    await page
      .getByTestId('faq-status')
      .getByText(/nothing has been published here yet/)
      .waitFor()
    const second = await stack.signIn('/admin/faq', { email: SECOND })
    await second.page.getByRole('heading', { name: 'Frequently asked questions' }).waitFor()

    const sessions = category(page, 'Sessions & Experience')
    const answer = sessions.getByRole('textbox', { name: 'Answer 1' })
    const old = await answer.inputValue()
    expect(old.length).toBeGreaterThan(20)
    await answer.fill(NEW_ANSWER)
    await page.getByRole('textbox', { name: 'Description for search engines' }).fill(DESCRIPTION)
    // The preview follows the text on the screen.
    await expect.poll(() => page.getByTestId('faq-preview').textContent()).toContain(NEW_ANSWER)
    // An empty question is told at its field, and the focus goes there.
    await sessions.getByRole('button', { name: 'Add a question to Sessions & Experience' }).click()
    await page.getByRole('button', { name: 'Save draft' }).click()
    await sessions.getByText('Question is required').waitFor()
    await sessions
      .getByRole('button', { name: /^Remove question \d+ of Sessions & Experience$/ })
      .last()
      .click()
    await page.getByRole('button', { name: 'Save draft' }).click()
    await page.getByText('Draft saved', { exact: true }).waitFor()
    await page
      .getByTestId('faq-status')
      .getByText(/A draft waits/)
      .waitFor()
    // Nothing public changed yet.
    expect((await (await fetch(`${stack.url}/api/faq`)).text()).includes(NEW_ANSWER)).toBe(false)

    await page.getByRole('button', { name: 'Publish', exact: true }).click()
    const dialog = page.getByRole('dialog', { name: 'Publish the FAQ?' })
    await dialog.getByRole('button', { name: 'Publish', exact: true }).click()
    await page.getByText('The FAQ is published (revision 1): the site shows it now').waitFor()
    for (const width of [1280, 390, 320]) {
      await page.setViewportSize({ width, height: 900 })
      await page.screenshot({ path: `${SHOTS}/faq-editor-${width}.png`, fullPage: true })
      await page.evaluate(() => window.scrollTo(0, 0))
      await page.screenshot({ path: `${SHOTS}/faq-editor-top-${width}.png` })
      await page.getByRole('heading', { name: 'Revisions' }).scrollIntoViewIfNeeded()
      await page.screenshot({ path: `${SHOTS}/faq-editor-revisions-${width}.png` })
      expect(await scrollsSideways(editor), `editor at ${width}`).toBe(false)
      if (width !== 390) expect(await axeViolations(page), `editor at ${width}`).toEqual([])
    }

    // The public page and the search.
    const reader = await stack.openPage({ width: 390 })
    await gotoHydrated(reader.page, `${stack.url}/faq`)
    await reader.page.getByText(NEW_ANSWER).waitFor({ state: 'attached' })
    expect(await reader.page.locator('meta[name="description"]').getAttribute('content')).toBe(DESCRIPTION)
    expect(await reader.page.content()).not.toContain(old.slice(0, 40).replaceAll('&', '&amp;'))
    await gotoHydrated(reader.page, `${stack.url}/search?q=unhurried`)
    await reader.page
      .getByRole('link', { name: /How long|session/i })
      .first()
      .waitFor()
    expect(await reader.page.locator('main').textContent()).toContain('unhurried')
    expect(reader.problems).toEqual([])
    await reader.page.context().close()

    // The second editor's screen was opened before: their save is refused, their text stays.
    const theirs = category(second.page, 'Getting Started').getByRole('textbox', { name: 'Answer 1' })
    await theirs.fill('An answer written on a screen opened before the publish.')
    await second.page.getByRole('button', { name: 'Save draft' }).click()
    await second.page
      .getByTestId('faq-stale')
      .getByText(/^Another member saved or published the FAQ/)
      .waitFor()
    expect(await theirs.inputValue()).toBe('An answer written on a screen opened before the publish.')
    await second.page.context().close()

    // The revisions: compare the starting text with the FAQ now, and restore it as the draft.
    await page.setViewportSize({ width: 1280, height: 900 })
    const starter = page.locator('[data-testid="faq-revision"][data-revision="0"]')
    await starter.getByRole('button', { name: 'Compare the starting text' }).click()
    await starter.getByTestId('faq-revision-comparison').locator('ins').first().waitFor()
    expect(await starter.getByTestId('faq-revision-comparison').locator('ins').allTextContents()).toEqual(
      expect.arrayContaining([expect.stringContaining('unhurried')]),
    )
    await starter.scrollIntoViewIfNeeded()
    await page.screenshot({ path: `${SHOTS}/faq-revisions-1280.png` })
    // Viewed as the page showed it: the questions by category, none of the new words.
    await starter.getByRole('button', { name: 'View the starting text' }).click()
    const shown = starter.getByTestId('faq-revision-shown')
    await shown.getByRole('region', { name: 'Getting Started' }).waitFor()
    expect(await shown.textContent()).not.toContain('unhurried')
    await starter.getByRole('button', { name: 'Restore as draft (the starting text)' }).click()
    await page
      .getByRole('dialog', { name: 'Restore this revision as the draft?' })
      .getByRole('button', { name: 'Restore as draft' })
      .click()
    await page.getByText('The starting text is the draft now: review it, then publish').waitFor()
    await expect.poll(() => answer.inputValue()).toBe(old)
    await page.getByRole('button', { name: 'Publish', exact: true }).click()
    await dialog.getByRole('button', { name: 'Publish', exact: true }).click()
    await page.getByText('The FAQ is published (revision 2): the site shows it now').waitFor()
    await expect.poll(async () => (await (await fetch(`${stack.url}/api/faq`)).text()).includes(NEW_ANSWER)).toBe(false)
    expect(editor.problems.filter((problem) => !problem.includes('status of 409'))).toEqual([])
    await page.context().close()
  }, 150_000)
})
