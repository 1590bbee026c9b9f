import { readFile } from 'node:fs/promises'
import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import starter from '../../src/content/starter-studies.json' with { type: 'json' }
import { chromiumAndPostgres } from '../helpers/browser'
import { useStack } from './stack'
import { focused, gotoHydrated, holdRequests, isHydrated, untilControlHydrated, untilHydrated } from './support'

const STUDY_TABS = ['All Studies', 'Athletic Performance', 'Cognitive Health', 'Safety Standards', 'General Wellness']
const RESOURCE_TABS = ['All Resources', 'Safety', 'Education', 'Professional']
const FAQ_TITLES = [
  'Getting Started',
  'Safety & Protocols',
  'Sessions & Experience',
  'Benefits & Results',
  'Practical Information',
]

const countLine = (page: Page) => page.getByTestId('count-line').textContent()
const badges = (page: Page, testId: string) =>
  page
    .getByTestId(testId)
    .evaluateAll((cards) => cards.map((card) => card.querySelector('.mantine-Badge-label')?.textContent))

/** Opens the home page, then goes to `path` with the header link: a client-side navigation. */
async function navigateFromHome(page: Page, url: string, linkName: string, path: string) {
  await gotoHydrated(page, `${url}/`)
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: linkName, exact: true }).click()
  await page.waitForURL(`${url}${path}`)
}

describe.skipIf(!chromiumAndPostgres())('research library, resources, FAQ and sitemap in Chromium', () => {
  const stack = useStack()

  describe('/research', () => {
    it('a direct load has the study cards and the count in the server HTML', async () => {
      const response = await fetch(`${stack.url}/research`)
      expect(response.status).toBe(200)
      const html = await response.text()
      const first = starter.studies[0]
      if (!first) throw new Error('no starter study')
      expect(html).toContain(first.title)
      expect(html).toContain('9 Studies Found')
      expect(html).not.toContain('data-testid="placeholder-card"')
      expect(html.match(/data-testid="study-card"/g)).toHaveLength(9)
    })

    it('tabs filter the cards and update the count; the keyboard moves between tabs', async () => {
      const { page, problems } = await stack.openPage()
      await gotoHydrated(page, `${stack.url}/research`)
      const tabs = page.getByRole('tablist', { name: 'Study categories' }).getByRole('tab')
      await expect(tabs.allTextContents()).resolves.toEqual(STUDY_TABS)
      expect(await page.getByRole('tab', { name: 'All Studies' }).getAttribute('aria-selected')).toBe('true')
      expect(await countLine(page)).toBe('9 Studies Found')
      expect(await page.getByTestId('study-card').count()).toBe(9)

      await page.getByRole('tab', { name: 'Athletic Performance' }).click()
      await expect.poll(() => countLine(page)).toBe('3 Studies Found')
      expect(await badges(page, 'study-card')).toEqual(Array(3).fill('Athletic Performance'))
      expect(await page.getByRole('tab', { name: 'Athletic Performance' }).getAttribute('aria-selected')).toBe('true')

      await page.getByRole('tab', { name: 'General Wellness' }).click()
      await expect.poll(() => countLine(page)).toBe('4 Studies Found')
      expect(await badges(page, 'study-card')).toEqual(Array(4).fill('General Wellness'))

      // Keyboard: focus the selected tab, ArrowRight moves to and activates the next one (wrapping).
      await page.getByRole('tab', { name: 'All Studies' }).click()
      await page.getByRole('tab', { name: 'All Studies' }).focus()
      await page.keyboard.press('ArrowRight')
      expect((await focused(page)).text).toBe('Athletic Performance')
      await expect.poll(() => countLine(page)).toBe('3 Studies Found')
      await page.keyboard.press('ArrowRight')
      expect((await focused(page)).text).toBe('Cognitive Health')
      await expect.poll(() => countLine(page)).toBe('1 Study Found')
      expect(await page.getByRole('tab', { name: 'Cognitive Health' }).getAttribute('aria-selected')).toBe('true')
      await page.keyboard.press('ArrowLeft')
      await expect.poll(() => countLine(page)).toBe('3 Studies Found')
      // Only the selected tab is in the Tab order.
      const tabStops = await tabs.evaluateAll((all) => all.map((tab) => tab.getAttribute('tabindex')))
      expect(tabStops.filter((stop) => stop !== '-1')).toHaveLength(1)
      expect(problems).toEqual([])
    })

    it('each card shows its details; study links open in a new tab without opener or referrer', async () => {
      const { page, problems } = await stack.openPage()
      await gotoHydrated(page, `${stack.url}/research`)
      const study = starter.studies[2]
      if (!study) throw new Error('no starter study')
      const card = page.getByTestId('study-card').filter({ hasText: study.title })
      const text = (await card.textContent()) ?? ''
      for (const part of [study.title, study.authors, study.journal, study.year, study.category, study.summary]) {
        expect(text).toContain(part)
      }
      const links = page.getByTestId('study-card').getByRole('link')
      expect(await links.count()).toBeGreaterThanOrEqual(9)
      for (const link of await links.all()) {
        expect(await link.getAttribute('target')).toBe('_blank')
        const rel = (await link.getAttribute('rel'))?.split(/\s+/) ?? []
        expect(rel).toEqual(expect.arrayContaining(['noopener', 'noreferrer']))
      }
      expect(await card.getByRole('link', { name: /View Study/ }).getAttribute('href')).toBe(study.url)
      expect(problems).toEqual([])
    })

    it('a client-side visit shows "Loading..." and 4 placeholder cards until the list arrives', async () => {
      const { page, problems } = await stack.openPage()
      await gotoHydrated(page, `${stack.url}/`)
      const hold = await holdRequests(page, '**/trpc/researchStudies.list**')
      await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Research', exact: true }).click()
      await page.waitForURL(`${stack.url}/research`)
      await expect.poll(hold.held).toBe(1)
      expect(await countLine(page)).toBe('Loading...')
      expect(await page.getByTestId('placeholder-card').count()).toBe(4)
      expect(await page.getByTestId('study-card').count()).toBe(0)
      hold.release()
      await expect.poll(() => countLine(page)).toBe('9 Studies Found')
      expect(await page.getByTestId('placeholder-card').count()).toBe(0)
      expect(await page.getByTestId('study-card').count()).toBe(9)
      expect(problems).toEqual([])
    })

    it('a category without studies shows the empty state', async () => {
      await stack.sql`delete from research_studies where category = 'Cognitive Health'`
      const { page, problems } = await stack.openPage()
      // The page HTML is cached by the server; the list call is not, so navigate client-side.
      await navigateFromHome(page, stack.url, 'Research', '/research')
      await expect.poll(() => countLine(page)).toBe('8 Studies Found')
      await page.getByRole('tab', { name: 'Cognitive Health' }).click()
      await expect.poll(() => countLine(page)).toBe('0 Studies Found')
      const empty = page.getByTestId('empty-state')
      expect(await empty.getByRole('heading').textContent()).toBe('No Studies Found')
      expect(await empty.textContent()).toContain('No research studies found in this category.')
      expect(await page.getByTestId('study-card').count()).toBe(0)
      await page.getByRole('tab', { name: 'Safety Standards' }).click()
      await expect.poll(() => countLine(page)).toBe('1 Study Found')
      expect(await empty.count()).toBe(0)
      expect(problems).toEqual([])
    })
  })

  describe('/research: a library researchers can use', () => {
    it('the category lives in the address: rendered on the server, linkable, and Back and Forward work', async () => {
      const html = await (await fetch(`${stack.url}/research?category=Athletic%20Performance`)).text()
      expect(html).toContain('3 Studies Found')
      expect(html.match(/data-testid="study-card"/g)).toHaveLength(3)

      const { page, problems } = await stack.openPage()
      await gotoHydrated(page, `${stack.url}/research`)
      // (The test before this one removed the Cognitive Health study.)
      await page.getByRole('tab', { name: 'Safety Standards' }).click()
      await page.waitForURL(`${stack.url}/research?category=Safety+Standards`)
      await expect.poll(() => countLine(page)).toBe('1 Study Found')
      await page.getByRole('tab', { name: 'Athletic Performance' }).click()
      await expect.poll(() => countLine(page)).toBe('3 Studies Found')
      await page.goBack()
      await expect.poll(() => countLine(page)).toBe('1 Study Found')
      expect(await page.getByRole('tab', { name: 'Safety Standards' }).getAttribute('aria-selected')).toBe('true')
      await page.goForward()
      await expect.poll(() => countLine(page)).toBe('3 Studies Found')
      await page.reload()
      expect(await page.getByRole('tab', { name: 'Athletic Performance' }).getAttribute('aria-selected')).toBe('true')
      expect(await countLine(page)).toBe('3 Studies Found')
      expect(problems).toEqual([])
    })

    it('without JavaScript a tab keeps the search and the sort', async () => {
      const { page, problems } = await stack.openPage({ width: 390, javaScriptEnabled: false })
      await page.goto(`${stack.url}/research?q=rat&sort=title`)
      await page.getByRole('tab', { name: 'Athletic Performance' }).click()
      await page.waitForURL(/category=/)
      const address = new URL(page.url()).searchParams
      expect(Object.fromEntries(address)).toEqual({ q: 'rat', sort: 'title', category: 'Athletic Performance' })
      const shown = await badges(page, 'study-card')
      expect(shown.length).toBeGreaterThan(0)
      expect(shown).toEqual(Array(shown.length).fill('Athletic Performance'))
      expect(await countLine(page)).toBe(`${shown.length} ${shown.length === 1 ? 'Study' : 'Studies'} Found`)
      const titles = await page.getByTestId('study-card').locator('h2').allTextContents()
      expect(titles).toEqual([...titles].sort((a, b) => a.localeCompare(b, 'en', { sensitivity: 'base' })))
      expect(problems).toEqual([])
      await page.context().close()
    })

    it('searches title, authors, journal and summary in the database; the search is kept in the address', async () => {
      const { page, problems } = await stack.openPage()
      await gotoHydrated(page, `${stack.url}/research`)
      await page.getByRole('searchbox', { name: 'Search studies' }).fill('glucose')
      await page.waitForURL(/[?&]q=glucose/)
      await expect.poll(() => countLine(page)).toBe('1 Study Found')
      expect(await page.getByTestId('study-card').locator('h2').textContent()).toMatch(/Glucose Metabolism/)
      // Within a category the search still applies; clearing it shows every study of the category.
      await page.getByRole('tab', { name: 'Athletic Performance' }).click()
      await expect.poll(() => countLine(page)).toBe('0 Studies Found')
      await page.getByRole('searchbox', { name: 'Search studies' }).fill('')
      await expect.poll(() => countLine(page)).toBe('3 Studies Found')
      expect(page.url()).not.toContain('q=')
      expect(problems).toEqual([])
    })

    it('Cite gives the study in APA style, to copy and as BibTeX and RIS downloads, by keyboard too', async () => {
      const { page, problems } = await stack.openPage()
      await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: stack.url })
      await gotoHydrated(page, `${stack.url}/research?q=glucose`)
      const card = page.getByTestId('study-card').first()
      const title = String(await card.locator('h2').textContent())
      const cite = card.getByRole('button', { name: `Cite ${title}` })
      await cite.focus()
      await page.keyboard.press('Enter')
      // Every card's citation is in the page; the open one is the browser's open popover.
      const citation = page.locator('[data-testid="citation"]:popover-open')
      await citation.waitFor()
      expect(await citation.getAttribute('aria-label')).toBe(`Cite ${title}`)
      // APA 7: "Family, I." names, "&" before the last, the title in sentence case, the journal in italics.
      expect(title).toBe(
        'Hyperbaric Normoxia Improved Glucose Metabolism and Decreased Inflammation in Obese Diabetic Rat',
      )
      const apa =
        'Fujita, N., Goto, N., Nakamura, T., Nino, W., Ono, T., Nishijo, H., & Urakawa, S. (2019). Hyperbaric normoxia improved glucose metabolism and decreased inflammation in obese diabetic rat. Journal of Diabetes Research. https://doi.org/10.1155/2019/2694215'
      expect(await citation.getByTestId('citation-apa').textContent()).toBe(apa)
      expect(await citation.getByTestId('citation-apa').locator('em').allTextContents()).toEqual([
        'Journal of Diabetes Research',
      ])

      // Tab goes from the button into the popover, whose links are the files.
      await page.keyboard.press('Tab')
      expect((await focused(page)).text).toBe('BibTeX (.bib)')
      const [bib] = await Promise.all([page.waitForEvent('download'), page.keyboard.press('Enter')])
      expect(bib.suggestedFilename()).toMatch(/^study-\d+\.bib$/)
      const bibText = await readFile(String(await bib.path()), 'utf8')
      expect(bibText).toMatch(/^@article\{/)
      expect(bibText).toContain('doi = {10.')
      const [risFile] = await Promise.all([
        page.waitForEvent('download'),
        citation.getByRole('link', { name: 'RIS (.ris)' }).click(),
      ])
      expect(risFile.suggestedFilename()).toMatch(/^study-\d+\.ris$/)
      const risText = await readFile(String(await risFile.path()), 'utf8')
      expect(risText.startsWith('TY  - JOUR\r\n')).toBe(true)
      expect(risText).toContain(`TI  - ${title}`)

      // With the code, the APA text is copied to the clipboard.
      await citation.getByRole('button', { name: 'Copy the citation' }).click()
      await citation.getByRole('button', { name: 'Copied' }).waitFor()
      expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(apa)

      // Escape closes it and the focus is back on its button.
      await page.keyboard.press('Escape')
      await citation.waitFor({ state: 'hidden' })
      expect((await focused(page)).label).toBe(`Cite ${title}`)

      // On a 320 px phone the citation fits the screen.
      await page.setViewportSize({ width: 320, height: 800 })
      await cite.click()
      await citation.waitFor()
      const box = await citation.boundingBox()
      expect(box && box.x >= 0 && box.x + box.width <= 320).toBe(true)
      expect(
        await page.evaluate(() => document.documentElement.scrollWidth > document.documentElement.clientWidth),
      ).toBe(false)
      expect(problems).toEqual([])
    })

    it('sorts by newest year or by title; each card shows its DOI and says which link is which', async () => {
      const { page, problems } = await stack.openPage()
      await gotoHydrated(page, `${stack.url}/research`)
      const years = await page
        .getByTestId('study-card')
        .evaluateAll((cards) =>
          cards.map((card) => Number(/(?<!\d)(?:19|20)\d{2}(?!\d)/.exec(card.textContent ?? '')?.[0] ?? 0)),
        )
      expect(years).toEqual([...years].sort((a, b) => b - a))

      await untilControlHydrated(page.getByLabel('Sort'))
      await page.getByLabel('Sort').selectOption('title')
      await page.waitForURL(/sort=title/)
      const titles = await page.getByTestId('study-card').locator('h2').allTextContents()
      expect(titles).toEqual([...titles].sort((a, b) => a.localeCompare(b, 'en', { sensitivity: 'base' })))

      const doiStudy = starter.studies.find((study) => study.url.startsWith('https://doi.org/'))
      if (!doiStudy) throw new Error('no starter study with a DOI')
      const card = page.getByTestId('study-card').filter({ hasText: doiStudy.title })
      await card.getByText(`DOI: ${doiStudy.url.slice('https://doi.org/'.length)}`).waitFor()
      expect(await card.getByRole('link', { name: /publisher’s page/ }).getAttribute('href')).toBe(doiStudy.url)
      expect(problems).toEqual([])
    })
  })

  describe('/research before its code', () => {
    it('a sort chosen before the code arrived is the sort once it has', async () => {
      // The page's code starts when the visitor reaches for it (decision 032); here its scripts are
      // held until the choice is made, as a slow connection would hold them.
      const { page, problems } = await stack.openPage()
      const hold = await holdRequests(page, '**/assets/*.js')
      await page.goto(`${stack.url}/research`, { waitUntil: 'load' })
      await page.getByLabel('Sort').selectOption('title')
      // The pointer that made the choice is what starts the code.
      await page.mouse.move(20, 300)
      expect(await isHydrated(page)).toBe(false)
      hold.release()
      await untilHydrated(page)
      await page.waitForURL(/sort=title/)
      expect(await page.getByLabel('Sort').inputValue()).toBe('title')
      const titles = await page.getByTestId('study-card').locator('h2').allTextContents()
      expect(titles.length).toBeGreaterThan(1)
      expect(titles).toEqual([...titles].sort((a, b) => a.localeCompare(b, 'en', { sensitivity: 'base' })))
      expect(problems).toEqual([])
    })

    it('words typed in the search box before the code arrived are searched once it has, and stay in the box', async () => {
      const { page, problems } = await stack.openPage()
      const hold = await holdRequests(page, '**/assets/*.js')
      await page.goto(`${stack.url}/research`, { waitUntil: 'load' })
      const box = page.getByRole('searchbox', { name: 'Search studies' })
      await box.click()
      await page.keyboard.type('oxygen')
      expect(await isHydrated(page)).toBe(false)
      hold.release()
      await untilHydrated(page)
      await page.waitForURL(/[?&]q=oxygen/)
      expect(await box.inputValue()).toBe('oxygen')
      expect(await page.getByLabel('Sort').inputValue()).toBe('year')
      expect(problems).toEqual([])
    })
  })

  describe('/resources', () => {
    it('a direct load has the resources and the count in the server HTML', async () => {
      const html = await (await fetch(`${stack.url}/resources`)).text()
      expect(html).toContain('6 Resources Available')
      expect(html.match(/data-testid="resource-card"/g)).toHaveLength(6)
    })

    it('tabs filter by category; every Download opens a PDF in a new window', async () => {
      const { page, problems } = await stack.openPage()
      await gotoHydrated(page, `${stack.url}/resources`)
      await expect(
        page.getByRole('tablist', { name: 'Resource categories' }).getByRole('tab').allTextContents(),
      ).resolves.toEqual(RESOURCE_TABS)
      expect(await countLine(page)).toBe('6 Resources Available')

      for (const category of ['Safety', 'Education', 'Professional']) {
        await page.getByRole('tab', { name: category, exact: true }).click()
        await expect.poll(() => countLine(page)).toBe('2 Resources Available')
        expect(await badges(page, 'resource-card')).toEqual([category, category])
      }
      await page.getByRole('tab', { name: 'All Resources' }).click()
      await expect.poll(() => countLine(page)).toBe('6 Resources Available')

      const downloads = page.getByTestId('resource-card').getByRole('link', { name: /^Download / })
      expect(await downloads.count()).toBe(6)
      for (const link of await downloads.all()) {
        expect(await link.evaluate((element) => element.tagName)).toBe('A')
        expect(await link.getAttribute('target')).toBe('_blank')
        expect(await link.textContent()).toBe('Download PDF')
        const href = (await link.getAttribute('href')) ?? ''
        const file = await fetch(new URL(href, stack.url))
        expect(file.status, href).toBe(200)
        expect(file.headers.get('content-type'), href).toBe('application/pdf')
        expect(new TextDecoder().decode((await file.arrayBuffer()).slice(0, 5)), href).toBe('%PDF-')
      }

      // Clicking one really opens a new window on the PDF.
      const [popup] = await Promise.all([page.waitForEvent('popup'), downloads.first().click()])
      await popup.waitForLoadState('domcontentloaded').catch(() => {})
      expect(popup.url()).toMatch(/\/files\/[0-9a-f-]{36}\/[\w-]+\.pdf$/)
      await popup.close()
      expect(problems).toEqual([])
    })

    it('the category lives in the address, and the tabs work before the code runs and without JavaScript', async () => {
      const html = await (await fetch(`${stack.url}/resources?category=Education`)).text()
      expect(html).toContain('2 Resources Available')
      expect(html.match(/data-testid="resource-card"/g)).toHaveLength(2)

      // Without JavaScript, at phone width: each tab loads the page for its category, and every tab
      // is a Tab stop (the arrow keys need code).
      const plain = await stack.openPage({ width: 390, javaScriptEnabled: false })
      await plain.page.goto(`${stack.url}/resources`)
      await plain.page.getByRole('tab', { name: 'Education' }).click()
      await plain.page.waitForURL(`${stack.url}/resources?category=Education`)
      expect(await countLine(plain.page)).toBe('2 Resources Available')
      expect(await badges(plain.page, 'resource-card')).toEqual(['Education', 'Education'])
      expect(await plain.page.getByRole('tab', { name: 'Education' }).getAttribute('aria-selected')).toBe('true')
      await plain.page.getByRole('tab', { name: 'All Resources' }).focus()
      await plain.page.keyboard.press('Tab')
      expect((await focused(plain.page)).text).toBe('Safety')
      await plain.page.keyboard.press('Enter')
      await plain.page.waitForURL(`${stack.url}/resources?category=Safety`)
      expect(await countLine(plain.page)).toBe('2 Resources Available')
      await plain.page.getByRole('tab', { name: 'All Resources' }).click()
      await expect.poll(() => countLine(plain.page)).toBe('6 Resources Available')
      expect(new URL(plain.page.url()).searchParams.has('category')).toBe(false)
      await plain.page.context().close()

      // With JavaScript, a tab tapped as the first touch (it starts the page's code) still works,
      // whichever arrives first: the code or the form's own request.
      const { page, problems } = await stack.openPage({ width: 390 })
      await page.goto(`${stack.url}/resources`)
      await page.getByRole('tab', { name: 'Education' }).click()
      await page.waitForURL(`${stack.url}/resources?category=Education`)
      await expect.poll(() => countLine(page)).toBe('2 Resources Available')
      // Once the code runs, a tab changes the address in place and Back returns.
      await gotoHydrated(page, `${stack.url}/resources`)
      await page.evaluate(() => Object.assign(window, { sameDocument: true }))
      await page.getByRole('tab', { name: 'Safety' }).click()
      await page.waitForURL(`${stack.url}/resources?category=Safety`)
      await expect.poll(() => countLine(page)).toBe('2 Resources Available')
      await page.goBack()
      await expect.poll(() => countLine(page)).toBe('6 Resources Available')
      expect(await page.evaluate(() => 'sameDocument' in window)).toBe(true)
      expect(problems).toEqual([])
    })

    it('a client-side visit shows "Loading..." and 3 placeholder cards until the list arrives', async () => {
      const { page, problems } = await stack.openPage()
      await gotoHydrated(page, `${stack.url}/`)
      const hold = await holdRequests(page, '**/trpc/resources.list**')
      await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Resources', exact: true }).click()
      await page.waitForURL(`${stack.url}/resources`)
      await expect.poll(hold.held).toBe(1)
      expect(await countLine(page)).toBe('Loading...')
      expect(await page.getByTestId('placeholder-card').count()).toBe(3)
      expect(await page.getByTestId('resource-card').count()).toBe(0)
      hold.release()
      await expect.poll(() => countLine(page)).toBe('6 Resources Available')
      expect(await page.getByTestId('placeholder-card').count()).toBe(0)
      expect(problems).toEqual([])
    })

    it('a category without resources shows the empty state', async () => {
      await stack.sql`delete from educational_resources where category = 'Professional'`
      const { page, problems } = await stack.openPage()
      await navigateFromHome(page, stack.url, 'Resources', '/resources')
      await expect.poll(() => countLine(page)).toBe('4 Resources Available')
      await page.getByRole('tab', { name: 'Professional' }).click()
      await expect.poll(() => countLine(page)).toBe('0 Resources Available')
      const empty = page.getByTestId('empty-state')
      expect(await empty.getByRole('heading').textContent()).toBe('No Resources Found')
      expect(await empty.textContent()).toContain('No resources available in this category.')
      expect(await page.getByTestId('resource-card').count()).toBe(0)
      expect(problems).toEqual([])
    })
  })

  describe('/faq', () => {
    /** The questions whose answer is open, in page order. */
    const openQuestions = (page: Page) =>
      page.getByRole('main').locator('details[open] > [data-faq-question]').allTextContents()

    it('five categories; one item open at a time, closable, keyboard operable; Contact Us goes to /contact', async () => {
      const { page, problems } = await stack.openPage()
      await gotoHydrated(page, `${stack.url}/faq`)
      const main = page.getByRole('main')
      const categories = await main
        .locator('section[aria-labelledby^="faq-"]')
        .evaluateAll((sections) => sections.map((section) => section.querySelector('h2')?.textContent))
      expect(categories).toEqual(FAQ_TITLES)
      // Each question is a heading of its own, under its category's.
      expect(await main.getByRole('heading', { level: 3 }).count()).toBe(
        await main.locator('[data-faq-question]').count(),
      )
      expect(await openQuestions(page)).toEqual([])

      const firstQuestion = main.getByTestId('faq-category-getting-started').locator('[data-faq-question]').first()
      const otherQuestion = main.getByTestId('faq-category-safety-protocols').locator('[data-faq-question]').first()
      const firstAnswer = main.getByTestId('faq-category-getting-started').locator('[data-faq-answer]').first()
      await firstQuestion.click()
      expect(await openQuestions(page)).toEqual([await firstQuestion.textContent()])
      expect(await firstAnswer.isVisible()).toBe(true)

      // Opening another question, in another category, closes the first.
      await otherQuestion.click()
      expect(await openQuestions(page)).toEqual([await otherQuestion.textContent()])
      expect(await firstAnswer.isVisible()).toBe(false)

      // Choosing the open one again closes it.
      await otherQuestion.click()
      expect(await openQuestions(page)).toEqual([])

      // Keyboard: Enter and Space on a focused question.
      await firstQuestion.focus()
      await page.keyboard.press('Enter')
      await expect.poll(() => openQuestions(page)).toEqual([await firstQuestion.textContent()])
      await page.keyboard.press('Space')
      await expect.poll(() => openQuestions(page)).toEqual([])
      await otherQuestion.focus()
      await page.keyboard.press('Space')
      await expect.poll(() => openQuestions(page)).toEqual([await otherQuestion.textContent()])

      // The ids are valid (no spaces) and the question's id is the search's anchor.
      const ids = await main
        .locator('[data-faq-question] h3, [data-faq-answer]')
        .evaluateAll((elements) => elements.map((element) => element.id))
      expect(ids.every((id) => /^question-[a-z0-9-]+-(question|answer)$/.test(id))).toBe(true)

      await main.getByRole('link', { name: 'Contact Us' }).click()
      await page.waitForURL(`${stack.url}/contact`)
      expect(problems).toEqual([])
    })

    it('closed answers stay findable before and after the code: a find-in-page match opens its question', async () => {
      // The browser cannot be made to press Ctrl+F here; a text fragment (#:~:text=) is the same
      // search and reveals its match the same way, opening the closed <details> that holds it.
      const { page, problems } = await stack.openPage({ width: 390, height: 844 })
      await page.goto(`${stack.url}/faq#:~:text=roughly%20what%20you%20would%20feel`, { waitUntil: 'load' })
      const question = 'What pressure is used in a mild hyperbaric session?'
      await expect.poll(() => openQuestions(page)).toEqual([question])
      expect(await page.getByText('roughly what you would feel', { exact: false }).isVisible()).toBe(true)
      expect(await page.getByRole('main').locator('[hidden]').count()).toBe(0)

      // Once the code runs, the same: a match in another question opens it and closes the first.
      await page.keyboard.press('Shift')
      await untilHydrated(page)
      expect(await openQuestions(page)).toEqual([question])
      await page.evaluate(() => {
        window.location.hash = ':~:text=Leave%20electronics'
      })
      await expect.poll(() => openQuestions(page)).toEqual(['What should I avoid before a session?'])
      expect(problems).toEqual([])
    })

    it('without JavaScript a question opens and closes as with it, and a printout has every answer', async () => {
      const context = await stack.browser.newContext({
        javaScriptEnabled: false,
        viewport: { width: 390, height: 800 },
      })
      try {
        const page = await context.newPage()
        await page.goto(`${stack.url}/faq`)
        const main = page.getByRole('main')
        const answers = main.locator('[data-faq-answer]')
        const visible = () => answers.evaluateAll((all) => all.map((answer) => answer.checkVisibility()))
        expect((await visible()).filter(Boolean)).toHaveLength(0)
        const questions = main.locator('[data-faq-question]')
        await questions.nth(1).click()
        await questions.nth(4).click()
        expect(await openQuestions(page)).toEqual([await questions.nth(4).textContent()])
        await questions.nth(4).click()
        expect(await openQuestions(page)).toEqual([])

        await page.emulateMedia({ media: 'print' })
        const printed = await visible()
        expect(printed.length).toBeGreaterThan(10)
        expect(printed.every(Boolean)).toBe(true)
      } finally {
        await context.close()
      }
    })
  })

  describe('sitemap, sitemap.xml and robots.txt', () => {
    it('the sitemap page lists both groups and links to /sitemap.xml', async () => {
      const { page, problems } = await stack.openPage()
      await gotoHydrated(page, `${stack.url}/sitemap`)
      const hrefs = (testId: string) =>
        page
          .getByTestId(testId)
          .getByRole('link')
          .evaluateAll((links) => links.map((link) => link.getAttribute('href')))
      expect(await page.getByTestId('sitemap-main-pages').getByRole('heading').textContent()).toBe('Main Pages')
      expect(await hrefs('sitemap-main-pages')).toEqual([
        '/',
        '/about',
        '/education',
        '/benefits',
        '/safety',
        '/research',
        '/resources',
        '/faq',
        '/contact',
      ])
      expect(await page.getByTestId('sitemap-about-section').getByRole('heading').textContent()).toBe('About Section')
      expect(await hrefs('sitemap-about-section')).toEqual([
        '/about',
        '/about/mission-statement',
        '/about/position-statement',
      ])
      expect(await page.getByRole('main').locator('a[href="/sitemap.xml"]').count()).toBe(1)
      expect(problems).toEqual([])
    })

    it('GET /sitemap.xml lists absolute URLs on PUBLIC_URL; /robots.txt keeps out /admin and /api', async () => {
      const xml = await fetch(`${stack.url}/sitemap.xml`)
      expect(xml.status).toBe(200)
      expect(xml.headers.get('content-type')).toMatch(/xml/)
      const body = await xml.text()
      const locs = [...body.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => match[1] ?? '')
      expect(locs.length).toBeGreaterThanOrEqual(12)
      for (const loc of locs) expect(loc.startsWith(`${stack.url}/`), loc).toBe(true)
      for (const path of ['/', '/about/position-statement', '/research', '/sitemap']) {
        expect(locs).toContain(`${stack.url}${path}`)
      }
      expect(locs.some((loc) => loc.includes('/admin'))).toBe(false)

      const robots = await fetch(`${stack.url}/robots.txt`)
      expect(robots.status).toBe(200)
      const lines = (await robots.text()).split('\n').map((line) => line.trim())
      expect(lines).toContain('Disallow: /admin')
      expect(lines.some((line) => /^Disallow: \/api\/?$/.test(line))).toBe(true)
      expect(lines).toContain(`Sitemap: ${stack.url}/sitemap.xml`)
    })
  })
})
