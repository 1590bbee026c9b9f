import { mkdir } from 'node:fs/promises'
import { fileURLToPath } from 'node:url'
import type { Page } from 'playwright-core'
import { beforeAll, describe, expect, it } from 'vitest'
import { documentUrl } from '../../src/content/documents'
import { chromiumAndPostgres } from '../helpers/browser'
import { pdfText } from '../helpers/pdf-text'
import { navLinks, scrollsSideways } from './admin-support'
import { axeViolations } from './axe'
import { useStack } from './stack'
import { gotoHydrated } from './support'

/**
 * The council's identity in the admin (issue 39, item 3; decision 050), in Chromium against the
 * built server with a real identity provider: an owner changes the phone line and sees it on
 * /contact and in the position statement's PDF; a second owner's form, opened before that save, is
 * told instead of undoing it; the name the configuration fixes is read-only; an editor has no such
 * screen. With SCREENSHOTS=1 the screen is saved at each width (tests/.artifacts/screens/).
 */
const EDITOR = 'editor@example.org'
const SECOND_OWNER = 'second-owner@example.org'
const PHONE = '+1 (555) 010-0199'
const DISCLAIMER =
  'Everything on this site is wellness and education, not medical advice. Ask a healthcare provider before any session.'
const SHOTS = process.env.SCREENSHOTS ? fileURLToPath(new URL('../.artifacts/screens/', import.meta.url)) : null

const form = (page: Page) => page.getByTestId('settings-form')
const field = (page: Page, name: string) => form(page).getByRole('textbox', { name, exact: false })

describe.skipIf(!chromiumAndPostgres())('the council settings in Chromium', () => {
  const stack = useStack({
    oidc: true,
    env: { COUNCIL_NAME: 'Mild Hyperbaric Oxygen Standards Council' },
    team: [
      { email: SECOND_OWNER, firstName: 'Olive', role: 'owner' },
      { email: EDITOR, firstName: 'Eddie', role: 'editor' },
    ],
  })

  beforeAll(async () => {
    if (SHOTS) await mkdir(SHOTS, { recursive: true })
  })

  it('an owner changes the phone line and the disclaimer: /contact and the PDF show them; a stale form is told; axe finds nothing', async () => {
    const owner = await stack.signIn('/admin/settings')
    const { page } = owner
    await page.getByRole('heading', { name: 'The council’s identity' }).waitFor()
    await form(page).waitFor()
    // The configuration fixes the name: shown, read-only, and said so.
    const name = field(page, 'Council name')
    expect(await name.inputValue()).toBe('Mild Hyperbaric Oxygen Standards Council')
    expect(await name.getAttribute('readonly')).not.toBeNull()
    await form(page).getByText('Set by the server’s configuration (COUNCIL_NAME): it cannot be changed here.').waitFor()
    expect(await field(page, 'Phone line').inputValue()).toBe('Available upon request')
    await form(page).getByText('Never saved: these are the starting values.').waitFor()

    // A second owner opens the same form before the first saves.
    const second = await stack.signIn('/admin/settings', { email: SECOND_OWNER })
    await form(second.page).waitFor()

    // Bad input is told at the field, and nothing is sent.
    await field(page, 'E-mail').fill('not an address')
    await form(page).getByRole('button', { name: 'Save the settings' }).click()
    await form(page).getByText('Enter a valid e-mail address').waitFor()
    await field(page, 'E-mail').fill('info@mhbotstandards.org')
    await field(page, 'Phone line').fill(PHONE)
    // The disclaimer says, before it is changed, that every page shows it.
    await form(page).getByTestId('disclaimer-warning').getByText('Every page shows the disclaimer').waitFor()
    await field(page, 'Disclaimer').fill(DISCLAIMER)
    await form(page).getByRole('button', { name: 'Save the settings' }).click()
    await page.getByText('Settings saved').waitFor()
    await form(page)
      .getByText(/^Last saved .* by admin@example\.org$/)
      .waitFor()

    for (const width of [1280, 390, 320]) {
      await page.setViewportSize({ width, height: 900 })
      expect(await scrollsSideways(owner), `${width} px`).toBe(false)
      expect(await axeViolations(page), `${width} px`).toEqual([])
      if (SHOTS) await page.screenshot({ path: `${SHOTS}admin-settings-${width}.png`, fullPage: true })
    }

    // The public contact page, as a visitor opens it, and the position statement's PDF.
    const visitor = await stack.openPage({ width: 390 })
    await gotoHydrated(visitor.page, `${stack.url}/contact`)
    const phone = visitor.page.getByRole('link', { name: PHONE })
    await phone.waitFor()
    expect(await phone.getAttribute('href')).toBe('tel:+15550100199')
    expect(await visitor.page.getByText('Available upon request').count()).toBe(0)
    // The page's disclaimer box and its footer both say the owner's words.
    expect(await visitor.page.getByTestId('disclaimer').textContent()).toContain(DISCLAIMER)
    expect(await visitor.page.locator('footer').textContent()).toContain(DISCLAIMER)
    // The document's old address leads to its current version's PDF.
    const pdf = await visitor.page.request.get(`${stack.url}${documentUrl('position-statement-mhbot-sc-001')}`)
    expect(pdf.status()).toBe(200)
    expect(pdfText(await pdf.body()).replace(/\s+/g, ' ')).toContain(`Phone ${PHONE}`)

    // The second owner's form was opened at the version before: saving is refused, in words, and the
    // first owner's phone line stays.
    await field(second.page, 'Reply time').fill('a week')
    await form(second.page).getByRole('button', { name: 'Save the settings' }).click()
    const refused = second.page.getByTestId('settings-refused')
    await refused.getByText(/^Another member saved the settings after you opened them/).waitFor()
    await gotoHydrated(visitor.page, `${stack.url}/contact`)
    await visitor.page.getByText('We typically reply within 2-3 business days.', { exact: false }).waitFor()
    await visitor.page.getByRole('link', { name: PHONE }).waitFor()
    expect(owner.problems).toEqual([])
  })

  it('an editor has no settings screen, and is told so at its address', async () => {
    const editor = await stack.signIn('/admin/news', { email: EDITOR })
    const { page } = editor
    await page.getByRole('navigation', { name: 'Admin' }).waitFor()
    expect(await navLinks(page)).not.toContain('Council settings')
    await page.goto(`${stack.url}/admin/settings`)
    await page.getByText('Your role (editor) does not include this screen.').waitFor()
    expect(await page.getByTestId('settings-form').count()).toBe(0)
  })

  it('an owner reaches the screen through the grouped navigation on a phone', async () => {
    const owner = await stack.signIn('/admin/team', { width: 320 })
    const nav = owner.page.getByRole('navigation', { name: 'Admin' })
    await nav.getByRole('button', { name: /^Admin menu: Team/ }).click()
    // Each group a list named by its label.
    const council = nav.getByRole('list', { name: 'Council & team' })
    expect(await council.getByRole('link').allTextContents()).toEqual([
      'Team',
      'Council settings',
      'Activity',
      'Your sessions',
    ])
    expect(await axeViolations(owner.page)).toEqual([])
    if (SHOTS) await owner.page.screenshot({ path: `${SHOTS}admin-nav-320-open.png`, fullPage: true })
    await council.getByRole('link', { name: 'Council settings' }).click()
    await owner.page.getByRole('heading', { name: 'The council’s identity' }).waitFor()
    expect(await scrollsSideways(owner)).toBe(false)
  })
})
