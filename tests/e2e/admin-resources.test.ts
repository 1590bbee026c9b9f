import { mkdir } from 'node:fs/promises'
import { fileURLToPath } from 'node:url'
import type { Locator, Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { chromiumAndPostgres } from '../helpers/browser'
import { makePdf } from '../helpers/fixtures'
import { scrollsSideways } from './admin-support'
import { axeViolations } from './axe'
import { ADMIN_EMAIL, useStack } from './stack'
import { watchForText } from './support'

/** Small, so a file over the limit is quick to make and send. */
const UPLOAD_MAX_MB = 1
const NOT_ACCEPTED = 'Only PDF (.pdf) and Word (.doc, .docx) files are accepted'
const TOO_LARGE = `The file is larger than ${UPLOAD_MAX_MB} MB`

/** With SCREENSHOTS=1 the screen is saved at each width for a person to look at (tests/.artifacts/screens/). */
const SCREENS = fileURLToPath(new URL('../.artifacts/screens/', import.meta.url))
async function snap(page: Page, name: string, options: { viewportOnly?: boolean } = {}) {
  if (!process.env.SCREENSHOTS) return
  await mkdir(SCREENS, { recursive: true })
  if (options.viewportOnly) {
    await page.screenshot({ path: `${SCREENS}admin-resources-${name}.png`, animations: 'disabled' })
    return
  }
  await page.screenshot({ path: `${SCREENS}admin-resources-${name}.png`, fullPage: true, animations: 'disabled' })
  // Viewport-high slices too: a whole phone-width page shrinks to unreadable when viewed.
  const { width, height } = page.viewportSize() ?? { width: 1280, height: 900 }
  const total = await page.evaluate(() => document.documentElement.scrollHeight)
  for (let top = 0, part = 1; top < total; top += height, part += 1) {
    await page.screenshot({
      path: `${SCREENS}admin-resources-${name}-part${part}.png`,
      fullPage: true,
      clip: { x: 0, y: top, width, height: Math.min(height, total - top) },
      animations: 'disabled',
    })
  }
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')

/** The text a screen reader reads after the field's name: its description and error. */
const accessibleDescription = (field: Locator) =>
  field.evaluate((element) =>
    (element.getAttribute('aria-describedby') ?? '')
      .split(/\s+/)
      .map((id) => document.getElementById(id)?.textContent ?? '')
      .join(' '),
  )

const fileField = (page: Page) => page.getByRole('button', { name: /^File/ })

/** Mantine's Select is a combobox to the accessibility tree. */
const categoryField = (page: Page) => page.getByRole('combobox', { name: 'Category' })

async function chooseCategory(page: Page, name: string) {
  await categoryField(page).click()
  await page.getByRole('option', { name }).click()
}

/** The browser reports a refused request as a console error; that refusal is what these tests ask for. */
const withoutRefusal = (problems: string[], status: number) =>
  problems.filter((problem) => !problem.includes(`status of ${status}`))

describe.skipIf(!chromiumAndPostgres())('resources admin in Chromium', () => {
  // Each test's pages are closed after it, so no test's browser contexts linger into the next.
  const stack = useStack({ oidc: true, closePagesAfterEach: true, env: { UPLOAD_MAX_MB: String(UPLOAD_MAX_MB) } })

  const count = async (table: 'educational_resources' | 'attachments') => {
    const [row] = await stack.sql<{ n: number }[]>`select count(*)::int as n from ${stack.sql(table)}`
    return row?.n ?? -1
  }
  const fetchFile = (href: string) => fetch(`${stack.url}${href}`)

  it('lists the starter resources, the council’s documents, and their stored files open', async () => {
    const { page, problems } = await stack.signIn('/admin/resources')
    await page.getByRole('heading', { level: 2, name: 'Add New Resource' }).waitFor()
    const rows = await stack.sql<{ title: string; file_url: string }[]>`
      select title, file_url from educational_resources order by id`
    expect(rows.length).toBeGreaterThan(0)
    const cards = page.getByTestId('admin-resource-card')
    await cards.first().waitFor()
    expect(await cards.count()).toBe(rows.length)
    for (const row of rows) {
      const link = cards
        .filter({ hasText: row.title })
        .getByRole('link', { name: new RegExp(`^Open PDF: ${escapeRegExp(row.title)} \\(opens in a new tab\\)$`) })
      expect(await link.getAttribute('href')).toBe(row.file_url)
      expect(await link.getAttribute('target')).toBe('_blank')
      const file = await fetchFile(row.file_url)
      expect(file.status).toBe(200)
      expect(file.headers.get('content-type')).toBe('application/pdf')
    }
    await snap(page, '1280')
    expect(problems).toEqual([])
  })

  it('adds a resource with a PDF, replaces its title and file, and deletes it with its file; each change is logged', async () => {
    const { page, problems } = await stack.signIn('/admin/resources')
    await page.getByRole('heading', { level: 2, name: 'Add New Resource' }).waitFor()
    await page.getByLabel('Title').fill('Chamber cleaning guide')
    await page.getByLabel('Description').fill('How to clean a soft chamber between sessions.')
    await chooseCategory(page, 'Education')
    await page
      .locator('input[type=file]')
      .setInputFiles({ name: 'cleaning.pdf', mimeType: 'application/pdf', buffer: await makePdf('Cleaning') })
    await page.getByRole('button', { name: 'Add Resource' }).click()
    await page.getByText('Resource added successfully').waitFor()
    const card = page.getByTestId('admin-resource-card').filter({ hasText: 'Chamber cleaning guide' })
    await card.getByText('Education').waitFor()
    await card.getByText('PDF', { exact: true }).waitFor()
    expect(await page.getByLabel('Title').inputValue()).toBe('')

    const [added] = await stack.sql<{ id: number; file_id: string; file_url: string }[]>`
      select id, file_id, file_url from educational_resources where title = 'Chamber cleaning guide'`
    if (!added) throw new Error('the resource was not stored')
    expect(added.file_url).toMatch(/^\/files\/[0-9a-f-]{36}\/cleaning\.pdf$/)

    // The public page, for a visitor who is not signed in.
    const visitor = await stack.openPage()
    await visitor.page.goto(`${stack.url}/resources`)
    const publicCard = visitor.page.getByTestId('resource-card').filter({ hasText: 'Chamber cleaning guide' })
    const href = await publicCard.getByRole('link', { name: /Download PDF/ }).getAttribute('href')
    expect(href).toBe(added.file_url)
    expect((await fetchFile(added.file_url)).headers.get('content-type')).toBe('application/pdf')
    const listed = (await (await fetch(`${stack.url}/api/resources`)).json()) as Record<string, unknown>[]
    expect(listed).toContainEqual(
      expect.objectContaining({
        title: 'Chamber cleaning guide',
        description: 'How to clean a soft chamber between sessions.',
        category: 'Education',
        fileType: 'PDF',
        fileUrl: added.file_url,
      }),
    )

    // Edit: the form shows the current file; a new one replaces it and the old one is deleted.
    await page.getByRole('button', { name: 'Edit Chamber cleaning guide' }).click()
    await page.getByRole('heading', { level: 2, name: 'Edit Resource' }).waitFor()
    expect(await page.getByLabel('Title').inputValue()).toBe('Chamber cleaning guide')
    expect(await accessibleDescription(fileField(page))).toContain('Current file: cleaning.pdf')
    expect(await axeViolations(page)).toEqual([])
    await page.getByLabel('Title').fill('Soft chamber cleaning guide')
    await page
      .locator('input[type=file]')
      .setInputFiles({ name: 'cleaning-v2.pdf', mimeType: 'application/pdf', buffer: await makePdf('Cleaning 2') })
    await page.getByRole('button', { name: 'Update Resource' }).click()
    await page.getByText('Resource updated successfully').waitFor()
    await page.getByRole('heading', { level: 2, name: 'Add New Resource' }).waitFor()
    await page.getByTestId('admin-resource-card').filter({ hasText: 'Soft chamber cleaning guide' }).waitFor()
    const [updated] = await stack.sql<{ file_id: string; file_url: string }[]>`
      select file_id, file_url from educational_resources where id = ${added.id}`
    expect(updated?.file_url).toMatch(/\/cleaning-v2\.pdf$/)
    expect(await stack.sql`select 1 from attachments where id = ${added.file_id}`).toHaveLength(0)
    expect((await fetchFile(added.file_url)).status).toBe(404)

    // Edit without choosing a file keeps the stored one.
    await page.getByRole('button', { name: 'Edit Soft chamber cleaning guide' }).click()
    await page.getByLabel('Description').fill('Between sessions, and at the end of the day.')
    await page.getByRole('button', { name: 'Update Resource' }).click()
    // The first update's toast may still be up or already gone: the form and the list tell.
    await page.getByRole('heading', { level: 2, name: 'Add New Resource' }).waitFor()
    await page.getByTestId('admin-resource-card').getByText('at the end of the day.').waitFor()
    const [kept] = await stack.sql<
      { file_id: string }[]
    >`select file_id from educational_resources where id = ${added.id}`
    expect(kept?.file_id).toBe(updated?.file_id)

    // Delete asks first; cancelling changes nothing.
    await page.getByRole('button', { name: 'Delete Soft chamber cleaning guide' }).click()
    const dialog = page.getByRole('dialog', { name: 'Delete this resource?' })
    await dialog.getByText('cleaning-v2.pdf').waitFor()
    await dialog.getByRole('button', { name: 'Cancel' }).click()
    await dialog.waitFor({ state: 'hidden' })
    expect(await stack.sql`select 1 from educational_resources where id = ${added.id}`).toHaveLength(1)
    await page.getByRole('button', { name: 'Delete Soft chamber cleaning guide' }).click()
    await dialog.getByRole('button', { name: 'Delete resource' }).click()
    await page.getByText('Resource deleted successfully').waitFor()
    await page
      .getByTestId('admin-resource-card')
      .filter({ hasText: 'Soft chamber cleaning guide' })
      .waitFor({ state: 'detached' })
    expect(await stack.sql`select 1 from educational_resources where id = ${added.id}`).toHaveLength(0)
    expect(await stack.sql`select 1 from attachments where id = ${updated?.file_id ?? ''}`).toHaveLength(0)
    expect((await fetchFile(updated?.file_url ?? '')).status).toBe(404)
    await visitor.page.reload()
    await visitor.page.getByTestId('resource-card').first().waitFor()
    expect(await visitor.page.getByTestId('resource-card').filter({ hasText: 'cleaning guide' }).count()).toBe(0)

    const log = await stack.sql<{ action: string; actor_email: string }[]>`
      select action, actor_email from audit_log
      where entity = 'resource' and entity_id = ${String(added.id)} order by id`
    expect(log.map((row) => row.action)).toEqual(['create', 'update', 'update', 'delete'])
    expect(new Set(log.map((row) => row.actor_email))).toEqual(new Set([ADMIN_EMAIL]))
    expect(problems).toEqual([])
    expect(visitor.problems).toEqual([])
  })

  it('shows why a text file named .pdf is refused, keeps what was typed and saves nothing', async () => {
    const { page, problems } = await stack.signIn('/admin/resources')
    const [resourcesBefore, filesBefore] = [await count('educational_resources'), await count('attachments')]
    await page.getByLabel('Title').fill('Not really a PDF')
    await page.getByLabel('Description').fill('Typed before the upload failed.')
    await chooseCategory(page, 'Safety')
    await page
      .locator('input[type=file]')
      .setInputFiles({ name: 'notes.pdf', mimeType: 'application/pdf', buffer: Buffer.from('plain text notes\n') })
    await page.getByRole('button', { name: 'Add Resource' }).click()

    await page.locator('[data-variant="destructive"]').filter({ hasText: NOT_ACCEPTED }).waitFor()
    expect(await accessibleDescription(fileField(page))).toContain(NOT_ACCEPTED)
    expect(await fileField(page).getAttribute('aria-invalid')).toBe('true')
    expect(await page.getByLabel('Title').inputValue()).toBe('Not really a PDF')
    expect(await page.getByLabel('Description').inputValue()).toBe('Typed before the upload failed.')
    expect(await categoryField(page).inputValue()).toBe('Safety')
    expect(await count('educational_resources')).toBe(resourcesBefore)
    expect(await count('attachments')).toBe(filesBefore)
    await snap(page, 'refused-1280')
    expect(await axeViolations(page)).toEqual([])

    // Choosing a real PDF clears the reason, and the typed fields go through.
    await page
      .locator('input[type=file]')
      .setInputFiles({ name: 'notes.pdf', mimeType: 'application/pdf', buffer: await makePdf('Notes') })
    expect(await accessibleDescription(fileField(page))).not.toContain(NOT_ACCEPTED)
    await page.getByRole('button', { name: 'Add Resource' }).click()
    await page.getByText('Resource added successfully').waitFor()
    await page.getByTestId('admin-resource-card').filter({ hasText: 'Not really a PDF' }).waitFor()
    expect(withoutRefusal(problems, 415)).toEqual([])
  })

  it('shows the size limit when the file is over it, and saves nothing', async () => {
    const { page, problems } = await stack.signIn('/admin/resources')
    const [resourcesBefore, filesBefore] = [await count('educational_resources'), await count('attachments')]
    await page.getByLabel('Title').fill('Too big to store')
    await chooseCategory(page, 'Professional')
    const big = Buffer.concat([await makePdf('Big'), Buffer.alloc(UPLOAD_MAX_MB * 1024 * 1024 + 1024, 0x20)])
    await page.locator('input[type=file]').setInputFiles({ name: 'big.pdf', mimeType: 'application/pdf', buffer: big })
    await page.getByRole('button', { name: 'Add Resource' }).click()

    await page.locator('[data-variant="destructive"]').filter({ hasText: TOO_LARGE }).waitFor()
    expect(await accessibleDescription(fileField(page))).toContain(TOO_LARGE)
    expect(await page.getByLabel('Title').inputValue()).toBe('Too big to store')
    expect(await count('educational_resources')).toBe(resourcesBefore)
    expect(await count('attachments')).toBe(filesBefore)
    expect(withoutRefusal(problems, 413)).toEqual([])
  })

  it('asks for a file when adding without one, beside the fields’ own errors', async () => {
    const { page } = await stack.signIn('/admin/resources')
    await page.getByRole('button', { name: 'Add Resource' }).click()
    await page.getByText('Title is required').waitFor()
    expect(await accessibleDescription(fileField(page))).toContain('Choose a PDF or Word file for the resource')
    await page.getByLabel('Title').fill('No file yet')
    await chooseCategory(page, 'Safety')
    await page.getByRole('button', { name: 'Add Resource' }).click()
    await page.getByText('Choose a PDF or Word file for the resource').waitFor()
    expect(await stack.sql`select 1 from educational_resources where title = 'No file yet'`).toHaveLength(0)
  })

  it('adds and deletes a resource with the keyboard alone', async () => {
    const { page, problems } = await stack.signIn('/admin/resources')
    await page.getByRole('heading', { level: 2, name: 'Add New Resource' }).waitFor()
    const focused = () =>
      page.evaluate(() => {
        const element = document.activeElement
        return `${element?.tagName ?? ''}|${element?.getAttribute('aria-label') ?? ''}|${element?.textContent ?? ''}|${
          element ? (element.closest('.mantine-InputWrapper-root')?.querySelector('label')?.textContent ?? '') : ''
        }`
      })
    /** Tabs forward until `matches` says the focus is where it should be; fails after many presses. */
    const tabTo = async (matches: (description: string) => boolean) => {
      for (let presses = 0; presses < 60; presses += 1) {
        await page.keyboard.press('Tab')
        if (matches(await focused())) return
      }
      throw new Error(`never reached by Tab; last focus: ${await focused()}`)
    }

    // Asked for well before Enter: Playwright starts intercepting the dialog only once asked, asynchronously,
    // and a dialog opened before that is missed.
    const fileChooser = page.waitForEvent('filechooser')
    // Awaited below; this only keeps an earlier failure from also reporting it as unhandled.
    fileChooser.catch(() => {})
    await tabTo((at) => at.startsWith('INPUT|') && at.endsWith('|Title *'))
    await page.keyboard.type('Keyboard checklist')
    await page.keyboard.press('Tab')
    await page.keyboard.type('Added without a mouse.')
    await page.keyboard.press('Tab')
    await page.keyboard.press('ArrowDown')
    for (let presses = 0; presses < 5; presses += 1) {
      await page.keyboard.press('ArrowDown')
      if ((await page.locator('[data-combobox-selected]').textContent()) === 'Professional') break
    }
    await page.keyboard.press('Enter')
    // The choice lands with React's next render: read it once it has.
    await expect.poll(() => categoryField(page).inputValue()).toBe('Professional')
    await page.keyboard.press('Tab')
    expect(await focused()).toMatch(/^BUTTON\|.*\|File \*$/)
    await page.keyboard.press('Enter')
    const chooser = await fileChooser
    await chooser.setFiles({ name: 'checklist.pdf', mimeType: 'application/pdf', buffer: await makePdf('Checklist') })
    await tabTo((at) => at.startsWith('BUTTON|') && at.includes('|Add Resource|'))
    await page.keyboard.press('Enter')
    await page.getByText('Resource added successfully').waitFor()
    const card = page.getByTestId('admin-resource-card').filter({ hasText: 'Keyboard checklist' })
    await card.getByText('Professional').waitFor()

    await tabTo((at) => at.startsWith('BUTTON|Delete Keyboard checklist|'))
    await page.keyboard.press('Enter')
    const dialog = page.getByRole('dialog', { name: 'Delete this resource?' })
    await dialog.waitFor()
    // Cancel has the focus first: Enter alone must not delete.
    expect(await focused()).toMatch(/^BUTTON\|\|Cancel\|/)
    await page.keyboard.press('Tab')
    expect(await focused()).toMatch(/^BUTTON\|\|Delete resource\|/)
    await page.keyboard.press('Enter')
    await page.getByText('Resource deleted successfully').waitFor()
    await card.waitFor({ state: 'detached' })
    await expect.poll(focused).toMatch(/^H2\|\|Existing Resources\|/)
    expect(problems).toEqual([])
  })

  it('keeps a resource being edited across a new sign-in, as the studies screen does', async () => {
    const { page } = await stack.signIn('/admin/resources')
    const [first] = await stack.sql<{ title: string }[]>`
      select title from educational_resources order by category, id limit 1`
    await page.getByRole('button', { name: `Edit ${first?.title}` }).click()
    await page.getByRole('heading', { level: 2, name: 'Edit Resource' }).waitFor()
    await page.getByLabel('Title').fill('Kept across a new sign-in')
    // The session ends on the server (expired, or signed out elsewhere).
    await stack.sql`delete from sessions`
    const toldExpired = await watchForText(page, 'Your session expired. Logging in again...')
    await page.getByRole('button', { name: 'Update Resource' }).click()
    await toldExpired()
    // The issuer signs the same admin in again, and the server lands on /admin; back on this screen
    // the draft is waiting.
    await page.waitForURL(`${stack.url}/admin`, { timeout: 20_000 })
    await page.getByText(`Signed in as: ${ADMIN_EMAIL}`).waitFor()
    await page.goto(`${stack.url}/admin/resources`)
    await page.getByText('Your unsaved changes to the resource are back in the form.').waitFor({ timeout: 20_000 })
    await page.getByRole('heading', { level: 2, name: 'Edit Resource' }).waitFor()
    expect(await page.getByLabel('Title').inputValue()).toBe('Kept across a new sign-in')
    await page.getByRole('button', { name: 'Update Resource' }).click()
    await page.getByText('Resource updated successfully').waitFor()
    await page.getByTestId('admin-resource-card').filter({ hasText: 'Kept across a new sign-in' }).waitFor()
  })

  it('searches titles and descriptions on the server', async () => {
    const { page, problems } = await stack.signIn('/admin/resources')
    const [target] = await stack.sql<
      { title: string }[]
    >`select title from educational_resources order by id desc limit 1`
    const words = String(target?.title).split(' ').slice(0, 2).join(' ')
    const expected = await stack.sql`
      select 1 from educational_resources where title ilike ${`%${words}%`} or description ilike ${`%${words}%`}`
    await page.getByTestId('admin-resource-card').first().waitFor()
    await page.getByRole('searchbox', { name: 'Search resources' }).fill(words.toUpperCase())
    await expect.poll(() => page.getByTestId('admin-resource-card').count()).toBe(expected.length)
    await page.getByRole('searchbox', { name: 'Search resources' }).fill('no resource is called this')
    await page.getByText('No resources match “no resource is called this”.').waitFor()
    expect(problems).toEqual([])
  })

  for (const width of [390, 320]) {
    it(`fits ${width} px without sideways scrolling, with 16 px fields`, async () => {
      const { page, problems } = await stack.signIn('/admin/resources', { width })
      await page.getByTestId('admin-resource-card').first().waitFor()
      expect(await scrollsSideways({ page, problems })).toBe(false)
      const sizes = await page.evaluate(() =>
        [...document.querySelectorAll('form .mantine-Input-input')].map((field) =>
          Number.parseFloat(getComputedStyle(field).fontSize),
        ),
      )
      expect(sizes).toHaveLength(4)
      for (const size of sizes) expect(size).toBeGreaterThanOrEqual(16)
      await snap(page, String(width))

      // Editing from the bottom of the list brings the form into view, focused on the title.
      await page
        .getByRole('button', { name: /^Edit / })
        .last()
        .click()
      await page.getByRole('heading', { level: 2, name: 'Edit Resource' }).waitFor()
      await expect.poll(() => page.getByLabel('Title').evaluate((input) => input === document.activeElement)).toBe(true)
      expect(await scrollsSideways({ page, problems })).toBe(false)
      await snap(page, `edit-${width}`)

      await page
        .getByRole('button', { name: /^Delete / })
        .first()
        .click()
      await page.getByRole('dialog', { name: 'Delete this resource?' }).waitFor()
      expect(await scrollsSideways({ page, problems })).toBe(false)
      await snap(page, `confirm-${width}`, { viewportOnly: true })
      await page.keyboard.press('Escape')
      await page.getByRole('dialog').waitFor({ state: 'hidden' })
      expect(problems).toEqual([])
    })
  }
})
