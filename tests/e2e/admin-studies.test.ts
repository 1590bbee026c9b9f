import type { Page } from 'playwright-core'
import { beforeEach, describe, expect, it } from 'vitest'
import { chromiumAndPostgres } from '../helpers/browser'
import { makePdf } from '../helpers/fixtures'
import { useStack } from './stack'
import { focused, gotoHydrated, watchForText } from './support'

/**
 * The research studies screen as an editor uses it on a phone and a desktop, beyond the
 * specification's texts (which admin.test.ts holds): touch targets, editing from the list,
 * the upload's limits and refusals, and removing an attachment.
 */
describe.skipIf(!chromiumAndPostgres())('the studies screen, usable', () => {
  // 0.05 MB: a small test file can cross the limit.
  const stack = useStack({ oidc: true, env: { UPLOAD_MAX_MB: '0.05' } })
  beforeEach(async () => {
    await stack.sql`delete from research_studies`
  })

  async function addStudy(title: string) {
    await stack.sql`
      insert into research_studies (title, category, url) values (${title}, 'General Wellness', 'https://example.org/s')`
  }

  /** Fills the add form as an editor would: title, General Wellness, link and a file. */
  async function fillStudy(page: Page, study: { title: string; url: string; file: string; bytes: Buffer }) {
    await page.getByLabel('Title').fill(study.title)
    await page
      .getByRole('textbox', { name: 'Category' })
      .or(page.getByRole('combobox', { name: 'Category' }))
      .first()
      .click()
    await page.getByRole('option', { name: 'General Wellness' }).click()
    await page.getByLabel('URL').fill(study.url)
    await page
      .locator('input[type=file]')
      .setInputFiles({ name: study.file, mimeType: 'application/pdf', buffer: study.bytes })
  }

  const card = (page: Page, title: string) => page.getByTestId('admin-study-card').filter({ hasText: title })

  /** The file field's error, as a screen reader reads it after the field's name; '' when it has none. */
  const fileError = (page: Page) =>
    page.getByRole('button', { name: /^Attachment/ }).evaluate((element) =>
      element.getAttribute('aria-invalid') === 'true'
        ? (element.getAttribute('aria-describedby') ?? '')
            .split(/\s+/)
            .filter((id) => id.endsWith('-error'))
            .map((id) => document.getElementById(id)?.textContent ?? '')
            .join(' ')
        : '',
    )

  it('on a phone, Edit and Delete are 44 px targets apart, and Edit brings the form into view with the title focused', async () => {
    for (let i = 1; i <= 6; i++) await addStudy(`Study number ${i}`)
    const { page, problems } = await stack.signIn('/admin', { width: 390 })
    problems.length = 0
    const target = card(page, 'Study number 1')
    await target.waitFor()
    const edit = target.getByRole('button', { name: 'Edit Study number 1' })
    const remove = target.getByRole('button', { name: 'Delete Study number 1' })
    const [a, b] = [await edit.boundingBox(), await remove.boundingBox()]
    expect(a?.width).toBeGreaterThanOrEqual(44)
    expect(a?.height).toBeGreaterThanOrEqual(44)
    expect(b?.width).toBeGreaterThanOrEqual(44)
    expect((b?.x ?? 0) - ((a?.x ?? 0) + (a?.width ?? 0))).toBeGreaterThanOrEqual(8)

    await target.scrollIntoViewIfNeeded()
    await edit.click()
    await page.getByRole('heading', { name: 'Edit Study' }).waitFor()
    await expect.poll(async () => (await focused(page)).id).toBe(await page.getByLabel('Title').getAttribute('id'))
    expect(await page.getByLabel('Title').inputValue()).toBe('Study number 1')
    const heading = await page.getByRole('heading', { name: 'Edit Study' }).boundingBox()
    expect(heading && heading.y >= 0 && heading.y < 900).toBe(true)
    expect(problems).toEqual([])
  })

  it('the file field says the limit, and a file over it is refused before anything is sent', async () => {
    const { page, problems } = await stack.signIn('/admin')
    problems.length = 0
    await page.getByText('PDF or Word, up to 0.05 MB.').waitFor()
    let uploads = 0
    page.on('request', (request) => {
      if (request.url().includes('/api/upload/')) uploads += 1
    })
    await page.locator('input[type=file]').setInputFiles({
      name: 'big.pdf',
      mimeType: 'application/pdf',
      buffer: Buffer.alloc(60 * 1024, 1),
    })
    await page.getByText('The file is larger than 0.05 MB').waitFor()
    expect(await page.locator('input[type=file]').evaluate((input) => (input as HTMLInputElement).files?.length)).toBe(
      1,
    )
    await page.getByLabel('Title').fill('Should not upload')
    await page.getByRole('button', { name: 'Add Study' }).click()
    // No file was taken: the study is saved without one, and no upload was attempted.
    expect(uploads).toBe(0)
    expect(problems).toEqual([])
  })

  it('a file the server refuses shows "Failed to upload attachment" with the server’s reason', async () => {
    const { page, problems } = await stack.signIn('/admin')
    problems.length = 0
    await fillStudy(page, {
      title: 'Refused upload',
      url: 'https://example.org/refused',
      file: 'notes.pdf',
      bytes: Buffer.from('plain text pretending to be a PDF'),
    })
    await page.getByRole('button', { name: 'Add Study' }).click()
    const toast = page.locator('[data-toast-id]').filter({ hasText: 'Failed to upload attachment' })
    await toast.waitFor()
    expect(await toast.textContent()).toContain(
      'Failed to upload attachment: Only PDF (.pdf) and Word (.doc, .docx) files are accepted',
    )
    expect(await stack.sql`select id from research_studies`).toEqual([])
    expect(problems.filter((problem) => !problem.includes('status of 415'))).toEqual([])
  })

  it('an attachment can be removed from a study', async () => {
    const { page, problems } = await stack.signIn('/admin')
    problems.length = 0
    await fillStudy(page, {
      title: 'With a file',
      url: 'https://example.org/with-file',
      file: 'study.pdf',
      bytes: await makePdf('Attached'),
    })
    await page.getByRole('button', { name: 'Add Study' }).click()
    await page.getByText('Research study added successfully').waitFor()
    await expect
      .poll(async () => (await stack.sql`select attachment_file_id from research_studies`)[0]?.attachment_file_id)
      .not.toBeNull()

    await card(page, 'With a file').getByRole('button', { name: 'Edit With a file' }).click()
    await page.getByLabel('Remove the current attachment when saving').check()
    await page.getByRole('button', { name: 'Update Study' }).click()
    await page.getByText('Research study updated successfully').waitFor()
    await expect
      .poll(async () => (await stack.sql`select attachment_file_id, attachment_url from research_studies`)[0])
      .toEqual({ attachment_file_id: null, attachment_url: null })
    expect(problems).toEqual([])
  })

  it('a delete asks nothing first, and its toast offers Undo for 5 s, which brings the study back with its file', async () => {
    const { page, problems } = await stack.signIn('/admin')
    problems.length = 0
    await fillStudy(page, {
      title: 'Deleted by mistake',
      url: 'https://example.org/mistake',
      file: 'study.pdf',
      bytes: await makePdf('Kept for undo'),
    })
    await page.getByRole('button', { name: 'Add Study' }).click()
    await card(page, 'Deleted by mistake').waitFor()

    await card(page, 'Deleted by mistake').getByRole('button', { name: 'Delete Deleted by mistake' }).click()
    const toast = page.locator('[data-toast-id]').filter({ hasText: 'Research study deleted successfully' })
    await toast.waitFor()
    await expect.poll(async () => (await stack.sql`select id from research_studies`).length).toBe(0)
    await toast.getByRole('button', { name: 'Undo' }).click()
    await page.getByText('Research study restored').waitFor()
    await card(page, 'Deleted by mistake').waitFor()
    const [row] = await stack.sql`select attachment_file_id, attachment_url from research_studies`
    expect(row?.attachment_file_id).not.toBeNull()
    expect((await fetch(`${stack.url}${row?.attachment_url}`)).status).toBe(200)

    // The offer lasts the toast's 5 seconds.
    await card(page, 'Deleted by mistake').getByRole('button', { name: 'Delete Deleted by mistake' }).click()
    await toast.waitFor()
    await page.waitForTimeout(5600)
    expect(await page.getByRole('button', { name: 'Undo' }).count()).toBe(0)
    expect(problems).toEqual([])
  })

  it('a study being edited when the session expires comes back in the form after signing in again', async () => {
    await addStudy('Edited while signed out')
    const { page } = await stack.signIn('/admin')
    await card(page, 'Edited while signed out').getByRole('button', { name: 'Edit Edited while signed out' }).click()
    await page.getByLabel('Title').fill('Edited while signed out, and kept')
    await page.getByLabel('Authors').fill('Example A')
    // The session ends on the server (expired, or signed out elsewhere).
    await stack.sql`delete from sessions`
    const toldExpired = await watchForText(page, 'Your session expired. Logging in again...')
    await page.getByRole('button', { name: 'Update Study' }).click()
    await toldExpired()
    // The issuer signs the same admin in again, and the server lands on /admin.
    await page.waitForURL(/\/api\/login|\/admin/)
    await page.getByText('Your unsaved changes to the study are back in the form.').waitFor({ timeout: 20_000 })
    await page.getByRole('heading', { name: 'Edit Study' }).waitFor()
    expect(await page.getByLabel('Title').inputValue()).toBe('Edited while signed out, and kept')
    expect(await page.getByLabel('Authors').inputValue()).toBe('Example A')
    await page.getByRole('button', { name: 'Update Study' }).click()
    await page.getByText('Research study updated successfully').waitFor()
    expect((await stack.sql`select title from research_studies`).map((row) => row.title)).toEqual([
      'Edited while signed out, and kept',
    ])
  })

  it('a refused file blocks the save: the reason stays and nothing is saved until the file is removed or replaced', async () => {
    const { page, problems } = await stack.signIn('/admin')
    problems.length = 0
    let uploads = 0
    page.on('request', (request) => {
      if (request.url().includes('/api/upload/')) uploads += 1
    })
    const field = page.locator('input[type=file]')
    await fillStudy(page, {
      title: 'Blocked by its file',
      url: 'https://example.org/blocked',
      file: 'big.pdf',
      bytes: Buffer.alloc(60 * 1024, 1),
    })
    await page.getByText('The file is larger than 0.05 MB').waitFor()
    await page.getByRole('button', { name: 'Add Study' }).click()
    const refusal = page.locator('[data-toast-id]').filter({ hasText: 'Not saved: The file is larger than 0.05 MB' })
    await refusal.waitFor()
    expect(await refusal.getAttribute('data-variant')).toBe('destructive')
    // The reason stays beside the field, the form keeps what was typed, and nothing was sent or stored.
    expect(await fileError(page)).toBe('The file is larger than 0.05 MB')
    expect(await page.getByLabel('Title').inputValue()).toBe('Blocked by its file')
    expect(await stack.sql`select id from research_studies`).toEqual([])
    expect(uploads).toBe(0)

    // A file of another kind is refused the same way, before it is sent.
    await field.setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('notes') })
    await expect.poll(() => fileError(page)).toBe('Only PDF (.pdf) and Word (.doc, .docx) files are accepted')
    await page.getByRole('button', { name: 'Add Study' }).click()
    await page
      .locator('[data-toast-id]')
      .filter({ hasText: 'Not saved: Only PDF (.pdf) and Word (.doc, .docx) files are accepted' })
      .waitFor()
    expect(await stack.sql`select id from research_studies`).toEqual([])
    expect(uploads).toBe(0)

    // Replaced by a file that passes: the reason goes, and the study is saved with it.
    await field.setInputFiles({ name: 'small.pdf', mimeType: 'application/pdf', buffer: await makePdf('Small') })
    expect(await fileError(page)).toBe('')
    await page.getByRole('button', { name: 'Add Study' }).click()
    await page.getByText('Research study added successfully').waitFor()
    await expect
      .poll(async () => (await stack.sql`select attachment_file_id from research_studies`)[0]?.attachment_file_id)
      .toBeTruthy()
    expect(uploads).toBe(1)

    // Removed: the study is saved without a file.
    await page.getByLabel('Title').fill('Saved once the file is removed')
    await page.getByRole('combobox', { name: 'Category' }).click()
    await page.getByRole('option', { name: 'Cognitive Health' }).click()
    await page.getByLabel('URL').fill('https://example.org/removed')
    await field.setInputFiles({ name: 'big.pdf', mimeType: 'application/pdf', buffer: Buffer.alloc(60 * 1024, 1) })
    await page.getByRole('button', { name: 'Add Study' }).click()
    await page.locator('[data-toast-id]').filter({ hasText: 'Not saved' }).waitFor()
    expect(await stack.sql`select id from research_studies where title = 'Saved once the file is removed'`).toEqual([])
    expect(await fileError(page)).toBe('The file is larger than 0.05 MB')
    await page.getByRole('button', { name: 'Clear chosen file' }).click()
    expect(await fileError(page)).toBe('')
    await page.getByRole('button', { name: 'Add Study' }).click()
    await card(page, 'Saved once the file is removed').waitFor()
    const [saved] = await stack.sql`
      select attachment_file_id from research_studies where title = 'Saved once the file is removed'`
    expect(saved?.attachment_file_id).toBeNull()
    expect(uploads).toBe(1)
    expect(problems).toEqual([])
  })

  it('in edit mode the form links to the current attachment, and warns of a study with the same title', async () => {
    const { page, problems } = await stack.signIn('/admin')
    problems.length = 0
    await fillStudy(page, {
      title: 'Oxygen and Sleep',
      url: 'https://example.org/sleep',
      file: 'sleep study.pdf',
      bytes: await makePdf('Sleep'),
    })
    await page.getByRole('button', { name: 'Add Study' }).click()
    await card(page, 'Oxygen and Sleep').waitFor()

    await card(page, 'Oxygen and Sleep').getByRole('button', { name: 'Edit Oxygen and Sleep' }).click()
    const current = page.getByRole('link', { name: 'sleep-study.pdf (opens in a new tab)' })
    await current.waitFor()
    const href = String(await current.getAttribute('href'))
    expect(href).toMatch(/^\/files\/[0-9a-f-]{36}\/sleep-study\.pdf$/)
    expect((await fetch(`${stack.url}${href}`)).status).toBe(200)
    // Its own title is no duplicate of itself.
    await page.waitForTimeout(600)
    expect(await page.getByTestId('same-title').count()).toBe(0)
    await page.getByRole('button', { name: 'Cancel editing' }).click()

    await page.getByLabel('Title').fill('  oxygen and sleep ')
    const warning = page.getByTestId('same-title')
    await warning.waitFor()
    expect(await warning.textContent()).toBe('A study titled “Oxygen and Sleep” already exists.')
    expect(await page.getByRole('textbox', { name: 'Title' }).getAttribute('aria-describedby')).toBeTruthy()
    // Read from the field itself, as a screen reader does: its description is the warning.
    expect(
      await page
        .getByRole('textbox', { name: 'Title' })
        .evaluate(
          (input) => document.getElementById(input.getAttribute('aria-describedby')?.split(' ')[0] ?? '')?.textContent,
        ),
    ).toBe('A study titled “Oxygen and Sleep” already exists.')
    // The warning stays while the same title is asked again (it once blinked out as the debounced
    // question changed from the title left to the one typed).
    await page.waitForTimeout(900)
    expect(await warning.count()).toBe(1)
    await page.getByLabel('Title').fill('Oxygen and Sleep, a follow-up')
    await warning.waitFor({ state: 'detached' })
    expect(problems).toEqual([])
  })

  it('searches the list on the server, by title, author or journal, and keeps the search in the address', async () => {
    for (let i = 1; i <= 3; i++) await addStudy(`Plain study ${i}`)
    await stack.sql`
      insert into research_studies (title, authors, category, url)
      values ('Pressure and recovery', 'Okafor J', 'Athletic Performance', 'https://example.org/p')`
    const { page, problems } = await stack.signIn('/admin')
    problems.length = 0
    await card(page, 'Plain study 1').waitFor()
    const searches: string[] = []
    page.on('request', (request) => {
      if (request.url().includes('researchStudies.adminList')) searches.push(request.url())
    })
    await page.getByRole('searchbox', { name: 'Search studies' }).fill('okafor')
    await expect.poll(() => page.getByTestId('admin-study-card').count()).toBe(1)
    expect(await page.getByTestId('admin-study-card').textContent()).toContain('Pressure and recovery')
    expect(searches.some((url) => decodeURIComponent(url).includes('"q":"okafor"'))).toBe(true)
    await expect.poll(() => new URL(page.url()).searchParams.get('q')).toBe('okafor')

    await page.getByRole('searchbox', { name: 'Search studies' }).fill('nothing like this')
    await page.getByText('No studies match “nothing like this”.').waitFor()
    // Opened from a link (the activity log's), the box shows the search.
    await page.goto(`${stack.url}/admin?q=Plain%20study%202`)
    await expect.poll(() => page.getByTestId('admin-study-card').count()).toBe(1)
    expect(await page.getByRole('searchbox', { name: 'Search studies' }).inputValue()).toBe('Plain study 2')
    expect(problems).toEqual([])
  })

  it('volume, issue and pages are saved with the study, come back in the form, and appear in its APA citation', async () => {
    const { page, problems } = await stack.signIn('/admin')
    problems.length = 0
    await page.getByLabel('Title').fill('Cited in Full: A Test')
    await page.getByLabel('Authors').fill('Example A, Sample BC')
    await page.getByLabel('Journal').fill('Journal of Tests')
    await page.getByLabel('Year').fill('2021')
    await page.getByLabel('Volume').fill('12')
    await page.getByLabel('Issue').fill('3')
    await page.getByLabel('Pages').fill('45-67')
    await page
      .getByRole('textbox', { name: 'Category' })
      .or(page.getByRole('combobox', { name: 'Category' }))
      .first()
      .click()
    await page.getByRole('option', { name: 'General Wellness' }).click()
    await page.getByLabel('URL').fill('https://doi.org/10.1000/test.1')
    await page.getByRole('button', { name: 'Add Study' }).click()
    await page.getByText('Research study added successfully').waitFor()
    expect(await stack.sql`select volume, issue, pages from research_studies`).toEqual([
      { volume: '12', issue: '3', pages: '45-67' },
    ])

    await card(page, 'Cited in Full').getByRole('button', { name: 'Edit Cited in Full: A Test' }).click()
    await page.getByRole('heading', { name: 'Edit Study' }).waitFor()
    expect(await page.getByLabel('Volume').inputValue()).toBe('12')
    expect(await page.getByLabel('Issue').inputValue()).toBe('3')
    expect(await page.getByLabel('Pages').inputValue()).toBe('45-67')

    const research = await stack.openPage()
    await gotoHydrated(research.page, `${stack.url}/research`)
    await research.page.getByRole('button', { name: 'Cite Cited in Full: A Test' }).click()
    // Every card's citation is in the page; the open popover is the one asked for.
    const apa = research.page.locator('[data-testid="citation"]:popover-open').getByTestId('citation-apa')
    await apa.waitFor()
    expect(await apa.textContent()).toBe(
      'Example, A., & Sample, B. C. (2021). Cited in full: A test. Journal of Tests, 12(3), 45–67. https://doi.org/10.1000/test.1',
    )
    expect(await apa.locator('em').allTextContents()).toEqual(['Journal of Tests, 12'])
    expect(problems).toEqual([])
    expect(research.problems).toEqual([])
  })
})
