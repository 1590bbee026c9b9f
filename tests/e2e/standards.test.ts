import { mkdir } from 'node:fs/promises'
import { fileURLToPath } from 'node:url'
import type { Page } from 'playwright-core'
import { beforeAll, describe, expect, it } from 'vitest'
import { standardPdfPath } from '../../src/client/components/standard-routing'
import { COUNCIL_DOCUMENTS, type DocumentBlock } from '../../src/content/documents'
import type { Db } from '../../src/db/client'
import {
  answerComment,
  COMMENT_RECEIVED,
  createDraft,
  getStandard,
  hideComment,
  openReview,
  publishVersion,
  submitComment,
  withdrawVersion,
} from '../../src/server/services/standards'
import { CommentInputSchema, standardKey, versionPdfPath } from '../../src/shared/schemas/standards'
import { DEFAULT_SITE } from '../../src/shared/site'
import { chromiumAndPostgres, type WatchedPage } from '../helpers/browser'
import { axeViolations } from './axe'
import { useStack } from './stack'
import { gotoHydrated } from './support'

/**
 * The council's standards as visitors read them (docs/decisions/028-standards-as-versioned-documents.md):
 * the list, a document and its history, a version by its address, a comparison, a public review's
 * comment form and, once the version is published, the comments with the council's answers. The
 * versions are made through the service functions on the server's own database, as the admin would.
 *
 * SCREENSHOTS=/tmp/shots-standards npx vitest run --project e2e tests/e2e/standards.test.ts also saves
 * the pages at 1280, 390 and 320 px there.
 */
const SHOTS = process.env.SCREENSHOTS
  ? process.env.SCREENSHOTS.startsWith('/')
    ? `${process.env.SCREENSHOTS.replace(/\/$/, '')}/`
    : fileURLToPath(new URL('../.artifacts/screens/standards/', import.meta.url))
  : null

const EDITOR = { email: 'editor@example.org' }
const DAY_MS = 24 * 60 * 60 * 1000
const daysFromNow = (days: number) => new Date(Date.now() + days * DAY_MS)
/** The way the pages print a date: the day in UTC. */
const printed = (date: Date | string) =>
  new Date(date).toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' })

const STATEMENT = 'MHBOT-SC/001'
/** Revised, reviewed with comments, and published as 1.1. */
const REVISED = 'MHBOT-SC/G-002'
/** 1.1 in public review, open for comment. */
const IN_REVIEW = 'MHBOT-SC/G-003'
/** 1.1 reviewed, then withdrawn. */
const WITHDRAWN = 'MHBOT-SC/G-004'

const ADDED_SENTENCE = 'Operators keep the screening record for seven years.'
const COMMENTERS = {
  named: { name: 'Ann Operator', organisation: 'Calm Chambers Ltd', email: 'ann@example.org' },
  anonymous: { name: 'Bob Private', organisation: 'Quiet Studio', email: 'bob@example.org' },
  spam: { name: 'Spammer', organisation: '', email: 'spam@example.org' },
  // What a visitor may type: a right-to-left name, an emoji, markup, and a word with no room to break.
  hostile: { name: 'مريم الحسيني 😀', organisation: '<script>alert(1)</script>', email: 'rtl@example.org' },
}

/** Every text a council document's sections print, as src/content/documents.ts writes it. */
function textsOf(blocks: DocumentBlock[]): string[] {
  return blocks.flatMap((block) =>
    block.kind === 'paragraph'
      ? [block.text]
      : block.kind === 'bullets'
        ? block.items
        : [...block.header, ...block.rows.flat()],
  )
}

const squash = (text: string) => text.replace(/\s+/g, ' ').trim()

/** Whether the page scrolls sideways, and if so, the elements that stick out (for the failure message). */
const sideways = (page: Page) =>
  page.evaluate(() => {
    const width = document.documentElement.clientWidth
    if (document.documentElement.scrollWidth <= width) return []
    return [...document.querySelectorAll('main *')]
      .filter((element) => element.getBoundingClientRect().right > width + 1)
      .slice(-5)
      .map(
        (element) =>
          `${element.tagName.toLowerCase()}.${element.className} ${Math.round(element.getBoundingClientRect().right)}`,
      )
  })

/** The comment form is hydrated after its own chunk arrives: wait until React holds its <form>. */
const formHydrated = (page: Page) =>
  page.waitForFunction(() => {
    const form = document.querySelector('[data-testid="comment-form"] form')
    return form !== null && Object.keys(form).some((key) => key.startsWith('__reactFiber'))
  })

describe.skipIf(!chromiumAndPostgres())('standards in Chromium: list, versions, comparison, review, record', () => {
  const stack = useStack()
  let db: Db
  let reviewClosesAt: Date
  let revisedEffective: string

  beforeAll(async () => {
    db = stack.database.handle.db

    // G-002: a sentence rewritten, one added, and one bullet gone; reviewed a month ago, with three
    // comments (one hidden as spam), answered and published today.
    const before = await getStandard(db, REVISED)
    const body = (before.current?.body ?? '')
      .replace('completed and reviewed.', 'completed and reviewed in writing.')
      .replace('- Hydrated, and no heavy meal just before.\n', '')
      .concat(`\n${ADDED_SENTENCE}\n`)
    await createDraft(db, EDITOR, REVISED, {
      version: '1.1',
      changeSummary: 'Screening reviewed in writing; records kept for seven years.',
      body,
    })
    await openReview(db, EDITOR, REVISED, '1.1', { closesAt: daysFromNow(-2) }, 14, daysFromNow(-30))
    const comment = (who: (typeof COMMENTERS)[keyof typeof COMMENTERS], consent: boolean, text: string) =>
      submitComment(
        db,
        REVISED,
        '1.1',
        CommentInputSchema.parse({ ...who, section: 'Before the session', comment: text, consent }),
        { notify: false },
        daysFromNow(-10),
      )
    const named = await comment(COMMENTERS.named, true, 'Seven years is long for a small studio.')
    const anonymous = await comment(COMMENTERS.anonymous, false, 'Please say who keeps the record.')
    const spam = await comment(COMMENTERS.spam, false, 'Buy cheap chambers at example.com now!')
    const hostile = await submitComment(
      db,
      REVISED,
      '1.1',
      CommentInputSchema.parse({
        ...COMMENTERS.hostile,
        section: `§${'x'.repeat(99)}`,
        comment: `${'😀'.repeat(10)}${'y'.repeat(4990)}`,
        consent: true,
      }),
      { notify: false },
      daysFromNow(-10),
    )
    await answerComment(db, EDITOR, hostile.id ?? 0, { disposition: 'accepted', response: '<b>Noted</b> 👍' })
    await answerComment(db, EDITOR, named.id ?? 0, {
      disposition: 'not_accepted',
      response: 'Records are kept as long as the local rules require, at least seven years.',
    })
    await answerComment(db, EDITOR, anonymous.id ?? 0, {
      disposition: 'accepted_with_changes',
      response: 'The operator keeps it; the text now says so.',
    })
    await hideComment(db, EDITOR, spam.id ?? 0, { hidden: true, reason: 'Advertising' })
    revisedEffective = new Date().toISOString().slice(0, 10)
    await publishVersion(db, EDITOR, REVISED, '1.1', { effectiveDate: revisedEffective }, { notify: false })

    // G-003: in review now.
    await createDraft(db, EDITOR, IN_REVIEW, { version: '1.1', changeSummary: 'A clearer checklist.' })
    const review = await openReview(db, EDITOR, IN_REVIEW, '1.1', { closesAt: daysFromNow(20) })
    reviewClosesAt = review.reviewClosesAt ?? daysFromNow(20)

    // G-004: reviewed, then withdrawn.
    await createDraft(db, EDITOR, WITHDRAWN, { version: '1.1', changeSummary: 'A shorter guide.' })
    await openReview(db, EDITOR, WITHDRAWN, '1.1', { closesAt: daysFromNow(-1) }, 14, daysFromNow(-20))
    await withdrawVersion(db, EDITOR, WITHDRAWN, '1.1')
    if (SHOTS) await mkdir(`${SHOTS}parts`, { recursive: true })
  })

  const url = (path: string) => `${stack.url}${path}`

  it('/standards lists the six documents, and the one in review stands out with its closing date', async () => {
    const { page, problems } = await stack.openPage()
    await gotoHydrated(page, url('/standards'))
    await page.getByRole('heading', { level: 1, name: 'Standards' }).waitFor()
    const cards = page.getByTestId('standard-card')
    expect(await cards.count()).toBe(6)
    expect(await cards.locator('h3').allTextContents()).toEqual(
      [...COUNCIL_DOCUMENTS].sort((a, b) => a.number.localeCompare(b.number)).map((doc) => doc.title),
    )
    const callouts = page.getByTestId('review-callout')
    expect(await callouts.count()).toBe(1)
    const callout = callouts.first()
    expect(squash(await callout.innerText())).toContain(`Open for comment until ${printed(reviewClosesAt)}`)
    const link = callout.getByRole('link', { name: 'Read version 1.1 and comment' })
    expect(await link.getAttribute('href')).toBe('/standards/MHBOT-SC-G-003/v/1.1')
    // The revised guide is at 1.1 since today; the others at 1.0 since the first edition.
    const revised = cards.filter({ hasText: REVISED })
    expect(squash(await revised.innerText())).toContain(`Version 1.1, in effect since ${printed(revisedEffective)}`)
    expect(squash(await cards.filter({ hasText: STATEMENT }).innerText())).toContain(
      'Version 1.0, in effect since October 31, 2025',
    )
    // The footer's own line links the page beside News.
    const footerLinks = await page.getByRole('contentinfo').getByRole('link').allTextContents()
    expect(footerLinks.slice(footerLinks.indexOf('News'), footerLinks.indexOf('News') + 2)).toEqual([
      'News',
      'Standards',
    ])
    await link.click()
    await page.waitForURL(url('/standards/MHBOT-SC-G-003/v/1.1'))
    await page.getByTestId('comment-form').waitFor()
    expect(problems).toEqual([])
  })

  it('each document page shows its text as it was written in the code, word for word', async () => {
    const { page, problems } = await stack.openPage()
    const pages = [
      ...COUNCIL_DOCUMENTS.map((doc) => ({
        doc,
        // The revised guide's first edition is still at its own address.
        path:
          doc.number === REVISED
            ? `/standards/${standardKey(doc.number)}/v/1.0`
            : `/standards/${standardKey(doc.number)}`,
      })),
      { doc: COUNCIL_DOCUMENTS.find((doc) => doc.number === STATEMENT), path: '/about/position-statement' },
    ]
    for (const { doc, path } of pages) {
      if (!doc) throw new Error('the position statement is missing from src/content/documents.ts')
      await gotoHydrated(page, url(path))
      const body = page.getByTestId('standard-body')
      const text = squash(await body.innerText())
      const headings = (await body.locator('h2').allTextContents()).map(squash)
      const sections = doc.sections(DEFAULT_SITE)
      expect(headings, path).toEqual(sections.map((section) => section.heading).filter(Boolean))
      for (const section of sections) {
        for (const piece of textsOf(section.blocks)) expect(text, `${path}: ${piece}`).toContain(squash(piece))
      }
      expect(await page.getByTestId('document-number').textContent(), path).toBe(doc.number)
      expect(await page.getByTestId('document-issuer').textContent(), path).toBe(DEFAULT_SITE.name)
      expect(await page.getByTestId('document-date').textContent(), path).toBe('October 31, 2025')
    }
    // The position statement's page keeps its hero line, and links its history and its version's PDF.
    await gotoHydrated(page, url('/about/position-statement'))
    expect(squash(await page.locator('main h1 + p').innerText())).toBe(
      'MHBOT-SC/001 · Issued October 31, 2025 · Mild Hyperbaric Oxygen as a Wellness Practice. The council’s foundational public reference.',
    )
    expect(await page.getByRole('link', { name: 'Download PDF' }).getAttribute('href')).toBe(
      versionPdfPath('MHBOT-SC-001', '1.0'),
    )
    expect(await page.getByRole('link', { name: 'Version history' }).getAttribute('href')).toBe(
      '/standards/MHBOT-SC-001',
    )
    expect(problems).toEqual([])
  })

  it('the old PDF address leads to the version’s PDF, and the number’s other spellings to its page', async () => {
    expect(standardPdfPath('MHBOT-SC-G-002', '1.1')).toBe(versionPdfPath('MHBOT-SC-G-002', '1.1'))
    const legacy = await fetch(url('/downloads/position-statement-mhbot-sc-001.pdf'), { redirect: 'manual' })
    expect(legacy.status).toBe(302)
    expect(legacy.headers.get('location')).toBe(versionPdfPath('MHBOT-SC-001', '1.0'))
    const pdf = await fetch(url(legacy.headers.get('location') ?? ''))
    expect(pdf.status).toBe(200)
    expect(pdf.headers.get('content-type')).toBe('application/pdf')
    expect(
      Buffer.from(await pdf.arrayBuffer())
        .subarray(0, 5)
        .toString('latin1'),
    ).toBe('%PDF-')

    for (const path of ['/standards/MHBOT-SC%2F001', '/standards/MHBOT-SC/001', '/standards/mhbot-sc-001']) {
      const answer = await fetch(url(path))
      expect(answer.status, path).toBe(200)
      expect(answer.url, path).toBe(url('/standards/MHBOT-SC-001'))
    }
    const version = await fetch(url('/standards/MHBOT-SC%2FG-002/v/1.1/comments'))
    expect(version.url).toBe(url('/standards/MHBOT-SC-G-002/v/1.1/comments'))
    for (const path of ['/standards/MHBOT-SC-999', '/standards/MHBOT-SC-001/v/9.9', '/standards/MHBOT-SC-001/v/x']) {
      expect((await fetch(url(path))).status, path).toBe(404)
    }
    // The record of a review is public once its version is published, not before.
    expect((await fetch(url('/standards/MHBOT-SC-G-003/v/1.1/comments'))).status).toBe(404)
  })

  it('a document lists its versions; a superseded or withdrawn version says so, and links the current one', async () => {
    const { page, problems } = await stack.openPage()
    await gotoHydrated(page, url('/standards/MHBOT-SC-G-002'))
    const entries = page.getByTestId('history-entry')
    expect(await entries.count()).toBe(2)
    const older = entries.nth(1)
    expect(squash(await older.innerText())).toContain('Version 1.0 Superseded')
    expect(await older.getByRole('link', { name: /^Download PDF/ }).getAttribute('href')).toBe(
      versionPdfPath('MHBOT-SC-G-002', '1.0'),
    )
    expect(await older.getByRole('link', { name: /^Compare with current/ }).getAttribute('href')).toBe(
      '/standards/MHBOT-SC-G-002/compare?from=1.0&to=1.1',
    )
    expect(await entries.first().getByText('Current version').count()).toBe(1)

    await older.getByRole('link', { name: 'Version 1.0', exact: true }).click()
    await page.waitForURL(url('/standards/MHBOT-SC-G-002/v/1.0'))
    const notice = page.getByTestId('version-notice')
    await notice.getByText('This version is superseded').waitFor()
    // A first edition was published without a review: no record of comments to link.
    expect(await page.getByRole('link', { name: 'Comments and the council’s answers' }).count()).toBe(0)
    await notice.getByRole('link', { name: 'Read the current version (1.1)' }).click()
    await page.waitForURL(url('/standards/MHBOT-SC-G-002'))
    expect(squash(await page.getByTestId('standard-body').innerText())).toContain(ADDED_SENTENCE)

    await gotoHydrated(page, url('/standards/MHBOT-SC-G-004/v/1.1'))
    await page.getByTestId('version-notice').getByText('This version was withdrawn').waitFor()
    expect(await page.getByTestId('comment-form').count()).toBe(0)
    expect(problems).toEqual([])
  })

  it('the comparison marks insertions and deletions in the text, not by colour alone; its form picks versions', async () => {
    const { page, problems } = await stack.openPage()
    // By default: the version before the current one, against the current one.
    await gotoHydrated(page, url('/standards/MHBOT-SC-G-002/compare'))
    await page.getByRole('heading', { level: 2, name: 'Version 1.0 compared with version 1.1' }).waitFor()
    const diff = page.getByTestId('diff')
    const inserted = squash((await diff.locator('ins').allTextContents()).join(' '))
    expect(inserted).toContain(`inserted: ${ADDED_SENTENCE}`)
    expect(inserted).toContain('in writing')
    expect(await diff.locator('del').count()).toBeGreaterThan(0)
    expect(squash((await diff.locator('del').allTextContents()).join(' '))).toContain('deleted:')
    const looks = await page.evaluate(() => {
      const line = (selector: string) =>
        getComputedStyle(document.querySelector(selector) as Element).textDecorationLine
      return { ins: line('[data-testid="diff"] ins'), del: line('[data-testid="diff"] del') }
    })
    expect(looks).toEqual({ ins: 'underline', del: 'line-through' })
    await page.getByTestId('diff-legend').waitFor()
    expect(await page.getByTestId('diff-counts').textContent()).toMatch(/^\d+ words? inserted, \d+ words? deleted\.$/)

    // The form is a plain GET form, so it works before (and without) the page's script.
    const form = page.getByTestId('compare-form')
    await form.getByLabel('From version').selectOption('1.1')
    await form.getByLabel('To version').selectOption('1.0')
    await form.getByRole('button', { name: 'Compare' }).click()
    await page.waitForURL(url('/standards/MHBOT-SC-G-002/compare?from=1.1&to=1.0'))
    await page.getByRole('heading', { level: 2, name: 'Version 1.1 compared with version 1.0' }).waitFor()
    expect(squash((await page.getByTestId('diff').locator('del').allTextContents()).join(' '))).toContain(
      `deleted: ${ADDED_SENTENCE}`,
    )
    // The same versions twice: nothing changed.
    await gotoHydrated(page, url('/standards/MHBOT-SC-001/compare?from=1.0&to=1.0'))
    await page.getByText('The two versions have the same text.').waitFor()
    // One public version: nothing to compare yet.
    await gotoHydrated(page, url('/standards/MHBOT-SC-G-001/compare'))
    await page.getByRole('heading', { name: 'Nothing to compare yet' }).waitFor()
    expect(problems).toEqual([])
  })

  it('the published record shows each comment with its answer, names only with consent, never an e-mail', async () => {
    const { page, problems } = await stack.openPage()
    await gotoHydrated(page, url('/standards/MHBOT-SC-G-002/v/1.1'))
    await page.getByRole('link', { name: 'Comments and the council’s answers' }).click()
    await page.waitForURL(url('/standards/MHBOT-SC-G-002/v/1.1/comments'))
    const comments = page.getByTestId('public-comment')
    await comments.first().waitFor()
    expect(await comments.count()).toBe(3)
    const first = squash(await comments.nth(0).innerText())
    expect(first).toContain('Comment 1: Before the session')
    expect(first).toContain('Ann Operator, Calm Chambers Ltd')
    expect(first).toContain('Not accepted')
    expect(first).toContain('Records are kept as long as the local rules require, at least seven years.')
    const second = squash(await comments.nth(1).innerText())
    expect(second).toContain('Name withheld')
    expect(second).not.toContain('Bob Private')
    expect(second).not.toContain('Quiet Studio')
    expect(second).toContain('Accepted with changes')
    // Typed markup stays text, and the right-to-left name reads as written.
    const third = squash(await comments.nth(2).innerText())
    expect(third).toContain('مريم الحسيني 😀, <script>alert(1)</script>')
    expect(third).toContain('<b>Noted</b> 👍')
    expect(await page.locator('main script').count()).toBe(0)
    expect(await page.getByTestId('hidden-count').textContent()).toBe(
      '1 submission was removed as spam and is not shown.',
    )
    const html = await page.content()
    for (const who of Object.values(COMMENTERS)) expect(html).not.toContain(who.email)
    expect(html).not.toContain('Buy cheap chambers')
    expect(problems).toEqual([])
  })

  it('a visitor comments on a version in review: wrong input gets its messages, a good comment its toast', async () => {
    const { page, problems } = await stack.openPage({ width: 390 })
    await gotoHydrated(page, url('/standards/MHBOT-SC-G-003/v/1.1'))
    await formHydrated(page)
    const notice = page.getByTestId('version-notice')
    expect(squash(await notice.innerText())).toContain(`open for comment until ${printed(reviewClosesAt)}`)
    const form = page.getByTestId('comment-form')
    // The section field suggests the version's own headings.
    const suggestions = await form
      .locator('datalist option')
      .evaluateAll((options) => options.map((option) => (option as HTMLOptionElement).value))
    const guide = COUNCIL_DOCUMENTS.find((doc) => doc.number === IN_REVIEW)
    expect(suggestions).toEqual(guide?.sections(DEFAULT_SITE).map((section) => section.heading))

    await form.getByRole('button', { name: 'Send Comment' }).click()
    for (const message of [
      'Name must be at least 2 characters',
      'Please enter a valid email address',
      'Say which section your comment is about',
      'Comment must be at least 10 characters',
    ]) {
      await form.getByText(message).waitFor()
    }
    // The first field to fix takes the focus.
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('autocomplete'))).toBe('name')

    await form.getByRole('textbox', { name: 'Name' }).fill('Cy Visitor')
    await form.getByRole('textbox', { name: 'Email' }).fill('cy@example.org')
    await form.getByRole('combobox', { name: 'Section' }).fill(suggestions[0] ?? 'Before the session')
    await form.getByRole('textbox', { name: 'Comment' }).fill('The checklist should ask about recent flights.')
    await form.getByRole('textbox', { name: 'Proposed change' }).fill('Add: “Have you flown in the last 24 hours?”')
    await form.getByRole('checkbox', { name: 'Publish my name and organisation with my comment' }).check()
    await form.getByRole('button', { name: 'Send Comment' }).click()
    await page.getByText(COMMENT_RECEIVED).waitFor()
    await expect.poll(() => form.getByRole('textbox', { name: 'Name' }).inputValue()).toBe('')
    const rows = await stack.sql<{ name: string; email: string; consent: boolean; proposed_change: string | null }[]>`
      select c.name, c.email, c.consent, c.proposed_change from standard_comments c
      join standard_versions v on v.id = c.version_id join standard_documents d on d.id = v.document_id
      where d.key = 'MHBOT-SC-G-003'`
    expect(rows).toEqual([
      {
        name: 'Cy Visitor',
        email: 'cy@example.org',
        consent: true,
        proposed_change: 'Add: “Have you flown in the last 24 hours?”',
      },
    ])
    expect(problems).toEqual([])
  })

  const AXE_PAGES = [
    '/standards',
    '/standards/MHBOT-SC-001',
    '/about/position-statement',
    '/standards/MHBOT-SC-G-003/v/1.1',
    '/standards/MHBOT-SC-G-002/v/1.0',
    '/standards/MHBOT-SC-G-002/compare?from=1.0&to=1.1',
    '/standards/MHBOT-SC-G-002/v/1.1/comments',
  ]

  for (const width of [1280, 320]) {
    it(`axe finds nothing on the standards pages at ${width} px, and none scrolls sideways`, async () => {
      const { page, problems }: WatchedPage = await stack.openPage({ width })
      for (const path of AXE_PAGES) {
        await gotoHydrated(page, url(path))
        if (path.endsWith('/v/1.1') && path.includes('G-003')) await formHydrated(page)
        expect(await axeViolations(page), `${path} at ${width}`).toEqual([])
        expect(await sideways(page), `${path} at ${width}: sticks out`).toEqual([])
      }
      // At 320 px the comparison table scrolls inside its own labelled region, which the keyboard reaches.
      if (width === 320) {
        await gotoHydrated(page, url('/standards/MHBOT-SC-001'))
        const region = page.getByRole('region', { name: /: table$/ })
        expect(await region.getAttribute('tabindex')).toBe('0')
        const widths = await region.evaluate((element) => ({
          scroll: element.scrollWidth,
          client: element.clientWidth,
        }))
        expect(widths.scroll).toBeGreaterThan(widths.client)
        expect(await region.locator('tbody tr').first().locator('th[scope="row"]').count()).toBe(1)
      }
      expect(problems).toEqual([])
    })
  }

  it.skipIf(!SHOTS)('screenshots at 1280, 390 and 320 px', { timeout: 180_000 }, async () => {
    const pages = {
      standards: '/standards',
      document: '/standards/MHBOT-SC-001',
      'position-statement': '/about/position-statement',
      review: '/standards/MHBOT-SC-G-003/v/1.1',
      superseded: '/standards/MHBOT-SC-G-002/v/1.0',
      compare: '/standards/MHBOT-SC-G-002/compare?from=1.0&to=1.1',
      comments: '/standards/MHBOT-SC-G-002/v/1.1/comments',
    }
    for (const width of [1280, 390, 320]) {
      const { page } = await stack.openPage({ width, height: width > 500 ? 900 : 844 })
      for (const [name, path] of Object.entries(pages)) {
        await gotoHydrated(page, url(path))
        await page.screenshot({ path: `${SHOTS}${name}-${width}.png`, fullPage: true })
        // Screen-high slices too: a whole page at 320 px is too tall to read as one image.
        const height = page.viewportSize()?.height ?? 844
        const total = await page.evaluate(() => document.documentElement.scrollHeight)
        for (let part = 0; part * height < total; part++) {
          await page.screenshot({
            path: `${SHOTS}parts/${name}-${width}-${part + 1}.png`,
            fullPage: true,
            clip: { x: 0, y: part * height, width, height: Math.min(height, total - part * height) },
          })
        }
      }
    }
  })
})
