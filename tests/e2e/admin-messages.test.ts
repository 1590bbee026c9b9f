import { mkdir } from 'node:fs/promises'
import { fileURLToPath } from 'node:url'
import type { Locator, Page } from 'playwright-core'
import { beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { ADMIN_SCREENS } from '../../src/client/admin/screens'
import { chromiumAndPostgres } from '../helpers/browser'
import { goToAdminScreen, scrollsSideways } from './admin-support'
import { axeViolations } from './axe'
import { useStack } from './stack'
import { failRequests, focused, holdRequests, withoutInjectedFailures } from './support'

/** Screenshots for a person to look at, with SCREENSHOTS=1 (as in screenshots.test.ts). */
const SHOTS = process.env.SCREENSHOTS ? fileURLToPath(new URL('../.artifacts/screens/', import.meta.url)) : null

type Arranged = { name: string; email: string; subject: string; message: string; status?: string; minutesAgo?: number }

const textOf = (locator: Locator) => locator.evaluateAll((nodes) => nodes.map((node) => node.textContent ?? ''))

/** Waits until `read` answers `expected` (the page updates after its refetch lands, not at once). */
async function eventually<T>(read: () => Promise<T>, expected: T) {
  await expect.poll(read, { timeout: 10_000 }).toEqual(expected)
}

describe.skipIf(!chromiumAndPostgres())('admin messages, activity and subscribers in Chromium', () => {
  const stack = useStack({ oidc: true })

  beforeAll(async () => {
    if (SHOTS) await mkdir(SHOTS, { recursive: true })
  })
  beforeEach(async () => {
    // The mail outbox refers to messages and subscribers, so it is emptied with them.
    await stack.sql`truncate contact_submissions, mail_outbox restart identity`
    await stack.sql`truncate audit_log restart identity`
    await stack.sql`truncate newsletter_subscribers, mail_outbox, mail_events`
  })

  /** Stores messages oldest first, so the last one given is the newest (the list's first row). */
  async function arrange(messages: Arranged[]): Promise<number[]> {
    const ids: number[] = []
    for (const [index, m] of messages.entries()) {
      const minutesAgo = m.minutesAgo ?? (messages.length - index) * 10
      const [row] = await stack.sql<{ id: number }[]>`
        insert into contact_submissions (name, email, subject, message, status, created_at)
        values (${m.name}, ${m.email}, ${m.subject}, ${m.message}, ${m.status ?? 'new'},
                now() - make_interval(mins => ${minutesAgo}))
        returning id`
      if (row) ids.push(row.id)
    }
    return ids
  }

  const statusOf = async (id: number) =>
    (await stack.sql<{ status: string }[]>`select status from contact_submissions where id = ${id}`)[0]?.status ?? null

  /** Signs in on the screen; what the sign-in round trip logged is not this screen's doing. */
  async function open(path: string, width = 1280) {
    const watched = await stack.signIn(path, { width })
    watched.problems.length = 0
    return watched
  }

  const rows = (page: Page) => page.getByTestId('message-row')
  const subjects = (page: Page) => textOf(page.getByTestId('message-row').locator('button'))
  const badge = (page: Page) =>
    page
      .getByTestId('new-messages-count')
      .textContent()
      .catch(() => null)
  const chooseFilter = (page: Page, label: string) =>
    page.getByRole('radiogroup', { name: 'Show messages' }).getByText(label, { exact: true }).click()
  const dialog = (page: Page) => page.getByRole('dialog')

  it('lists messages newest first, counts the new ones, and opening one marks it read', async () => {
    const [oldest, middle, newest] = await arrange([
      { name: 'Ann Reader', email: 'ann@example.org', subject: 'An older question', message: 'First.', status: 'read' },
      { name: 'Ben New', email: 'ben@example.org', subject: 'About the meetings', message: 'Second.' },
      {
        name: 'Cat Newest',
        email: 'cat@example.org',
        subject: 'Dates & times?',
        message: 'Line one\nLine two\n\nLine four',
      },
    ])
    const { page, problems } = await open('/admin/messages')

    await page.getByRole('heading', { level: 2, name: 'All messages' }).waitFor()
    await eventually(() => subjects(page), ['Dates & times?', 'About the meetings', 'An older question'])
    const first = rows(page).first()
    expect(await first.textContent()).toContain('Cat Newest · cat@example.org')
    expect(await first.getByText('New', { exact: true }).count()).toBe(1)
    await eventually(() => badge(page), '2 new')

    await page.getByRole('button', { name: 'Dates & times?' }).click()
    await dialog(page).getByRole('heading', { name: 'Dates & times?' }).waitFor()
    const text = dialog(page).getByTestId('message-text')
    expect(await text.textContent()).toBe('Line one\nLine two\n\nLine four')
    expect(await text.evaluate((node) => getComputedStyle(node).whiteSpace)).toBe('pre-wrap')
    expect(await dialog(page).textContent()).toContain('From: Cat Newest (cat@example.org)')
    expect(await dialog(page).getByRole('link', { name: 'Reply' }).getAttribute('href')).toBe(
      'mailto:cat@example.org?subject=Re%3A%20Dates%20%26%20times%3F',
    )
    await eventually(() => statusOf(newest as number), 'read')
    await eventually(() => badge(page), '1 new')
    const [log] = await stack.sql`select action, entity, entity_id, before, after, actor_email from audit_log`
    expect(log).toMatchObject({
      action: 'update',
      entity: 'message',
      entity_id: String(newest),
      before: { status: 'new' },
      after: { status: 'read' },
      actor_email: 'admin@example.org',
    })

    // Archive from the dialog: it closes, the row keeps its place with its new state.
    await dialog(page).getByRole('button', { name: 'Archive' }).click()
    await page.getByText('Message archived').waitFor()
    await dialog(page).waitFor({ state: 'detached' })
    expect(await statusOf(newest as number)).toBe('archived')
    await first.getByText('Archived', { exact: true }).waitFor()

    await chooseFilter(page, 'Archived')
    await page.getByRole('heading', { level: 2, name: 'Archived messages' }).waitFor()
    await eventually(() => subjects(page), ['Dates & times?'])
    await page.getByRole('button', { name: 'Dates & times?' }).click()
    await dialog(page).getByRole('button', { name: 'Restore' }).click()
    await page.getByText('Message restored').waitFor()
    await page.getByText('No archived messages.').waitFor()
    expect(await statusOf(newest as number)).toBe('read')

    await chooseFilter(page, 'New')
    await eventually(() => subjects(page), ['About the meetings'])
    await chooseFilter(page, 'Read')
    await eventually(() => subjects(page), ['Dates & times?', 'An older question'])
    await chooseFilter(page, 'All')
    await eventually(() => subjects(page), ['Dates & times?', 'About the meetings', 'An older question'])

    // An already read message opens without a change of state, and without a new log row.
    await page.getByRole('button', { name: 'An older question' }).click()
    await dialog(page).getByTestId('message-text').waitFor()
    await page.keyboard.press('Escape')
    await dialog(page).waitFor({ state: 'detached' })
    expect(await statusOf(oldest as number)).toBe('read')
    expect(await statusOf(middle as number)).toBe('new')
    const [{ count } = { count: -1 }] = await stack.sql<{ count: number }[]>`select count(*)::int from audit_log`
    expect(count).toBe(3)
    expect(problems).toEqual([])
  })

  it('deletes a message for good after a confirmation, and the log keeps nothing of it', async () => {
    const person = {
      name: 'Forget Me Please',
      email: 'forget.me@example.org',
      subject: 'Please remove my details',
      message: 'My private situation, in detail.',
    }
    const [id] = await arrange([
      person,
      { name: 'Stays', email: 'stays@example.org', subject: 'Stays here', message: 'x' },
    ])
    const { page, problems } = await open('/admin/messages')

    await page.getByRole('button', { name: person.subject }).click()
    await dialog(page).getByRole('button', { name: 'Delete for good' }).click()
    const confirmation = dialog(page).getByTestId('delete-confirmation')
    expect(await confirmation.textContent()).toContain('This cannot be undone')
    expect((await focused(page)).text).toBe('Keep the message')
    await page.keyboard.press('Enter')
    await confirmation.waitFor({ state: 'detached' })
    expect((await focused(page)).text).toBe('Delete for good')
    expect(await statusOf(id as number)).toBe('read')

    await dialog(page).getByRole('button', { name: 'Delete for good' }).click()
    await dialog(page).getByRole('button', { name: 'Yes, delete for good' }).click()
    await page.getByText('Message deleted for good').waitFor()
    await dialog(page).waitFor({ state: 'detached' })
    await eventually(() => subjects(page), ['Stays here'])
    expect(await statusOf(id as number)).toBeNull()
    // The row that opened the dialog is gone: focus lands on the list's heading, not on the page's end.
    await eventually(async () => (await focused(page)).id, 'messages-heading')

    const log = await stack.sql<{ action: string; row: string }[]>`
      select action, row_to_json(audit_log)::text as row from audit_log where entity = 'message' and entity_id = ${String(id)}
      order by id`
    expect(log.map((entry) => entry.action)).toEqual(['update', 'delete'])
    for (const entry of log) {
      for (const value of Object.values(person)) expect(entry.row).not.toContain(value)
    }
    expect(problems).toEqual([])
  })

  it('shows 50 messages a page and the rest behind "Load more"', async () => {
    await arrange(
      Array.from({ length: 55 }, (_, index) => ({
        name: `Sender ${index + 1}`,
        email: `sender${index + 1}@example.org`,
        subject: `Question number ${String(index + 1).padStart(2, '0')}`,
        message: 'A question.',
        status: 'read',
      })),
    )
    const { page, problems } = await open('/admin/messages')
    await eventually(() => rows(page).count(), 50)
    expect((await subjects(page))[0]).toBe('Question number 55')
    expect((await subjects(page))[49]).toBe('Question number 06')
    await page.getByRole('button', { name: 'Load more' }).click()
    await eventually(() => rows(page).count(), 55)
    expect((await subjects(page)).at(-1)).toBe('Question number 01')
    expect(await page.getByRole('button', { name: 'Load more' }).count()).toBe(0)
    // Focus continues at the first of the newly loaded messages.
    expect((await focused(page)).text).toBe('Question number 05')
    expect(problems).toEqual([])
  })

  it('shows a visitor’s HTML as text, never as markup', async () => {
    const html = '<img src=x onerror=alert(1)>'
    await arrange([
      {
        name: `${html} Name`,
        email: 'html@example.org',
        subject: `Subject ${html}`,
        message: `Hello ${html}\n<b>bold?</b>`,
      },
    ])
    const { page, problems } = await open('/admin/messages')
    const alerts: string[] = []
    page.on('dialog', async (alert) => {
      alerts.push(alert.message())
      await alert.dismiss()
    })
    await page.getByRole('button', { name: `Subject ${html}` }).click()
    const text = dialog(page).getByTestId('message-text')
    expect(await text.textContent()).toBe(`Hello ${html}\n<b>bold?</b>`)
    expect(await rows(page).first().textContent()).toContain(`${html} Name`)
    expect(await page.locator('main img, [role="dialog"] img, [role="dialog"] b').count()).toBe(0)
    expect(alerts).toEqual([])
    expect(problems).toEqual([])
  })

  it('can be used with the keyboard alone, with a visible focus', async () => {
    const [id] = await arrange([{ name: 'Keys', email: 'keys@example.org', subject: 'Keyboard only', message: 'Hi.' }])
    const { page, problems } = await open('/admin/messages')
    await page.getByRole('button', { name: 'Keyboard only' }).waitFor()

    let reached = false
    for (let presses = 0; presses < 40 && !reached; presses += 1) {
      await page.keyboard.press('Tab')
      reached = (await focused(page)).id === `message-${id}-open`
    }
    expect(reached).toBe(true)
    const ring = await page.evaluate(() => {
      const element = document.activeElement as HTMLElement
      return getComputedStyle(element, '::after').outlineStyle
    })
    expect(ring).toBe('solid')

    await page.keyboard.press('Enter')
    await dialog(page).getByTestId('message-text').waitFor()
    await eventually(() => statusOf(id as number), 'read')
    let onArchive = false
    for (let presses = 0; presses < 10 && !onArchive; presses += 1) {
      await page.keyboard.press('Tab')
      onArchive = (await focused(page)).text === 'Archive'
    }
    expect(onArchive).toBe(true)
    await page.keyboard.press('Enter')
    await page.getByText('Message archived').waitFor()
    await dialog(page).waitFor({ state: 'detached' })
    expect(await statusOf(id as number)).toBe('archived')
    // Back on the row that was opened.
    await eventually(async () => (await focused(page)).id, `message-${id}-open`)
    expect(problems).toEqual([])
  })

  it('says when it is loading, when there are none, and when the list could not be loaded', async () => {
    const { page, problems } = await open('/admin/messages')
    await page.getByText('No messages yet.').waitFor()
    await chooseFilter(page, 'New')
    await page.getByText('No new messages.').waitFor()

    const held = await holdRequests(page, '**/trpc/messages.list**')
    await chooseFilter(page, 'Read')
    await page.getByText('Loading messages...').waitFor()
    held.release()
    await page.getByText('No read messages.').waitFor()
    await held.stop()

    const failing = await failRequests(page, '**/trpc/messages.list**')
    await chooseFilter(page, 'Archived')
    await page.getByText('The messages could not be loaded').waitFor()
    await failing.stop()
    await page.getByRole('button', { name: 'Try again' }).click()
    await page.getByText('No archived messages.').waitFor()
    expect(withoutInjectedFailures(problems)).toEqual([])
  })

  for (const width of [390, 320]) {
    it(`fits ${width} px on every screen without sideways scrolling`, async () => {
      const long = 'x'.repeat(300)
      await arrange([
        {
          name: `Long ${long}`,
          email: `${'a'.repeat(60)}@example.org`,
          subject: `Subject ${long}`,
          message: `Text ${long}\nhttps://example.org/${long}`,
        },
        { name: 'Short', email: 'short@example.org', subject: 'A normal subject line', message: 'Short.' },
      ])
      await stack.sql`
        insert into newsletter_subscribers (email, status)
        values (${`${'b'.repeat(70)}@example.org`}, 'active'), ('gone@example.org', 'unsubscribed')`
      const { page, problems } = await open('/admin/messages', width)
      await rows(page).first().waitFor()
      expect(await scrollsSideways({ page, problems })).toBe(false)
      // Every filter's label is whole: none is cut off inside its segment.
      const clipped = await page
        .getByRole('radiogroup', { name: 'Show messages' })
        .locator('label')
        .evaluateAll((labels) =>
          labels.filter((label) => label.scrollWidth > label.clientWidth).map((l) => l.textContent),
        )
      expect(clipped).toEqual([])
      const control = await page.getByRole('radiogroup', { name: 'Show messages' }).boundingBox()
      expect((control?.x ?? 0) + (control?.width ?? 0)).toBeLessThanOrEqual(width - 16)
      if (SHOTS) await page.screenshot({ path: `${SHOTS}admin-messages-${width}.png`, fullPage: true })

      await page.getByRole('button', { name: 'A normal subject line' }).click()
      await dialog(page).getByTestId('message-text').waitFor()
      await page.waitForTimeout(300)
      expect(await scrollsSideways({ page, problems })).toBe(false)
      if (SHOTS) await page.screenshot({ path: `${SHOTS}admin-message-open-${width}.png` })
      await dialog(page).getByRole('button', { name: 'Archive' }).click()
      await page.getByText('Message archived').waitFor()

      await page.getByRole('button', { name: `Subject ${long}` }).click()
      await dialog(page).getByTestId('message-text').waitFor()
      await page.waitForTimeout(300)
      const box = await dialog(page).getByTestId('message-text').boundingBox()
      expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(width)
      expect(await scrollsSideways({ page, problems })).toBe(false)
      await page.keyboard.press('Escape')
      await dialog(page).waitFor({ state: 'detached' })

      await goToAdminScreen(page, 'Activity')
      await page.getByTestId('activity-row').first().waitFor()
      expect(await scrollsSideways({ page, problems })).toBe(false)
      const select = page.getByLabel('Show changes to')
      expect(await select.evaluate((node) => getComputedStyle(node).fontSize)).toBe('16px')
      if (SHOTS) await page.screenshot({ path: `${SHOTS}admin-activity-${width}.png`, fullPage: true })

      await goToAdminScreen(page, 'Subscribers')
      await page.getByTestId('subscriber-row').first().waitFor()
      expect(await scrollsSideways({ page, problems })).toBe(false)
      if (SHOTS) await page.screenshot({ path: `${SHOTS}admin-subscribers-${width}.png`, fullPage: true })
      expect(problems).toEqual([])
    })
  }

  it('on a phone the admin navigation is one button naming the screen, which opens the others, by keyboard too', async () => {
    await arrange([{ name: 'Nav', email: 'nav@example.org', subject: 'Counted in the menu', message: 'x' }])
    const { page, problems } = await open('/admin/messages', 390)
    const nav = page.getByRole('navigation', { name: 'Admin' })
    const menu = nav.getByRole('button', { name: /^Admin menu: Messages/ })
    await menu.waitFor()
    // What waits is counted on the button itself.
    await eventually(() => menu.textContent(), 'Admin menu: Messages1 waiting')
    // Before: six tabs wrapped over 440 px of the screen. Now one line, and the content right under it.
    expect((await nav.boundingBox())?.height).toBeLessThan(64)
    expect(await menu.getAttribute('aria-expanded')).toBe('false')
    expect(await nav.getByRole('link').count()).toBe(0)

    let reached = false
    for (let presses = 0; presses < 20 && !reached; presses += 1) {
      await page.keyboard.press('Tab')
      reached = (await focused(page)).text.startsWith('Admin menu')
    }
    expect(reached).toBe(true)
    await page.keyboard.press('Enter')
    expect(await menu.getAttribute('aria-expanded')).toBe('true')
    // An owner's screens, every group's (src/client/admin/screens.ts).
    expect(await nav.getByRole('link').count()).toBe(ADMIN_SCREENS.length)
    expect(await nav.getByRole('link', { name: /^Messages/ }).getAttribute('aria-current')).toBe('page')
    await page.keyboard.press('Tab')
    expect((await focused(page)).text).toBe('Research Studies')
    await page.keyboard.press('Escape')
    expect(await menu.getAttribute('aria-expanded')).toBe('false')
    expect((await focused(page)).text).toMatch(/^Admin menu/)
    await page.keyboard.press('Enter')
    // The content group's screens, then Messages, then Testimonials.
    const content = ADMIN_SCREENS.filter((screen) => screen.group === 'content').length
    for (let presses = 0; presses < content + 2; presses += 1) await page.keyboard.press('Tab')
    expect((await focused(page)).text).toBe('Testimonials')
    await page.keyboard.press('Enter')
    await page.waitForURL(`${stack.url}/admin/testimonials`)
    await nav.getByRole('button', { name: /^Admin menu: Testimonials/ }).waitFor()
    expect(await nav.getByRole('link').count()).toBe(0)

    // From 48em the groups are side by side again, with no button: at 1280 px in two rows at most,
    // each group's links on one line under its label.
    await page.setViewportSize({ width: 1280, height: 900 })
    expect(await nav.getByRole('button').count()).toBe(0)
    expect(await nav.getByRole('link').count()).toBe(ADMIN_SCREENS.length)
    expect((await nav.boundingBox())?.height).toBeLessThan(140)
    for (const list of await nav.getByRole('list').all()) {
      const tops = await list
        .getByRole('link')
        .evaluateAll((links) => links.map((link) => link.getBoundingClientRect().top))
      expect(new Set(tops).size, (await list.getAttribute('aria-labelledby')) ?? '').toBe(1)
    }
    expect(problems).toEqual([])
  })

  it('records each change in the activity log, filtered by what changed', async () => {
    await arrange([{ name: 'Logged', email: 'logged@example.org', subject: 'To be logged', message: 'x' }])
    // A change from another screen, as its service writes it.
    await stack.sql`
      insert into audit_log (actor_email, action, entity, entity_id, before, after)
      values ('admin@example.org', 'update', 'research_study', '9999', ${stack.sql.json({ title: 'Old title', year: '2020' })},
              ${stack.sql.json({ title: 'New title', year: 2021 })})`
    const { page, problems } = await open('/admin/activity')
    // A sentence, with no internal id: the study is gone (only its log row was made here), so it is
    // named as its own row kept it, without a link.
    await page.getByText('admin@example.org edited the study “New title”').waitFor()
    await eventually(() => page.getByTestId('activity-row').count(), 1)
    const study = page.getByTestId('activity-row').first()
    expect(await study.getByTestId('activity-changes').textContent()).toBe(
      'Title: Old title → changed to New title' + 'Year: 2020 → changed to 2021',
    )
    expect(await study.textContent()).toContain('by admin@example.org')

    await goToAdminScreen(page, 'Messages')
    await page.getByRole('button', { name: 'To be logged' }).click()
    await dialog(page).getByRole('button', { name: 'Archive' }).click()
    await page.getByText('Message archived').waitFor()
    await goToAdminScreen(page, 'Activity')
    await eventually(
      () => textOf(page.getByTestId('activity-row').locator('p:first-child')),
      [
        'admin@example.org archived the message “To be logged”',
        'admin@example.org opened the message “To be logged”',
        'admin@example.org edited the study “New title”',
      ],
    )
    expect(await page.getByTestId('activity-row').first().getByTestId('activity-changes').textContent()).toBe(
      'Status: read → changed to archived',
    )

    const select = page.getByLabel('Show changes to')
    await select.selectOption({ label: 'Research studies' })
    await page.getByRole('heading', { level: 2, name: 'Changes to research studies' }).waitFor()
    await eventually(() => page.getByTestId('activity-row').count(), 1)
    await select.selectOption({ label: 'Messages' })
    await eventually(() => page.getByTestId('activity-row').count(), 2)
    await select.selectOption({ label: 'Subscribers' })
    await page.getByText('No changes to subscribers yet.').waitFor()
    // Read-only: nothing on the screen changes a row.
    expect(await page.locator('main section button').count()).toBe(0)
    expect(problems).toEqual([])
  })

  it('reads as sentences naming people and things, links to the thing, and filters by person and by day', async () => {
    const [id] = await arrange([
      { name: 'Ann Reader', email: 'ann@example.org', subject: 'Opening hours?', message: 'When?', status: 'read' },
    ])
    await stack.sql`
      insert into users (email, first_name) values ('anna@example.org', 'Anna')
      on conflict (email) do update set first_name = 'Anna'`
    await stack.sql`
      insert into audit_log (at, actor_email, action, entity, entity_id, before, after) values
        ('2020-01-02T12:00:00Z', 'admin@example.org', 'create', 'research_study', '9999', null,
         ${stack.sql.json({ title: 'An old study', attachmentFileId: 'a9a6a7b2-0000-4000-8000-000000000000', attachmentUrl: '/files/a9a6a7b2-0000-4000-8000-000000000000/old%20study.pdf' })}),
        (now(), 'anna@example.org', 'update', 'message', ${String(id)}, ${stack.sql.json({ status: 'read' })},
         ${stack.sql.json({ status: 'archived' })})`
    const { page, problems } = await open('/admin/activity')
    await eventually(
      () => textOf(page.getByTestId('activity-row').locator('p:first-child')),
      ['Anna archived the message “Opening hours?”', 'admin@example.org added the study “An old study”'],
    )
    // No internal id or file path: the file by its name only.
    const old = page.getByTestId('activity-row').nth(1)
    expect(await old.getByTestId('activity-changes').textContent()).toBe(
      'Attachment: old study.pdf' + 'Title: An old study',
    )
    expect(await old.textContent()).not.toMatch(/9999|a9a6a7b2|\/files\//)

    await page.getByLabel('Changes by').selectOption({ label: 'Anna (anna@example.org)' })
    await eventually(() => page.getByTestId('activity-row').count(), 1)
    await page.getByLabel('Changes by').selectOption({ label: 'Anyone' })
    await eventually(() => page.getByTestId('activity-row').count(), 2)
    await page.getByLabel('From').fill('2020-01-01')
    await page.getByLabel('Until').fill('2020-01-02')
    await eventually(
      () => textOf(page.getByTestId('activity-row').locator('p:first-child')),
      ['admin@example.org added the study “An old study”'],
    )
    await page.getByLabel('Until').fill('2020-01-01')
    await page.getByText('No changes match these filters.').waitFor()
    await page.getByLabel('From').fill('')
    await page.getByLabel('Until').fill('')

    // The message is still there: its name links to it on its own screen.
    await eventually(() => page.getByTestId('activity-row').count(), 2)
    await page.getByRole('link', { name: '“Opening hours?”' }).click()
    await page.waitForURL((url) => url.pathname === '/admin/messages' && url.searchParams.get('q') === 'Opening hours?')
    await eventually(() => subjects(page), ['Opening hours?'])
    expect(await page.getByRole('searchbox', { name: 'Search messages' }).inputValue()).toBe('Opening hours?')
    expect(problems).toEqual([])
  })

  it('pages the activity log 50 rows at a time', async () => {
    await stack.sql`
      insert into audit_log (actor_email, action, entity, entity_id, before, after)
      select 'admin@example.org', 'delete', 'subscriber', 'sub-' || n, '{"email":"someone"}'::jsonb, null
      from generate_series(1, 53) as n`
    const { page, problems } = await open('/admin/activity')
    await eventually(() => page.getByTestId('activity-row').count(), 50)
    expect(await page.getByTestId('activity-row').first().textContent()).toContain(
      'admin@example.org deleted a subscriber',
    )
    await page.getByRole('button', { name: 'Load more' }).click()
    await eventually(() => page.getByTestId('activity-row').count(), 53)
    expect(await page.getByRole('button', { name: 'Load more' }).count()).toBe(0)
    expect(problems).toEqual([])
  })

  it('lists subscribers, 100 a page, with their state', async () => {
    const { page, problems } = await open('/admin/subscribers')
    await page.getByText('No subscribers yet.').waitFor()

    await stack.sql`
      insert into newsletter_subscribers (email, subscribed_at, status)
      select 'reader' || lpad(n::text, 3, '0') || '@example.org', now() - make_interval(days => n),
        case when n <> 2 then 'active' else 'unsubscribed' end
      from generate_series(1, 105) as n`
    await page.reload()
    await eventually(() => page.getByTestId('subscriber-row').count(), 100)
    expect(await page.getByTestId('subscribers-total').textContent()).toBe('105 subscribers · showing 1–100')
    const firstRow = page.getByTestId('subscriber-row').first()
    expect(await firstRow.textContent()).toContain('reader001@example.org')
    expect(await firstRow.textContent()).toContain('Active')
    expect(await page.getByTestId('subscriber-row').nth(1).textContent()).toContain('Unsubscribed')

    // One paging model (decision 024): the next 100 come below the first, the focus on the first of them.
    await page.getByRole('button', { name: 'Load more' }).click()
    await eventually(() => page.getByTestId('subscriber-row').count(), 105)
    expect(await page.getByTestId('subscribers-total').textContent()).toBe('105 subscribers')
    expect(await page.getByRole('button', { name: 'Load more' }).count()).toBe(0)
    expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe(
      'Delete reader101@example.org for good',
    )
    expect(problems).toEqual([])
  })

  it('passes axe on each screen, with a message open', async () => {
    await arrange([{ name: 'Axe', email: 'axe@example.org', subject: 'Checked by axe', message: 'Hello.' }])
    await stack.sql`insert into newsletter_subscribers (email, status) values ('a@example.org', 'active'), ('b@example.org', 'unsubscribed')`
    const { page, problems } = await open('/admin/messages')
    const scan = () => axeViolations(page)
    await rows(page).first().waitFor()
    expect(await scan()).toEqual([])
    await page.getByRole('button', { name: 'Checked by axe' }).click()
    await dialog(page).getByTestId('message-text').waitFor()
    await page.waitForTimeout(300)
    expect(await scan()).toEqual([])
    if (SHOTS) await page.screenshot({ path: `${SHOTS}admin-message-open-1280.png` })
    await page.keyboard.press('Escape')
    await dialog(page).waitFor({ state: 'detached' })

    await goToAdminScreen(page, 'Activity')
    await page.getByTestId('activity-row').first().waitFor()
    expect(await scan()).toEqual([])
    if (SHOTS) await page.screenshot({ path: `${SHOTS}admin-activity-1280.png`, fullPage: true })
    await goToAdminScreen(page, 'Subscribers')
    await page.getByTestId('subscriber-row').first().waitFor()
    expect(await scan()).toEqual([])
    if (SHOTS) await page.screenshot({ path: `${SHOTS}admin-subscribers-1280.png`, fullPage: true })
    await goToAdminScreen(page, 'Messages')
    await rows(page).first().waitFor()
    if (SHOTS) await page.screenshot({ path: `${SHOTS}admin-messages-1280.png`, fullPage: true })
    expect(problems).toEqual([])
  })
})
