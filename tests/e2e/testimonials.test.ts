import { mkdir } from 'node:fs/promises'
import { fileURLToPath } from 'node:url'
import type { Locator, Page } from 'playwright-core'
import { beforeAll, describe, expect, it } from 'vitest'
import { TESTIMONIAL_CONSENT_STATEMENT } from '../../src/shared/schemas/testimonial'
import { chromiumAndPostgres, type WatchedPage } from '../helpers/browser'
import { scrollsSideways } from './admin-support'
import { ADMIN_EMAIL, useStack } from './stack'
import { focused, gotoHydrated, holdRequests, withoutInjectedFailures } from './support'

/** Placeholder people and words: nothing here stands for a real person. */
const VISITOR = {
  name: 'Test Visitor One',
  location: 'Test Town',
  text: 'Placeholder experience written by the browser test, long enough to pass.',
}
const EDITED_TEXT = 'Placeholder letter after an admin corrected a typo in it.'
const ADDED = {
  name: 'Test Author Two',
  location: 'Test Region',
  text: 'Placeholder testimonial the council received by letter, typed in by the admin.',
}

/**
 * SCREENSHOTS=1 saves the public form and the admin screen at 1280, 390 and 320 px into
 * tests/.artifacts/screens/testimonials/, for a person to look at.
 */
const SHOTS = fileURLToPath(new URL('../.artifacts/screens/testimonials/', import.meta.url))
async function shoot(page: Page, name: string, options: { viewportOnly?: boolean } = {}) {
  if (!process.env.SCREENSHOTS) return
  await mkdir(SHOTS, { recursive: true })
  await page.screenshot({ path: `${SHOTS}${name}.png`, fullPage: !options.viewportOnly, animations: 'disabled' })
  if (options.viewportOnly) return
  // Viewport-high slices as well: a whole narrow page shrunk to fit a screen is too small to read.
  const { width, height } = page.viewportSize() ?? { width: 1280, height: 900 }
  const total = await page.evaluate(() => document.documentElement.scrollHeight)
  for (let top = 0, n = 1; top < total; top += height, n += 1) {
    await page.screenshot({
      path: `${SHOTS}${name}-part${n}.png`,
      fullPage: true,
      clip: { x: 0, y: top, width, height: Math.min(height, total - top) },
      animations: 'disabled',
    })
  }
}

/**
 * Waits for the success toast that contains `text`, then dismisses it: one toast shows at a time,
 * so the next one would otherwise wait its 5 seconds.
 */
async function seeToast(page: Page, text: string) {
  const toast = page.locator('[data-toast-id]').filter({ hasText: text })
  await toast.waitFor()
  expect(await toast.getAttribute('data-variant')).toBe('success')
  await toast.getByRole('button', { name: 'Dismiss notification' }).click()
  await toast.waitFor({ state: 'detached' })
}

/** Every input and text area of the page's main content has text of at least 16 px (no zoom on focus). */
const smallestInputFont = (page: Page) =>
  page.evaluate(() =>
    Math.min(
      ...[...document.querySelectorAll('main input:not([type=checkbox]):not([tabindex="-1"]), main textarea')].map(
        (element) => Number.parseFloat(getComputedStyle(element).fontSize),
      ),
    ),
  )

describe.skipIf(!chromiumAndPostgres())('testimonials: the public form and the admin screen', () => {
  const stack = useStack({ oidc: true })
  let admin: WatchedPage

  const homeHtml = async () => (await fetch(`${stack.url}/`)).text()
  const apiTexts = async () => {
    const response = await fetch(`${stack.url}/api/testimonials`)
    expect(response.status).toBe(200)
    return ((await response.json()) as { testimonial: string }[]).map((row) => row.testimonial)
  }
  const card = (name: string) => admin.page.getByTestId('admin-testimonial').filter({ hasText: name })

  describe('a visitor', () => {
    let visitor: WatchedPage
    let form: Locator
    const field = (name: string) => form.getByRole('textbox', { name })
    const consent = () => form.getByRole('checkbox', { name: TESTIMONIAL_CONSENT_STATEMENT })

    it('reaches the form from the home page, which has no testimonials yet', async () => {
      visitor = await stack.openPage()
      await gotoHydrated(visitor.page, `${stack.url}/`)
      const section = visitor.page.getByRole('region', { name: 'What People Say' })
      expect(await section.getByTestId('testimonial-card').count()).toBe(0)
      if (process.env.SCREENSHOTS) {
        await section.scrollIntoViewIfNeeded()
        await shoot(visitor.page, 'home-section-empty-1280', { viewportOnly: true })
      }
      await section.getByRole('link', { name: 'Share your experience' }).click()
      await visitor.page.waitForURL(`${stack.url}/share-your-experience`)
      // A client-side navigation: the URL changes first, the page follows when its code has loaded.
      await visitor.page.getByRole('heading', { level: 1, name: 'Share Your Experience' }).waitFor()
      await visitor.page.getByText('Every testimonial is read by the council before it appears.').waitFor()
      form = visitor.page.getByRole('region', { name: 'Your Experience' })
      await shoot(visitor.page, 'public-form-1280')
      expect(visitor.problems).toEqual([])
    })

    it('needs consent: without it, an inline message and nothing sent', async () => {
      let sent = 0
      visitor.page.on('request', (request) => {
        if (request.url().includes('/trpc/testimonials.submit')) sent += 1
      })
      await field('Name').fill(VISITOR.name)
      await field('Location').fill(VISITOR.location)
      await field('Your experience').fill(VISITOR.text)
      await form.getByRole('button', { name: 'Submit Testimonial' }).click()
      await form.getByText('Consent to publish is required', { exact: true }).waitFor()
      expect(await consent().getAttribute('aria-invalid')).toBe('true')
      // The only field to fix takes the focus.
      await expect.poll(() => consent().evaluate((box) => box === document.activeElement)).toBe(true)
      const errorId = await form.getByText('Consent to publish is required', { exact: true }).getAttribute('id')
      expect((await consent().getAttribute('aria-describedby'))?.split(' ')).toContain(errorId)
      await visitor.page.waitForTimeout(300)
      expect(sent).toBe(0)
      expect(visitor.problems).toEqual([])
    })

    it('with consent: "Sending...", a toast saying it will be reviewed, a reset form and an unapproved row', async () => {
      const hold = await holdRequests(visitor.page, '**/trpc/testimonials.submit**')
      await consent().check()
      await form.getByRole('button', { name: 'Submit Testimonial' }).click()
      await expect.poll(hold.held).toBe(1)
      const sending = form.getByRole('button', { name: 'Sending...' })
      expect(await sending.isDisabled()).toBe(true)
      hold.release()

      const toast = visitor.page.locator('[data-toast-id]').filter({ hasText: 'Thank you' })
      await toast.waitFor()
      expect(await toast.textContent()).toContain('It will be reviewed before it appears on the site.')
      expect(await toast.getAttribute('data-variant')).toBe('success')
      await expect.poll(() => field('Name').inputValue()).toBe('')
      expect(await field('Your experience').inputValue()).toBe('')
      expect(await consent().isChecked()).toBe(false)

      const rows = await stack.sql`
        select name, location, testimonial, is_approved, consented_at is not null as consented
        from testimonials`
      expect(rows).toEqual([
        {
          name: VISITOR.name,
          location: VISITOR.location,
          testimonial: VISITOR.text,
          is_approved: false,
          consented: true,
        },
      ])
      // Not published: neither the home page nor the public list shows it.
      expect(await homeHtml()).not.toContain(VISITOR.text)
      expect(await apiTexts()).toEqual([])
      expect(visitor.problems).toEqual([])
    })

    it('when the server refuses (too many submissions), a destructive toast and the form keeps what was typed', async () => {
      // The test server runs without rate limits; this is the answer the tRPC adapter gives past the
      // 'testimonial' budget.
      await visitor.page.route('**/trpc/testimonials.submit**', (route) =>
        route.fulfill({
          status: 429,
          contentType: 'application/json',
          body: JSON.stringify([
            {
              error: {
                json: {
                  message: 'Too many requests. Please wait a few minutes and try again.',
                  code: -32029,
                  data: { code: 'TOO_MANY_REQUESTS', httpStatus: 429 },
                },
              },
            },
          ]),
        }),
      )
      await field('Name').fill(VISITOR.name)
      await field('Your experience').fill(VISITOR.text)
      await consent().check()
      await form.getByRole('button', { name: 'Submit Testimonial' }).click()
      const toast = visitor.page.locator('[data-toast-id]').filter({ hasText: 'Submission Failed' })
      await toast.waitFor()
      expect(await toast.textContent()).toContain('Too many requests. Please wait a few minutes and try again.')
      expect(await toast.getAttribute('data-variant')).toBe('destructive')
      expect(await field('Name').inputValue()).toBe(VISITOR.name)
      expect(await field('Your experience').inputValue()).toBe(VISITOR.text)
      expect(await consent().isChecked()).toBe(true)
      expect(await form.getByRole('button', { name: 'Submit Testimonial' }).isEnabled()).toBe(true)
      const [count] = await stack.sql<{ n: number }[]>`select count(*)::int as n from testimonials`
      expect(count?.n).toBe(1)
      expect(withoutInjectedFailures(visitor.problems, 429)).toEqual([])
    })

    for (const width of [390, 320]) {
      it(`at ${width} px the form fits the screen, with 16 px text in its fields`, async () => {
        const narrow = await stack.openPage({ width, height: 844 })
        await gotoHydrated(narrow.page, `${stack.url}/share-your-experience`)
        expect(await scrollsSideways(narrow)).toBe(false)
        expect(await smallestInputFont(narrow.page)).toBeGreaterThanOrEqual(16)
        await narrow.page.getByRole('button', { name: 'Submit Testimonial' }).click()
        await narrow.page.getByText('Consent to publish is required').waitFor()
        expect(await scrollsSideways(narrow)).toBe(false)
        await shoot(narrow.page, `public-form-${width}`)
        expect(narrow.problems).toEqual([])
      })
    }
  })

  describe('the admin', () => {
    const home = async () => {
      const watched = await stack.openPage()
      await watched.page.goto(`${stack.url}/`)
      return watched
    }
    const homeCards = async () => {
      const { page } = await home()
      return page.getByTestId('testimonial-card').allTextContents()
    }

    beforeAll(async () => {
      // An older, already published testimonial: the pending one must still come first.
      await stack.sql`
        insert into testimonials (name, location, testimonial, is_approved, consented_at, created_at)
        values ('Test Author Published', null, 'Placeholder testimonial that was published before.', true,
                now() + interval '1 minute', now() + interval '1 minute')`
      admin = await stack.signIn('/admin/testimonials')
    })

    it('sees the visitor’s testimonial first, pending review, with its consent recorded', async () => {
      const { page, problems } = admin
      await page.getByRole('heading', { level: 2, name: 'All Testimonials' }).waitFor()
      const first = page.getByTestId('admin-testimonial').first()
      await first.getByText(VISITOR.name).waitFor()
      expect(await first.getAttribute('data-state')).toBe('pending')
      expect(await first.textContent()).toContain('Pending review')
      expect(await first.textContent()).toContain(VISITOR.location)
      expect(await first.textContent()).toContain(VISITOR.text)
      expect(await first.textContent()).toContain('Consent recorded')
      expect(await page.getByTestId('admin-testimonial').nth(1).textContent()).toContain('Published')
      expect(await page.getByTestId('pending-count').textContent()).toBe('1 waiting for review.')
      // The navigation says it too, beside "Testimonials", as it counts new messages beside "Messages".
      expect(await page.getByTestId('pending-testimonials-count').textContent()).toBe('1 waiting for review')
      await shoot(page, 'admin-1280')
      expect(problems).toEqual([])
    })

    it('approves it: on the home page at once and in /api/testimonials; unapproves it: gone again', async () => {
      const { page, problems } = admin
      await card(VISITOR.name)
        .getByRole('button', { name: /^Approve/ })
        .click()
      await seeToast(page, 'Testimonial approved; it now appears on the site')
      await expect.poll(() => card(VISITOR.name).getAttribute('data-state')).toBe('published')
      expect((await homeCards()).some((text) => text.includes(VISITOR.text))).toBe(true)
      expect(await apiTexts()).toContain(VISITOR.text)

      await card(VISITOR.name)
        .getByRole('button', { name: /^Unapprove/ })
        .click()
      await seeToast(page, 'Testimonial unapproved; it no longer appears on the site')
      await expect.poll(() => card(VISITOR.name).getAttribute('data-state')).toBe('pending')
      expect((await homeCards()).some((text) => text.includes(VISITOR.text))).toBe(false)
      expect(await apiTexts()).not.toContain(VISITOR.text)
      expect(problems).toEqual([])
    })

    it('approves with the keyboard alone', async () => {
      const { page, problems } = admin
      await gotoHydrated(page, `${stack.url}/admin/testimonials`)
      await card(VISITOR.name).waitFor()
      const target = `Approve the testimonial from ${VISITOR.name}`
      let reached = false
      for (let presses = 0; presses < 80 && !reached; presses += 1) {
        await page.keyboard.press('Tab')
        reached = (await focused(page)).label === target
      }
      expect(reached).toBe(true)
      await page.keyboard.press('Enter')
      // On a busy machine the answer can take longer than expect.poll's default second.
      await expect.poll(() => card(VISITOR.name).getAttribute('data-state'), { timeout: 10_000 }).toBe('published')
      // The button stays in place, now offering the way back, and keeps the focus.
      await expect
        .poll(async () => (await focused(page)).label, { timeout: 10_000 })
        .toBe(`Unapprove the testimonial from ${VISITOR.name}`)
      await seeToast(page, 'Testimonial approved')
      expect(problems).toEqual([])
    })

    it('cannot change a visitor’s words: no Edit, and the API refuses with the reason', async () => {
      const { page, problems } = admin
      const visitorCard = card(VISITOR.name)
      await visitorCard.getByRole('button', { name: /^Unapprove/ }).waitFor()
      expect(await visitorCard.getByRole('button', { name: /^Edit/ }).count()).toBe(0)
      expect(await visitorCard.textContent()).toContain('Sent through the site')
      expect(await visitorCard.textContent()).toContain('can be published or not, but not changed')
      const [row] = await stack.sql<{ id: number }[]>`select id from testimonials where name = ${VISITOR.name}`
      const refused = await page.evaluate(async (id) => {
        const response = await fetch(`/api/admin/testimonials/${id}`, {
          method: 'PATCH',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ testimonial: 'Words the council would rather the visitor had written.' }),
        })
        return { status: response.status, body: (await response.json()) as { message: string } }
      }, row?.id)
      expect(refused.status).toBe(409)
      expect(refused.body.message).toContain('sent by a visitor through the site')
      const cards = await homeCards()
      expect(cards.some((text) => text.includes(VISITOR.text))).toBe(true)
      expect(withoutInjectedFailures(problems, 409)).toEqual([])
      problems.length = 0
    })

    it('deletes it after a confirmation; cancelling keeps it', async () => {
      const { page, problems } = admin
      await card(VISITOR.name)
        .getByRole('button', { name: /^Delete/ })
        .click()
      const dialog = page.getByRole('dialog', { name: 'Delete Testimonial?' })
      await dialog.getByText(`The testimonial from ${VISITOR.name} will be deleted for good.`).waitFor()
      await dialog.getByRole('button', { name: 'Cancel' }).click()
      await dialog.waitFor({ state: 'detached' })
      expect(await card(VISITOR.name).count()).toBe(1)

      await card(VISITOR.name)
        .getByRole('button', { name: /^Delete/ })
        .click()
      await dialog.getByRole('button', { name: 'Delete', exact: true }).click()
      await seeToast(page, 'Testimonial deleted')
      await card(VISITOR.name).waitFor({ state: 'detached' })
      expect((await homeCards()).some((text) => text.includes(VISITOR.text))).toBe(false)
      expect(await apiTexts()).not.toContain(VISITOR.text)
      expect(await stack.sql`select id from testimonials where name = ${VISITOR.name}`).toHaveLength(0)
      expect(problems).toEqual([])
    })

    it('adds one received by letter: consent required, then published at once when asked', async () => {
      const { page, problems } = admin
      const form = page.getByRole('region', { name: 'Add Testimonial' })
      let sent = 0
      page.on('request', (request) => {
        if (request.url().includes('/trpc/testimonials.create')) sent += 1
      })
      await form.getByRole('textbox', { name: 'Name' }).fill(ADDED.name)
      await form.getByRole('textbox', { name: 'Location' }).fill(ADDED.location)
      await form.getByRole('textbox', { name: 'Testimonial' }).fill(ADDED.text)
      await form.getByRole('checkbox', { name: 'Approve now' }).check()
      await form.getByRole('button', { name: 'Add Testimonial' }).click()
      await form.getByText('Consent to publish is required', { exact: true }).waitFor()
      await page.waitForTimeout(300)
      expect(sent).toBe(0)

      await form.getByRole('checkbox', { name: TESTIMONIAL_CONSENT_STATEMENT }).check()
      await form.getByRole('button', { name: 'Add Testimonial' }).click()
      await seeToast(page, 'Testimonial added and published')
      await card(ADDED.name).waitFor()
      expect(await card(ADDED.name).getAttribute('data-state')).toBe('published')
      expect(await form.getByRole('textbox', { name: 'Name' }).inputValue()).toBe('')
      expect(await form.getByRole('checkbox', { name: TESTIMONIAL_CONSENT_STATEMENT }).isChecked()).toBe(false)
      const rows = await stack.sql`
        select location, is_approved, consented_at is not null as consented from testimonials
        where name = ${ADDED.name}`
      expect(rows).toEqual([{ location: ADDED.location, is_approved: true, consented: true }])
      expect((await homeCards()).some((text) => text.includes(ADDED.text))).toBe(true)
      if (process.env.SCREENSHOTS) {
        for (const width of [1280, 320]) {
          const { page: homePage } = await stack.openPage({ width })
          await homePage.goto(`${stack.url}/`)
          await homePage.getByRole('region', { name: 'What People Say' }).scrollIntoViewIfNeeded()
          await shoot(homePage, `home-section-${width}`, { viewportOnly: true })
        }
      }
      expect(problems).toEqual([])
    })

    it('edits the text of one the council entered: the home page shows the new words', async () => {
      const { page, problems } = admin
      expect(await card(ADDED.name).textContent()).toContain('Entered by the council')
      await card(ADDED.name).getByRole('button', { name: /^Edit/ }).click()
      const dialog = page.getByRole('dialog', { name: 'Edit Testimonial' })
      await dialog.waitFor()
      expect(await dialog.getByRole('textbox', { name: 'Name' }).inputValue()).toBe(ADDED.name)
      await dialog.getByRole('textbox', { name: 'Testimonial' }).fill('Too short')
      await dialog.getByRole('button', { name: 'Save Changes' }).click()
      await dialog.getByText('Please write at least 20 characters').waitFor()
      await dialog.getByRole('textbox', { name: 'Testimonial' }).fill(EDITED_TEXT)
      await dialog.getByRole('button', { name: 'Save Changes' }).click()
      await seeToast(page, 'Testimonial updated')
      await dialog.waitFor({ state: 'detached' })
      await card(ADDED.name).getByText(EDITED_TEXT).waitFor()
      const cards = await homeCards()
      expect(cards.some((text) => text.includes(EDITED_TEXT))).toBe(true)
      expect(cards.some((text) => text.includes(ADDED.text))).toBe(false)
      expect(problems).toEqual([])
    })

    it('shows the empty and the failed states, and recovers with "Try again"', async () => {
      const { page, problems } = admin
      // The screen's first requests are batched (auth.me, the new-message count, this list): only
      // this list's entry of the real answer is replaced.
      const listRequest = (url: URL) => url.pathname.startsWith('/trpc/') && url.pathname.includes('testimonials.all')
      const answerListWith = (entry: object) =>
        page.route(listRequest, async (route) => {
          const response = await route.fetch()
          const body = (await response.json()) as object[]
          const paths = new URL(route.request().url()).pathname.slice('/trpc/'.length).split(',')
          body[paths.indexOf('testimonials.all')] = entry
          const failed = 'error' in entry
          await route.fulfill({ response, status: failed ? (paths.length > 1 ? 207 : 500) : 200, json: body })
        })

      await answerListWith({ result: { data: { json: { items: [], nextCursor: null } } } })
      await gotoHydrated(page, `${stack.url}/admin/testimonials`)
      await page.getByText('No testimonials yet.').waitFor()
      await page.unroute(listRequest)

      await answerListWith({
        error: {
          json: {
            message: 'Internal Server Error',
            code: -32603,
            data: { code: 'INTERNAL_SERVER_ERROR', httpStatus: 500 },
          },
        },
      })
      await gotoHydrated(page, `${stack.url}/admin/testimonials`)
      await page.getByText('The testimonials could not be loaded').waitFor()
      await page.unroute(listRequest)
      await page.getByRole('button', { name: 'Try again' }).click()
      await card(ADDED.name).waitFor()
      expect(withoutInjectedFailures(problems)).toEqual([])
      problems.length = 0
    })

    it('leaves an activity log with approvals and which fields changed, never names or words', async () => {
      const rows = await stack.sql<{ actor_email: string; action: string; before: unknown; after: unknown }[]>`
        select actor_email, action, before, after from audit_log where entity = 'testimonial' order by id`
      expect(rows.map(({ action, before, after }) => ({ action, before, after }))).toEqual([
        { action: 'update', before: { isApproved: false }, after: { isApproved: true } },
        { action: 'update', before: { isApproved: true }, after: { isApproved: false } },
        { action: 'update', before: { isApproved: false }, after: { isApproved: true } },
        { action: 'delete', before: { isApproved: true }, after: null },
        { action: 'create', before: null, after: { isApproved: true } },
        { action: 'update', before: {}, after: { edited: ['testimonial'] } },
      ])
      expect(rows.every((row) => row.actor_email === ADMIN_EMAIL)).toBe(true)
      const logged = JSON.stringify(rows)
      for (const secret of [VISITOR.name, VISITOR.location, VISITOR.text, EDITED_TEXT, ADDED.name, ADDED.text]) {
        expect(logged).not.toContain(secret)
      }
    })

    describe('on narrow screens', () => {
      beforeAll(async () => {
        // Long unbroken words must wrap, not widen the page.
        await stack.sql`
          insert into testimonials (name, location, testimonial, is_approved, consented_at)
          values (${`Test Author ${'Longname'.repeat(8)}`}, 'Test Place',
                  ${`A placeholder with an unbroken https://example.org/${'x'.repeat(160)} link in it.`}, false, now())`
      })

      for (const width of [390, 320]) {
        it(`at ${width} px the screen and its edit dialog fit, with 16 px text in the fields`, async () => {
          const narrow = await stack.signIn('/admin/testimonials', { width })
          await narrow.page.getByTestId('admin-testimonial').first().waitFor()
          expect(await scrollsSideways(narrow)).toBe(false)
          expect(await smallestInputFont(narrow.page)).toBeGreaterThanOrEqual(16)
          await shoot(narrow.page, `admin-${width}`)
          await narrow.page.getByRole('button', { name: /^Edit/ }).first().click()
          const dialog = narrow.page.getByRole('dialog', { name: 'Edit Testimonial' })
          await dialog.waitFor()
          const box = await dialog.boundingBox()
          expect((box?.x ?? -1) >= 0 && (box?.x ?? 0) + (box?.width ?? Infinity) <= width).toBe(true)
          await shoot(narrow.page, `admin-edit-${width}`, { viewportOnly: true })
          expect(narrow.problems).toEqual([])
        })
      }
    })
  })
})
