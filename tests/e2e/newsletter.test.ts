import { mkdir, readFile } from 'node:fs/promises'
import { fileURLToPath } from 'node:url'
import { beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { chromiumAndPostgres } from '../helpers/browser'
import { linkIn } from '../helpers/smtp'
import { scrollsSideways } from './admin-support'
import { axeViolations } from './axe'
import { useStack } from './stack'
import { focused, gotoHydrated, sleep } from './support'

/** Screenshots for a person to look at, with SCREENSHOTS=1 (as in screenshots.test.ts). */
const SHOTS = process.env.SCREENSHOTS ? fileURLToPath(new URL('../.artifacts/screens/', import.meta.url)) : null
const COUNCIL = 'council-inbox@example.org'

/**
 * The newsletter's promises and the council's mail, as a visitor and a council secretary meet
 * them: a built server with SMTP_URL pointing at a real SMTP server on 127.0.0.1, in Chromium.
 */
describe.skipIf(!chromiumAndPostgres())('newsletter, mail and privacy in Chromium', () => {
  const stack = useStack({ oidc: true, smtp: true, env: { COUNCIL_NOTIFY_EMAIL: COUNCIL } })

  beforeAll(async () => {
    if (SHOTS) await mkdir(SHOTS, { recursive: true })
  })
  beforeEach(async () => {
    await stack.sql`truncate newsletter_subscribers, mail_events, contact_submissions, mail_outbox, audit_log restart identity`
    stack.smtp.received.length = 0
    stack.smtp.refuseRecipients(false)
  })

  const subscribers = () =>
    stack.sql<{ email: string; status: string }[]>`select email, status from newsletter_subscribers order by email`

  it('a visitor subscribes, is told to check the inbox, and confirms with the link by keyboard alone', async () => {
    const { page, problems } = await stack.openPage({ width: 390 })
    await gotoHydrated(page, `${stack.url}/`)
    await page.getByLabel('Email address').fill('reader@example.net')
    await page.getByRole('button', { name: 'Subscribe' }).click()
    // The toast keeps the product's text; the line under the form says where the link went.
    const toast = page.getByRole('region', { name: 'Notifications (F8)' }).locator('[data-toast-id]').first()
    await toast.getByText('Successfully Subscribed!').waitFor()
    await page.getByText('Check your inbox: we sent you a link to confirm your subscription.').waitFor()
    expect(await subscribers()).toEqual([{ email: 'reader@example.net', status: 'pending' }])
    if (SHOTS) {
      await page.getByTestId('newsletter-check-inbox').scrollIntoViewIfNeeded()
      await page.screenshot({ path: `${SHOTS}newsletter-check-inbox-390.png` })
    }

    const [mail] = await stack.smtp.waitFor(1)
    expect(mail?.envelopeTo).toEqual(['reader@example.net'])
    const link = linkIn(mail, `${stack.url}/newsletter/confirm?token=`)
    for (const width of [1280, 390, 320]) {
      await page.setViewportSize({ width, height: 700 })
      await page.goto(link)
      await page.getByRole('heading', { name: 'Confirm your subscription' }).waitFor()
      expect(await scrollsSideways({ page, problems })).toBe(false)
      if (SHOTS) await page.screenshot({ path: `${SHOTS}newsletter-confirm-${width}.png` })
    }
    expect((await subscribers())[0]?.status).toBe('pending')
    await page.keyboard.press('Tab')
    expect(await focused(page)).toMatchObject({ tag: 'button', text: 'Confirm subscription' })
    await page.keyboard.press('Enter')
    await page.getByRole('heading', { name: 'Subscription confirmed' }).waitFor()
    expect(await subscribers()).toEqual([{ email: 'reader@example.net', status: 'active' }])
    // Once confirmed, a welcome with the reader's own one-click unsubscribe (and before the next test).
    const [welcome] = await stack.smtp.waitForMatching(
      (received) => /^Welcome to the /.test(received.parsed.subject ?? ''),
      1,
    )
    expect(welcome?.envelopeTo).toEqual(['reader@example.net'])
    const oneClick = welcome?.parsed.headerLines.find((line) => line.key === 'list-unsubscribe-post')?.line
    expect(oneClick).toBe('List-Unsubscribe-Post: List-Unsubscribe=One-Click')
    expect(problems).toEqual([])
  })

  it('the council sees a new message by e-mail, and a notice the mail server refused is marked on it', async () => {
    const { page } = await stack.openPage()
    await gotoHydrated(page, `${stack.url}/contact`)
    await page.getByRole('textbox', { name: 'Name', exact: true }).fill('Pat Example')
    await page.getByRole('textbox', { name: 'Email', exact: true }).fill('pat@example.net')
    await page.getByRole('textbox', { name: 'Subject', exact: true }).fill('About the checklist')
    await page.getByRole('textbox', { name: 'Message' }).fill('Where can I find the facility checklist?')
    await page.getByRole('button', { name: 'Send Message' }).click()
    await page.getByText('Message Received').waitFor()
    // The council's notice, and the visitor's receipt.
    const mails = await stack.smtp.waitFor(2)
    const notice = mails.find((mail) => mail.envelopeTo.includes(COUNCIL))
    expect(notice?.parsed.replyTo?.value).toEqual([{ name: '', address: 'pat@example.net' }])
    const receipt = mails.find((mail) => mail.envelopeTo.includes('pat@example.net'))
    expect(receipt?.parsed.subject).toBe('We received your message: About the checklist')

    stack.smtp.refuseRecipients(true)
    await page.getByRole('textbox', { name: 'Subject', exact: true }).fill('A second question')
    await page.getByRole('textbox', { name: 'Name', exact: true }).fill('Pat Example')
    await page.getByRole('textbox', { name: 'Email', exact: true }).fill('pat@example.net')
    await page.getByRole('textbox', { name: 'Message' }).fill('Is there a printed version?')
    await page.getByRole('button', { name: 'Send Message' }).click()
    await expect
      .poll(async () => (await stack.sql`select state from mail_outbox order by id`).map((row) => row.state), {
        timeout: 10_000,
      })
      // The second message's notice, refused; its receipt is not sent again within ten minutes.
      .toEqual(['sent', 'sent', 'failed'])

    const admin = await stack.signIn('/admin/messages')
    const rows = admin.page.getByTestId('message-row')
    await rows.first().waitFor()
    expect(await rows.first().textContent()).toContain('Notice not sent')
    expect(await rows.nth(1).textContent()).not.toContain('Notice not sent')
    await rows.first().getByRole('button').click()
    await admin.page.getByTestId('message-dialog').getByText('Notice not sent').waitFor()
  })

  it('the secretary searches, deactivates and deletes subscribers, by keyboard too, and cannot reactivate one', async () => {
    await stack.sql`
      insert into newsletter_subscribers (email, status, subscribed_at, confirmed_at, consent_source) values
        ('ann@example.org', 'active', now() - interval '3 days', now() - interval '3 days', 'form'),
        ('bob@example.org', 'pending', now() - interval '2 days', null, 'resubscribe'),
        ('cy@example.org', 'unsubscribed', now() - interval '1 day', now() - interval '1 day', 'mail_off')`
    const { page, problems } = await stack.signIn('/admin/subscribers')
    problems.length = 0
    const rows = page.getByTestId('subscriber-row')
    await expect.poll(() => rows.count()).toBe(3)
    expect(await rows.first().textContent()).toContain('cy@example.org')
    expect(await rows.first().textContent()).toContain('Unsubscribed')
    expect(await rows.nth(1).textContent()).toContain('Pending')
    // When and how each consented.
    const consent = await rows.evaluateAll((items) =>
      items.map((item) => item.querySelector('[data-testid="subscriber-consent"]')?.textContent ?? ''),
    )
    expect(consent[0]).toMatch(/^Active since .+ · mail off, not confirmed$/)
    expect(consent[1]).toBe('Not confirmed yet · subscribed again')
    expect(consent[2]).toMatch(/^Confirmed .+ · form$/)

    await page.getByLabel('Search addresses').fill('ANN')
    await expect.poll(() => rows.count()).toBe(1)
    expect(await page.getByTestId('subscribers-total').textContent()).toBe('1 subscriber matching “ANN”')
    await page.getByRole('button', { name: 'Deactivate ann@example.org' }).click()
    await page.getByText('Subscriber deactivated').waitFor()
    // Consent is the subscriber's alone: no control brings the address back, and the screen says why.
    await rows.first().getByText('Only they can subscribe again').waitFor()
    expect(await page.getByRole('button', { name: /Reactivate/ }).count()).toBe(0)
    expect(await page.getByTestId('subscribers-consent-note').textContent()).toContain(
      'an address that unsubscribed cannot be reactivated here',
    )

    await page.getByLabel('Search addresses').fill('')
    await expect.poll(() => rows.count()).toBe(3)
    // Delete by keyboard: the dialog offers the safe choice first.
    await page.getByRole('button', { name: 'Delete bob@example.org for good' }).focus()
    await page.keyboard.press('Enter')
    const dialog = page.getByRole('dialog', { name: 'Delete this address for good?' })
    await dialog.waitFor()
    expect(await focused(page)).toMatchObject({ tag: 'button', text: 'Keep the address' })
    await page.keyboard.press('Escape')
    await dialog.waitFor({ state: 'detached' })
    expect(await focused(page)).toMatchObject({ label: 'Delete bob@example.org for good' })
    await page.keyboard.press('Enter')
    await dialog.getByRole('button', { name: 'Yes, delete for good' }).click()
    await page.getByText('Subscriber deleted for good').waitFor()
    // axe runs on a settled screen: a dialog still fading out has near-invisible text.
    await dialog.waitFor({ state: 'detached' })
    await expect.poll(() => rows.count()).toBe(2)
    expect((await subscribers()).map((row) => row.email)).toEqual(['ann@example.org', 'cy@example.org'])

    const log = await stack.sql<{ action: string; after: unknown }[]>`select action, after from audit_log order by id`
    expect(log.map((row) => row.action)).toEqual(['update', 'delete'])
    expect(JSON.stringify(log)).not.toContain('@example.org')
    expect(await axeViolations(page)).toEqual([])
    if (SHOTS) await page.screenshot({ path: `${SHOTS}admin-subscribers-actions-1280.png`, fullPage: true })
    expect(problems).toEqual([])
  })

  it('exports the active subscribers as CSV, and the link in it unsubscribes in one click', async () => {
    await stack.sql`
      insert into newsletter_subscribers (email, status) values
        ('keep@example.org', 'active'), ('=cmd@example.org', 'active'), ('old@example.org', 'unsubscribed')`
    const { page, problems } = await stack.signIn('/admin/subscribers')
    problems.length = 0
    await page.getByTestId('subscriber-row').first().waitFor()
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('link', { name: 'Export CSV' }).click(),
    ])
    expect(download.suggestedFilename()).toMatch(/^newsletter-subscribers-\d{4}-\d{2}-\d{2}\.csv$/)
    const csv = await readFile(String(await download.path()), 'utf8')
    const lines = csv.trim().split('\r\n')
    expect(lines[0]).toBe('email,subscribed_at,unsubscribe_url,confirmed_at,consent_source')
    expect(lines).toHaveLength(3)
    expect(lines.some((line) => line.startsWith("'=cmd@example.org,"))).toBe(true)
    const keep = lines.find((line) => line.startsWith('keep@example.org,'))
    const link = String(keep?.split(',')[2])

    const visitor = await stack.openPage({ width: 320 })
    await visitor.page.goto(link)
    await visitor.page.getByText('Press the button to stop the newsletter going to keep@example.org.').waitFor()
    expect(await scrollsSideways(visitor)).toBe(false)
    if (SHOTS) await visitor.page.screenshot({ path: `${SHOTS}newsletter-unsubscribe-320.png` })
    await visitor.page.getByRole('button', { name: 'Unsubscribe' }).click()
    await visitor.page.getByRole('heading', { name: 'You are unsubscribed' }).waitFor()
    expect((await subscribers()).find((row) => row.email === 'keep@example.org')?.status).toBe('unsubscribed')
    expect(visitor.problems).toEqual([])

    await page.reload()
    await page.getByTestId('subscriber-row').first().waitFor()
    const states = await page
      .getByTestId('subscriber-row')
      .evaluateAll((rows) => rows.map((row) => [row.querySelector('p')?.textContent, row.getAttribute('data-status')]))
    expect(states).toContainEqual(['keep@example.org', 'unsubscribed'])
  })

  for (const width of [390, 320]) {
    it(`the subscribers screen fits ${width} px without sideways scrolling`, async () => {
      await stack.sql`
        insert into newsletter_subscribers (email, status) values
          (${`${'b'.repeat(70)}@example.org`}, 'active'), ('gone@example.org', 'unsubscribed'), ('new@example.org', 'pending')`
      const { page, problems } = await stack.signIn('/admin/subscribers', { width })
      problems.length = 0
      await page.getByTestId('subscriber-row').first().waitFor()
      expect(await scrollsSideways({ page, problems })).toBe(false)
      if (SHOTS) await page.screenshot({ path: `${SHOTS}admin-subscribers-${width}.png`, fullPage: true })
      expect(problems).toEqual([])
    })
  }

  it('the privacy page: linked from the footer, the sitemap and every form; readable at 320 px; passes axe', async () => {
    const { page, problems } = await stack.openPage({ width: 320 })
    for (const path of ['/', '/contact', '/share-your-experience']) {
      await gotoHydrated(page, `${stack.url}${path}`)
      expect(await page.locator('main').getByRole('link', { name: 'How we handle your data' }).count(), path).toBe(1)
      expect(await page.locator('footer').getByRole('link', { name: 'Privacy' }).count(), path).toBe(1)
    }
    await gotoHydrated(page, `${stack.url}/sitemap`)
    await page.getByTestId('sitemap-more').getByRole('link', { name: 'Privacy' }).click()
    await page.waitForURL(`${stack.url}/privacy`)
    await page.getByRole('heading', { name: 'How to be removed' }).waitFor()
    for (const item of ['Contact messages', 'Newsletter subscriptions', 'Testimonials']) {
      await page.getByRole('heading', { name: item }).waitFor()
    }
    expect(await scrollsSideways({ page, problems })).toBe(false)
    expect(await axeViolations(page)).toEqual([])
    if (SHOTS) await page.screenshot({ path: `${SHOTS}privacy-320.png`, fullPage: true })
    const sitemap = await (await fetch(`${stack.url}/sitemap.xml`)).text()
    expect(sitemap).toContain(`<loc>${stack.url}/privacy</loc>`)
    expect(problems).toEqual([])
  })
})

describe.skipIf(!chromiumAndPostgres())('two server processes on one database', () => {
  const stack = useStack({ smtp: true, servers: 2, browser: false, env: { LOG_LEVEL: 'info' } })

  it('send each queued mail once', async () => {
    const count = 60
    // One statement queues them all: its NOTIFY wakes both processes at once, and they race.
    await stack.sql`
      with messages as (
        insert into contact_submissions (name, email, subject, message)
        select 'Sender ' || n, 'sender' || n || '@example.org', 'Question ' || n, 'Message number ' || n
        from generate_series(1, ${count}) as n
        returning id)
      insert into mail_outbox (kind, message_id) select 'contact_notice', id from messages`
    await stack.smtp.waitFor(count, 30_000)
    await sleep(1000)
    const subjects = stack.smtp.received.map((mail) => mail.parsed.subject)
    expect(subjects).toHaveLength(count)
    expect(new Set(subjects).size).toBe(count)
    const states = await stack.sql`select state, count(*)::int as n from mail_outbox group by state`
    expect(states).toEqual([{ state: 'sent', n: count }])
    // Which process sent how many is up to the race; together they sent each mail once. The log is
    // written in batches at most 20 ms late (decision 038): the last lines may still be on their way.
    const sentBy = () =>
      stack.servers
        .map((server) =>
          server
            .logs()
            .split('\n')
            .filter((line) => line.includes('"mail sent"')),
        )
        .reduce((sum, lines) => sum + lines.length, 0)
    await expect.poll(sentBy, { timeout: 5_000 }).toBe(count)
    await new Promise((resolve) => setTimeout(resolve, 150))
    expect(sentBy()).toBe(count)
  })
})
