import type { Page } from 'playwright-core'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { chromiumAndPostgres } from '../helpers/browser'
import { makePdf } from '../helpers/fixtures'
import { type AdminStack, startAdminStack } from './admin-support'
import { focused } from './support'

/**
 * The research studies screen as an editor uses it on a phone and a desktop, beyond the
 * specification's texts (which admin.test.ts holds): touch targets, editing from the list,
 * the upload's limits and refusals, and removing an attachment.
 */
describe.skipIf(!chromiumAndPostgres())('the studies screen, usable', () => {
  let stack: AdminStack

  beforeAll(async () => {
    // 0.05 MB: a small test file can cross the limit.
    stack = await startAdminStack({ UPLOAD_MAX_MB: '0.05' })
  })
  afterAll(async () => {
    await stack?.stop()
  })
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
    expect((await fetch(`${stack.server.url}${row?.attachment_url}`)).status).toBe(200)

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
    await page.getByRole('button', { name: 'Update Study' }).click()
    await page.getByText('Your session expired. Logging in again...').waitFor()
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
})
