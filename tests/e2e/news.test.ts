import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { chromiumAndPostgres } from '../helpers/browser'
import { scrollsSideways } from './admin-support'
import { axeViolations } from './axe'
import { useStack } from './stack'
import { gotoHydrated } from './support'

/**
 * News as an editor and a visitor meet it (docs/decisions/026 and 027): a built server with a real
 * OpenID Connect issuer and a real SMTP server, the scheduler every second, in Chromium.
 */
const EDITOR = 'editor@example.org'
/** Not the server's zone (UTC): the schedule is typed in the browser's own time. */
const TIME_ZONE = 'America/Los_Angeles'
const TITLE = 'Chamber pressures compared'
const SLUG = 'chamber-pressures-compared'
const BODY = [
  'The council compared the pressures used in accredited facilities.',
  '',
  '| Chamber | Pressure | Session length | Sessions a week |',
  '| --- | --- | --- | --- |',
  '| Monoplace | 2.0 ATA | 60 minutes | 5 |',
  '| Multiplace | 2.4 ATA | 90 minutes | 3 |',
  '',
  'Read the [safety guidance](https://example.org/safety) first.',
].join('\n')
const CELLS = ['Monoplace', '2.0 ATA', '60 minutes', '5', 'Multiplace', '2.4 ATA', '90 minutes', '3']
const SUBSCRIBERS = ['ann@example.org', 'bob@example.org', 'cy@example.org', 'di@example.org']

/** Reloads `path` until `check` finds what it waits for, or fails after `timeoutMs`. */
async function reloadUntil(page: Page, url: string, check: () => Promise<boolean>, timeoutMs = 15_000) {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    await gotoHydrated(page, url)
    if (await check()) return
    if (Date.now() > deadline) throw new Error(`${url} did not show what was expected within ${timeoutMs} ms`)
    await page.waitForTimeout(1000)
  }
}

describe.skipIf(!chromiumAndPostgres())('news in Chromium: write, preview, schedule, publish, send', () => {
  const stack = useStack({
    oidc: true,
    smtp: true,
    env: { NEWS_PUBLISH_INTERVAL_S: '1', MAIL_RATE_PER_MINUTE: '6000' },
    team: [{ email: EDITOR, firstName: 'Eddie', role: 'editor' }],
  })

  it('an editor writes a post with a table and a link, sees the preview, schedules it, and it appears', async () => {
    const { page, problems } = await stack.signIn('/admin/news', { email: EDITOR, timezoneId: TIME_ZONE })
    problems.length = 0
    await page.getByRole('textbox', { name: 'Title' }).fill(TITLE)
    await expect.poll(() => page.getByRole('textbox', { name: 'Slug' }).inputValue()).toBe(SLUG)
    await page.getByRole('textbox', { name: 'Summary' }).fill('How the accredited facilities’ pressures compare.')
    await page.getByRole('textbox', { name: 'Body (Markdown)' }).fill(BODY)

    // The preview is the server's rendering: a real table, a real link.
    const preview = page.getByTestId('post-preview')
    const table = preview.locator('table')
    await table.waitFor({ timeout: 10_000 })
    expect(await table.locator('th').allTextContents()).toEqual([
      'Chamber',
      'Pressure',
      'Session length',
      'Sessions a week',
    ])
    expect(await table.locator('td').allTextContents()).toEqual(CELLS)
    const link = preview.getByRole('link', { name: 'safety guidance' })
    expect(await link.getAttribute('href')).toBe('https://example.org/safety')
    expect(await page.getByTestId('post-preview-mail-links').count()).toBe(0)

    // A link into the page would go nowhere in the newsletter's mail: the preview says so, until it is mended.
    const bodyField = page.getByRole('textbox', { name: 'Body (Markdown)' })
    await bodyField.fill(`${BODY}\n\nSee [the details](#details).`)
    await page
      .getByTestId('post-preview-mail-links')
      .getByText('In the newsletter’s mail this link goes nowhere: “#details”.', { exact: false })
      .waitFor()
    await bodyField.fill(BODY)
    await page.getByTestId('post-preview-mail-links').waitFor({ state: 'detached' })

    // Scheduled a few seconds ahead, typed as the browser's local time.
    await page.getByRole('radio', { name: 'Scheduled' }).check()
    const due = await page.evaluate(() => {
      const at = new Date(Date.now() + 6000)
      const pad = (n: number) => String(n).padStart(2, '0')
      const local = `${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())}T${pad(at.getHours())}:${pad(at.getMinutes())}:${pad(at.getSeconds())}`
      return { local, iso: new Date(at.getTime() - at.getMilliseconds()).toISOString() }
    })
    await page.getByLabel('Publish at').fill(due.local)
    await page.getByRole('button', { name: 'Save' }).click()
    await page.getByText('Post saved successfully').waitFor()
    const [stored] = await stack.sql<{ status: string; publish_at: Date }[]>`select status, publish_at from posts`
    expect(stored?.status).toBe('scheduled')
    expect(stored?.publish_at.toISOString()).toBe(due.iso)

    // A visitor: the post shows on /news and the home page once its time has come (the kept pages
    // are dropped by the posts' trigger when the scheduler publishes it).
    const visitor = await stack.openPage()
    const newsLink = () => visitor.page.getByRole('link', { name: TITLE })
    await reloadUntil(visitor.page, `${stack.url}/news`, () => newsLink().isVisible())
    expect(Date.now()).toBeGreaterThanOrEqual(new Date(due.iso).getTime())
    await reloadUntil(visitor.page, `${stack.url}/`, () =>
      visitor.page.getByTestId('latest-news').getByRole('link', { name: TITLE }).isVisible(),
    )

    await gotoHydrated(visitor.page, `${stack.url}/news/${SLUG}`)
    await visitor.page.getByRole('heading', { level: 1, name: TITLE }).waitFor()
    const body = visitor.page.getByTestId('news-body')
    expect(await body.locator('td').allTextContents()).toEqual(CELLS)
    expect(await body.getByRole('link', { name: 'safety guidance' }).getAttribute('href')).toBe(
      'https://example.org/safety',
    )
    expect(visitor.problems).toEqual([])
    expect(problems).toEqual([])
  })

  it('the editor sends the published post to the active subscribers, and each gets it once', async () => {
    for (const email of SUBSCRIBERS) {
      await stack.sql`
        insert into newsletter_subscribers (email, status, subscribed_at, confirmed_at, consent_source)
        values (${email}, 'active', now() - interval '1 day', now() - interval '1 day', 'form')`
    }
    await stack.sql`
      insert into newsletter_subscribers (email, status, subscribed_at, consent_source)
      values ('waiting@example.org', 'pending', now(), 'form')`
    stack.smtp.received.length = 0

    const { page, problems } = await stack.signIn('/admin/news', { email: EDITOR })
    problems.length = 0
    await page.getByRole('button', { name: `Edit ${TITLE}` }).click()
    await page.getByRole('heading', { name: 'Edit Post' }).waitFor()
    const send = page.getByRole('button', { name: `Send to ${SUBSCRIBERS.length} subscribers` })
    await send.click()
    const dialog = page.getByRole('dialog', { name: 'Send this post to the subscribers?' })
    await dialog.getByText(`It goes to ${SUBSCRIBERS.length} subscribers, once.`).waitFor()
    await dialog.getByRole('button', { name: 'Send', exact: true }).click()
    await dialog.waitFor({ state: 'detached' })

    const n = SUBSCRIBERS.length
    await page.getByText(`${n} of ${n} sent · 0 queued · 0 failed · 0 cancelled`).waitFor({ timeout: 20_000 })
    const mails = await stack.smtp.waitFor(n)
    expect(mails.flatMap((mail) => mail.envelopeTo).sort()).toEqual([...SUBSCRIBERS].sort())
    for (const mail of mails) expect(mail.parsed.subject).toBe(TITLE)
    // Sent once: the button now says why it is off.
    await page.getByText('This post was already sent to the subscribers; a post is sent once.').waitFor()
    expect(problems).toEqual([])
  })

  it('axe finds nothing on /news and the post at 1280 and 320 px, nor on the editor at 1280 px', async () => {
    for (const width of [1280, 320]) {
      const visitor = await stack.openPage({ width })
      for (const path of ['/news', `/news/${SLUG}`]) {
        await gotoHydrated(visitor.page, `${stack.url}${path}`)
        expect(await axeViolations(visitor.page), `${path} at ${width}`).toEqual([])
        if (path !== '/news') {
          // At 320 px the table scrolls in its own box, and the keyboard can reach it to scroll it.
          const tabindex = await visitor.page.getByTestId('news-body').locator('table').getAttribute('tabindex')
          expect(tabindex, `the table at ${width}`).toBe(width === 320 ? '0' : null)
        }
        expect(await scrollsSideways(visitor), `${path} at ${width}`).toBe(false)
      }
    }
    const { page } = await stack.signIn('/admin/news', { email: EDITOR })
    await page.getByRole('button', { name: `Edit ${TITLE}` }).click()
    await page.getByTestId('post-preview').locator('table').waitFor()
    expect(await axeViolations(page)).toEqual([])
  })

  it('a reader subscribes under the post and on /news, and gets the confirmation mail', async () => {
    const reader = await stack.openPage({ width: 390 })
    for (const [path, email] of [
      [`/news/${SLUG}`, 'post-reader@example.net'],
      ['/news', 'list-reader@example.net'],
    ] as const) {
      await gotoHydrated(reader.page, `${stack.url}${path}`)
      const form = reader.page.getByRole('region', { name: 'Stay Informed' })
      await form.getByRole('textbox', { name: 'Email address' }).fill(email)
      await form.getByRole('button', { name: 'Subscribe' }).click()
      await form.getByText('Check your inbox: we sent you a link to confirm your subscription.').waitFor()
      const [mail] = await stack.smtp.waitForMatching((received) => received.envelopeTo.includes(email), 1)
      expect(mail?.parsed.subject ?? '').toMatch(/^Confirm your subscription to the /)
    }
    const rows = await stack.sql`
      select email, status from newsletter_subscribers where email like '%-reader@example.net' order by email`
    expect(rows).toEqual([
      { email: 'list-reader@example.net', status: 'pending' },
      { email: 'post-reader@example.net', status: 'pending' },
    ])
    expect(reader.problems).toEqual([])
  })
})
