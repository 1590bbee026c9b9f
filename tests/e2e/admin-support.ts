import type { Page } from 'playwright-core'
import type { WatchedPage } from '../helpers/browser'

/** True when the page scrolls sideways: at 320 and 390 px no admin screen may. */
export const scrollsSideways = (watched: WatchedPage) =>
  watched.page.evaluate(() => document.documentElement.scrollWidth > document.documentElement.clientWidth)

/**
 * Goes to another admin screen through the admin navigation, as a person would: on a phone the
 * links sit behind the compact menu's button, which is opened first.
 */
export async function goToAdminScreen(page: Page, name: string) {
  const nav = page.getByRole('navigation', { name: 'Admin' })
  const menu = nav.getByRole('button', { name: /^Admin menu/ })
  if (await menu.isVisible()) await menu.click()
  await nav.getByRole('link', { name }).click()
}

/** The names of the admin navigation's links, in order (a count badge's words left out). */
export const navLinks = (page: Page) =>
  page
    .getByRole('navigation', { name: 'Admin' })
    .getByRole('link')
    .evaluateAll((links) => links.map((link) => (link.firstChild?.textContent ?? '').trim()))
