import { mkdirSync } from 'node:fs'
import type { Page } from 'playwright-core'
import { beforeAll, describe, expect, it } from 'vitest'
import { chromiumAndPostgres } from '../helpers/browser'
import { axeViolations } from './axe'
import { useStack } from './stack'
import { gotoHydrated } from './support'

/**
 * The site's search in Chromium (docs/decisions/029-site-search.md), with JavaScript and without:
 * type a word, submit, read the grouped results with their marked words, follow one; axe on the
 * page with results, without a search and with none found, at 1280 and 320 px. Screenshots at 1280,
 * 390 and 320 px go to /tmp/shots-search/ for a person to look at.
 */
const SHOTS = '/tmp/shots-search/'
const WIDTHS = [1280, 390, 320] as const

/** Every group's heading and each result's link text, in the order shown. */
const groupsShown = (page: Page) =>
  page
    .getByTestId('search-outcome')
    .locator('section')
    .evaluateAll((sections) =>
      sections.map((section) => ({
        heading: section.querySelector('h2')?.textContent ?? '',
        results: [...section.querySelectorAll('li h3 a')].map((link) => link.textContent ?? ''),
      })),
    )

const markedWords = (page: Page) => page.getByTestId('search-outcome').locator('mark').allTextContents()

async function searchFor(page: Page, words: string) {
  const box = page.getByRole('search', { name: 'Site search' }).getByRole('searchbox', { name: 'Search the site' })
  await box.fill(words)
  await Promise.all([page.waitForURL(/\/search\?q=/), box.press('Enter')])
}

describe.skipIf(!chromiumAndPostgres())('the site search in Chromium', () => {
  const stack = useStack()

  beforeAll(async () => {
    mkdirSync(SHOTS, { recursive: true })
    await stack.sql`
      insert into posts (slug, title, summary, body, status, published_at)
      values ('chamber-contraindications', 'New guidance on contraindications',
              'The council updated its screening guidance.', 'Read the **contraindications** again.', 'published', now())`
  })

  it('with JavaScript: the prompt, then grouped results with marked words; a result leads to its section', async () => {
    const { page, problems } = await stack.openPage()
    await gotoHydrated(page, `${stack.url}/search`)
    await page.getByText('Type a word or two to search the site.').waitFor()

    await searchFor(page, 'contraindications')
    expect(new URL(page.url()).search).toBe('?q=contraindications')
    await page.getByRole('status').filter({ hasText: 'results for “contraindications”' }).waitFor()
    const groups = await groupsShown(page)
    expect(groups.map((group) => group.heading)).toEqual([
      'Pages',
      'Frequently asked questions',
      'Standards',
      'Educational resources',
      'News',
    ])
    expect(groups[0]?.results[0]).toBe('Safety & Standards: Contraindications')
    expect(groups[4]?.results).toEqual(['New guidance on contraindications'])
    const words = await markedWords(page)
    expect(words.length).toBeGreaterThan(3)
    expect(words.every((word) => /^contraindications$/i.test(word))).toBe(true)
    // The box keeps the search; the tab's title names it.
    expect(await page.getByRole('searchbox', { name: 'Search the site' }).inputValue()).toBe('contraindications')
    expect(await page.title()).toBe('Search results for “contraindications” | mHBOT Standards Council')

    await page.getByRole('link', { name: 'Safety & Standards: Contraindications' }).click()
    await page.waitForURL(`${stack.url}/safety#contraindications-heading`)
    const heading = page.getByRole('heading', { level: 2, name: 'Contraindications' })
    await expect.poll(() => heading.evaluate((element) => element.getBoundingClientRect().top)).toBeLessThan(400)
    expect(problems).toEqual([])
  })

  it('without JavaScript: the same form, the same results, and a question of the FAQ to follow', async () => {
    const context = await stack.browser.newContext({ javaScriptEnabled: false, viewport: { width: 390, height: 844 } })
    try {
      const page = await context.newPage()
      await page.goto(`${stack.url}/search`)
      await searchFor(page, '1.3 ATA')
      expect(new URL(page.url()).searchParams.get('q')).toBe('1.3 ATA')
      const groups = await groupsShown(page)
      expect(groups.map((group) => group.heading)).toEqual(
        expect.arrayContaining(['Pages', 'Frequently asked questions', 'Standards', 'Research studies']),
      )
      expect(await markedWords(page)).toContain('1.3 ATA')
      const question = 'What pressure is used in a mild hyperbaric session?'
      await page.getByRole('link', { name: question }).click()
      await page.waitForURL(/\/faq#question-sessions-experience-2-answer$/)
      // The link lands in the answer, which the browser opens (a native disclosure, decision 042),
      // with its question in view above it.
      const summary = page.locator('summary', { has: page.getByRole('heading', { name: question }) })
      expect(await summary.isVisible()).toBe(true)
      const answer = page.locator('details[open]', { has: summary })
      expect(await answer.getByText('Sea level is 1.0 ATA', { exact: false }).isVisible()).toBe(true)
    } finally {
      await context.close()
    }
  })

  it('a search with nothing to find says so and offers places to look', async () => {
    const { page, problems } = await stack.openPage()
    await gotoHydrated(page, `${stack.url}/search?q=qwertyuiopasdf`)
    await page.getByRole('heading', { name: 'No results for “qwertyuiopasdf”' }).waitFor()
    expect(await page.getByTestId('no-results').getByRole('link').allTextContents()).toEqual([
      'Frequently asked questions',
      'Education',
      'Safety & Standards',
      'Research Library',
      'Educational Resources',
      'Ask the council',
    ])
    expect(problems).toEqual([])
  })

  it('an over-long search: a clear message by the box, and no search run', async () => {
    const { page, problems } = await stack.openPage()
    await gotoHydrated(page, `${stack.url}/search?q=${'a'.repeat(201)}`)
    const box = page.getByRole('searchbox', { name: 'Search the site' })
    expect(await box.getAttribute('aria-invalid')).toBe('true')
    const described = (await box.getAttribute('aria-describedby'))?.split(' ') ?? []
    const descriptions = await Promise.all(described.map((id) => page.locator(`[id="${id}"]`).textContent()))
    expect(descriptions).toContain('Search must be at most 200 characters')
    expect(await page.getByTestId('search-outcome').textContent()).toBe('')
    expect(problems).toEqual([])
  })

  for (const width of WIDTHS) {
    it(`at ${width} px: axe finds nothing with results, without a search and with none found; screenshots`, async () => {
      const { page, problems } = await stack.openPage({ width, height: 900 })
      const views = [
        ['results', '/search?q=contraindications'],
        ['empty', '/search'],
        ['none-found', '/search?q=qwertyuiopasdf'],
      ] as const
      for (const [name, path] of views) {
        await gotoHydrated(page, `${stack.url}${path}`)
        // Nothing wider than the window: the page never scrolls sideways.
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width)
        if (width !== 390) expect(await axeViolations(page), `${name} at ${width} px`).toEqual([])
        await page.screenshot({ path: `${SHOTS}search-${name}-${width}.png`, fullPage: name === 'results' })
      }
      expect(problems).toEqual([])
    })
  }
})
