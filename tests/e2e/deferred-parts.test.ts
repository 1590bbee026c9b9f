import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { chromiumAndPostgres } from '../helpers/browser'
import { useStack } from './stack'
import { isHydrated, partHasCode, reachFor, sleep, toastText, untilHydrated } from './support'

/**
 * A form's code comes when the visitor approaches the form, not with the page
 * (docs/decisions/059-forms-hydrate-on-approach.md): until then the form is the server's HTML, which
 * posts as HTML; a pointer over it or the focus in it fetches its chunk and React hydrates it, with
 * what was typed meanwhile kept.
 */

/** The scripts the page has asked for so far, by file name. */
function scriptsAsked(page: Page) {
  const asked: string[] = []
  page.on('request', (request) => {
    if (request.resourceType() === 'script') asked.push(new URL(request.url()).pathname)
  })
  return asked
}

/** Loads the page and starts its code with a key press, as a visitor's first reach (decision 032), away from any form. */
async function loadAndReach(page: Page, url: string) {
  await page.goto(url, { waitUntil: 'load' })
  await reachFor(page)
  await page.waitForFunction(() => {
    const main = document.getElementById('main-content')
    return main !== null && Object.keys(main).some((key) => key.startsWith('__reactFiber'))
  })
}

describe.skipIf(!chromiumAndPostgres())('parts of a page whose code comes on approach', () => {
  const stack = useStack()

  it('/contact: the form waits as HTML until the visitor moves into it, then works with its code and keeps what was typed', async () => {
    const { page, problems } = await stack.openPage()
    const asked = scriptsAsked(page)
    await loadAndReach(page, `${stack.url}/contact`)
    await sleep(1000)
    expect(await isHydrated(page)).toBe(true)
    expect(await partHasCode(page, 'contact')).toBe(false)
    expect(asked.filter((file) => file.includes('/contact-form-'))).toEqual([])

    // The first field typed into is the approach: the code comes while the visitor types.
    const form = page.getByRole('region', { name: 'Send Us a Message' })
    await form.getByRole('textbox', { name: 'Name' }).pressSequentially('Approaching Visitor')
    await expect.poll(() => partHasCode(page, 'contact'), { timeout: 15_000 }).toBe(true)
    expect(asked.filter((file) => file.includes('/contact-form-'))).toHaveLength(1)
    await form.getByRole('textbox', { name: 'Email' }).fill('approach@example.org')
    await form.getByRole('textbox', { name: 'Subject' }).fill('Code on approach')
    await form.getByRole('textbox', { name: 'Message' }).fill('Sent by the form once its code had arrived.')
    expect(await form.getByRole('textbox', { name: 'Name' }).inputValue()).toBe('Approaching Visitor')
    await form.getByRole('button', { name: 'Send Message' }).click()
    expect(await toastText(page)).toContain('Message Received')
    expect(page.url()).toBe(`${stack.url}/contact`)
    const rows = await stack.sql`select name, subject from contact_submissions where email = 'approach@example.org'`
    expect(rows).toEqual([{ name: 'Approaching Visitor', subject: 'Code on approach' }])
    expect(problems).toEqual([])
  })

  it('/contact: a form whose code cannot be fetched at the approach stays the HTML form, and is sent as one', async () => {
    const { page, problems } = await stack.openPage()
    // The form's chunk fails as it would offline, or after a deploy replaced it.
    let refused = 0
    await page.route('**/assets/contact-form-*.js', (route) => {
      refused++
      return route.abort('internetdisconnected')
    })
    await loadAndReach(page, `${stack.url}/contact`)
    const form = page.getByRole('region', { name: 'Send Us a Message' })
    await form.getByRole('textbox', { name: 'Name' }).fill('Offline Visitor')
    await expect.poll(() => refused, { timeout: 15_000 }).toBeGreaterThan(0)
    await sleep(500)
    // Not the route's error page: the server's form, as it was, with what was typed.
    expect(await partHasCode(page, 'contact')).toBe(false)
    expect(await form.getByRole('textbox', { name: 'Name' }).inputValue()).toBe('Offline Visitor')
    await form.getByRole('textbox', { name: 'Email' }).fill('offline@example.org')
    await form.getByRole('textbox', { name: 'Subject' }).fill('Sent without the form code')
    await form.getByRole('textbox', { name: 'Message' }).fill('The form posted as HTML when its code could not come.')
    await form.getByRole('button', { name: 'Send Message' }).click()
    await page.waitForURL(`${stack.url}/contact?sent=1#form-heading`)
    const rows = await stack.sql`select name, subject from contact_submissions where email = 'offline@example.org'`
    expect(rows).toEqual([{ name: 'Offline Visitor', subject: 'Sent without the form code' }])
    // The browser reports the refused fetch; nothing else went wrong.
    expect(
      problems.filter((problem) => !/contact-form-|Failed to fetch|ERR_INTERNET_DISCONNECTED/.test(problem)),
    ).toEqual([])
  })

  it('/: a pointer over the newsletter form fetches its code; a visitor who never comes near it is not charged', async () => {
    const { page, problems } = await stack.openPage()
    const asked = scriptsAsked(page)
    await loadAndReach(page, `${stack.url}/`)
    await sleep(1000)
    expect(asked.filter((file) => file.includes('/newsletter-form-'))).toEqual([])
    await page.getByRole('heading', { name: 'Stay Informed' }).scrollIntoViewIfNeeded()
    await page.getByRole('heading', { name: 'Stay Informed' }).hover()
    await expect.poll(() => partHasCode(page, 'newsletter'), { timeout: 15_000 }).toBe(true)
    expect(asked.filter((file) => file.includes('/newsletter-form-'))).toHaveLength(1)
    expect(problems).toEqual([])
  })

  it('/research: a tab chosen before the toolbar has its code leaves the toolbar in place, and the toolbar works once approached', async () => {
    const { page, problems } = await stack.openPage()
    await loadAndReach(page, `${stack.url}/research`)
    await sleep(500)
    expect(await partHasCode(page, 'research-toolbar')).toBe(false)
    const tabs = page.getByRole('tablist', { name: 'Study categories' })
    await tabs.getByRole('tab', { name: 'Safety Standards' }).click()
    await page.waitForURL(/category=Safety\+Standards/)
    // The page changed around the toolbar, which is still the server's, untouched.
    await sleep(300)
    expect(await page.getByRole('searchbox', { name: 'Search studies' }).isVisible()).toBe(true)
    expect(await partHasCode(page, 'research-toolbar')).toBe(false)

    // A mouse on its way to the sort is the approach; the choice made while the code comes is kept.
    await page.getByLabel('Sort').hover()
    await page.getByLabel('Sort').selectOption('title')
    await page.waitForURL(/sort=title/)
    expect(page.url()).toContain('category=Safety+Standards')
    expect(await partHasCode(page, 'research-toolbar')).toBe(true)
    expect(problems).toEqual([])
  })

  it('a form reached by a client-side visit is rendered with its code at once', async () => {
    const { page, problems } = await stack.openPage()
    await page.goto(`${stack.url}/privacy`, { waitUntil: 'load' })
    await reachFor(page)
    await untilHydrated(page)
    await page.getByRole('contentinfo').getByRole('link', { name: 'Contact', exact: true }).click()
    await page.waitForURL(`${stack.url}/contact`)
    const name = page.getByRole('region', { name: 'Send Us a Message' }).getByRole('textbox', { name: 'Name' })
    await name.waitFor()
    await expect.poll(() => partHasCode(page, 'contact'), { timeout: 15_000 }).toBe(true)
    expect(problems).toEqual([])
  })
})
