import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { chromiumAndPostgres } from '../helpers/browser'
import { linkIn } from '../helpers/smtp'
import { axeViolations } from './axe'
import { useStack } from './stack'

const SECRETARY = 'secretary@example.org'

const scrollsSideways = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth > document.documentElement.clientWidth)

/**
 * Sign-in links in Chromium, with mail on and no identity provider
 * (docs/decisions/037-sign-in-links-open-a-page.md): a link opens a page, a scanner's fetch of it
 * uses nothing up, and the person's "Sign in" button (pressed from the keyboard) lands in the
 * admin. The link printed at start goes the same way.
 */
describe.skipIf(!chromiumAndPostgres())('sign-in links in Chromium (mail on, no identity provider)', () => {
  const stack = useStack({ smtp: true, env: { ADMIN_EMAILS: SECRETARY } })

  /** The link's page: its words, the button, no fault for axe, nothing wider than the screen. */
  async function expectLinkPage(page: Page) {
    await page.getByRole('heading', { level: 1, name: 'Sign in to the admin' }).waitFor()
    await page.getByText(`This link signs ${SECRETARY} in`).waitFor()
    expect(await page.getByRole('button', { name: 'Sign in', exact: true }).isVisible()).toBe(true)
    expect(await axeViolations(page)).toEqual([])
    expect(await scrollsSideways(page)).toBe(false)
  }

  /** Tabs to the "Sign in" button and presses Enter, as a keyboard user would. */
  async function pressSignInFromKeyboard(page: Page) {
    const button = page.getByRole('button', { name: 'Sign in', exact: true })
    for (let tab = 0; tab < 10 && !(await button.evaluate((element) => element === document.activeElement)); tab++)
      await page.keyboard.press('Tab')
    expect(await button.evaluate((element) => element === document.activeElement)).toBe(true)
    await page.keyboard.press('Enter')
  }

  it('a mailed link: the page opens, a scanner’s fetch uses nothing up, the button signs in at 390 px', async () => {
    const { page, problems } = await stack.openPage({ width: 390 })
    await page.goto(`${stack.url}/api/login`)
    await page.getByRole('textbox', { name: 'Your e-mail address' }).fill(SECRETARY)
    await page.getByRole('button', { name: 'E-mail me a sign-in link' }).click()
    await page.getByRole('heading', { name: 'Check your e-mail' }).waitFor()
    const [mail] = await stack.smtp.waitFor(1)
    const link = linkIn(mail, `${stack.url}/api/login/link?token=`)

    // The mail provider's scanner fetches the link before the person opens it.
    const scanned = await fetch(link, { redirect: 'manual' })
    expect(scanned.status).toBe(200)
    expect(scanned.headers.get('set-cookie')).toBeNull()
    expect(await stack.sql`select 1 from login_tokens`).toHaveLength(0)

    await page.goto(link)
    await expectLinkPage(page)
    await pressSignInFromKeyboard(page)
    await page.waitForURL(`${stack.url}/admin`, { timeout: 15_000 })
    await page.getByText(`Signed in as: ${SECRETARY}`).waitFor()
    expect(await stack.sql`select 1 from login_tokens`).toHaveLength(1)
    expect(problems).toEqual([])

    // Opened again, in another browser: the page says it was used, and offers no button.
    const other = await stack.openPage({ width: 320 })
    const again = await other.page.goto(link)
    expect(again?.status()).toBe(400)
    await other.page.getByRole('heading', { level: 1, name: 'This sign-in link cannot be used' }).waitFor()
    await other.page.getByText('The link was already used').waitFor()
    expect(await other.page.getByRole('button').count()).toBe(0)
    expect(await axeViolations(other.page)).toEqual([])
    expect(await scrollsSideways(other.page)).toBe(false)
  })

  it('the link printed at start opens the same page, readable at 320 px, and signs in from its button', async () => {
    const printed = stack.server.logs().match(/http:\/\/127\.0\.0\.1:\d+\/api\/login\/link\?token=[\w.-]+/)?.[0]
    expect(printed).toBeDefined()
    const { page, problems } = await stack.openPage({ width: 320 })
    await page.goto(String(printed))
    await expectLinkPage(page)
    await page.getByRole('button', { name: 'Sign in', exact: true }).click()
    await page.waitForURL(`${stack.url}/admin`, { timeout: 15_000 })
    await page.getByText(`Signed in as: ${SECRETARY}`).waitFor()
    expect(problems).toEqual([])
  })
})
