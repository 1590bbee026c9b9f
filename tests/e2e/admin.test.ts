import { spawnSync } from 'node:child_process'
import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { chromiumAndPostgres, chromiumPath } from '../helpers/browser'
import { makePdf } from '../helpers/fixtures'
import { ADMIN_EMAIL, useStack } from './stack'
import { watchForText } from './support'

describe.skipIf(!chromiumAndPostgres())('admin in Chromium, signed in through a real OpenID Connect issuer', () => {
  const stack = useStack({ oidc: true })

  /** Opens /admin signed out: the spec's toast, then the sign-in round trip through the issuer. */
  async function signIn(email: string): Promise<{ page: Page; problems: string[] }> {
    const watched = await stack.openPage()
    stack.issuer.nextClaims({ email, email_verified: true })
    await watched.page.goto(`${stack.url}/admin`)
    await watched.page.getByText('Please sign in to access the admin panel...').waitFor()
    await watched.page.waitForURL(`${stack.url}/admin`, { timeout: 15_000 })
    await watched.page.getByText(`Signed in as: ${email}`).waitFor()
    return watched
  }

  it('lets the admin add a study with a PDF, see it on /research, download it, edit, cancel and delete it', async () => {
    const { page, problems } = await signIn(ADMIN_EMAIL)
    // The signed-out check answered 401 once before sign-in: that is the flow, not a fault.
    problems.length = 0

    await page.getByRole('heading', { name: 'Add New Study' }).waitFor()
    await page.getByLabel('Title').fill('A browser-added study')
    await page.getByLabel('Authors').fill('Tester T')
    await page.getByLabel('Journal').fill('Journal of Tests')
    await page.getByLabel('Year').fill('2024')
    await page
      .getByRole('textbox', { name: 'Category' })
      .or(page.getByRole('combobox', { name: 'Category' }))
      .first()
      .click()
    await page.getByRole('option', { name: 'Safety Standards' }).click()
    await page.getByLabel('URL').fill('https://example.org/study')
    await page.getByLabel('Summary').fill('What the study examined.')
    await page.locator('input[type=file]').setInputFiles({
      name: 'study.pdf',
      mimeType: 'application/pdf',
      buffer: await makePdf('Browser study'),
    })
    await page.getByRole('button', { name: 'Add Study' }).click()
    await page.getByText('Research study added successfully').waitFor()
    const card = page.getByTestId('admin-study-card').filter({ hasText: 'A browser-added study' })
    // The toast comes first; the list follows when its refetch lands.
    await card.getByText('Journal of Tests (2024)').waitFor()
    await card.getByText('Category: Safety Standards').waitFor()
    expect(await page.getByLabel('Title').inputValue()).toBe('')

    const research = await stack.openPage()
    await research.page.goto(`${stack.url}/research`)
    const studyCard = research.page.getByTestId('study-card').filter({ hasText: 'A browser-added study' })
    const href = await studyCard.getByRole('link', { name: /Full Study/ }).getAttribute('href')
    expect(href).toMatch(/^\/files\/[0-9a-f-]{36}\/study\.pdf$/)
    const download = await fetch(`${stack.url}${href}`)
    expect(download.status).toBe(200)
    expect(download.headers.get('content-type')).toBe('application/pdf')
    expect(research.problems).toEqual([])

    // Choosing edit fills the form and clears a file chosen before.
    await page.locator('input[type=file]').setInputFiles({
      name: 'other.pdf',
      mimeType: 'application/pdf',
      buffer: await makePdf('Other'),
    })
    await page.getByRole('button', { name: 'Clear chosen file' }).waitFor()
    await page.getByRole('button', { name: 'Edit A browser-added study' }).click()
    await page.getByRole('heading', { name: 'Edit Study' }).waitFor()
    expect(await page.getByLabel('Title').inputValue()).toBe('A browser-added study')
    expect(await page.getByRole('button', { name: 'Clear chosen file' }).count()).toBe(0)
    await page.getByRole('button', { name: 'Cancel editing' }).click()
    await page.getByRole('heading', { name: 'Add New Study' }).waitFor()
    expect(await page.getByLabel('Title').inputValue()).toBe('')

    await page.getByRole('button', { name: 'Edit A browser-added study' }).click()
    await page.getByLabel('Title').fill('A renamed study')
    await page.getByRole('button', { name: 'Update Study' }).click()
    await page.getByText('Research study updated successfully').waitFor()
    await page.getByRole('heading', { name: 'Add New Study' }).waitFor()
    await page.getByTestId('admin-study-card').filter({ hasText: 'A renamed study' }).waitFor()

    await page.getByRole('button', { name: 'Delete A renamed study' }).click()
    await page.getByText('Research study deleted successfully').waitFor()
    await page.getByTestId('admin-study-card').filter({ hasText: 'A renamed study' }).waitFor({ state: 'detached' })
    // The study's upload stays, claimed by nothing, for the toast's Undo; the housekeeping removes
    // it later (tests/integration/routes/research-studies.test.ts shows that part).
    const [row] = await stack.sql<{ count: number }[]>`
      select count(*)::int as count from attachments
      where id not in (select file_id from educational_resources where file_id is not null)
        and id not in (select attachment_file_id from research_studies where attachment_file_id is not null)`
    expect(row?.count).toBe(1)
    expect(problems).toEqual([])
  })

  it('sends the admin to sign in again when the session expires mid-edit', async () => {
    const { page } = await signIn(ADMIN_EMAIL)
    await page
      .getByRole('button', { name: /^Edit / })
      .first()
      .click()
    await page.getByRole('heading', { name: 'Edit Study' }).waitFor()
    await stack.sql`delete from sessions`
    stack.issuer.nextClaims({ email: ADMIN_EMAIL, email_verified: true })
    const toldExpired = await watchForText(page, 'Your session expired. Logging in again...')
    await page.getByRole('button', { name: 'Update Study' }).click()
    await toldExpired()
    await page.waitForURL(/\/api\/login|\/admin/, { timeout: 10_000 })
    await page.getByText(`Signed in as: ${ADMIN_EMAIL}`).waitFor({ timeout: 15_000 })
  })

  it('shows an outsider that they have no access, and refuses their changes', async () => {
    const { page } = await signIn('outsider@example.org')
    await page.getByTestId('no-access').waitFor()
    expect(await page.getByRole('heading', { name: 'Add New Study' }).count()).toBe(0)
    const status = await page.evaluate(async () => {
      const response = await fetch('/api/research-studies', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ title: 'x', category: 'General Wellness', url: 'https://example.org' }),
      })
      return response.status
    })
    expect(status).toBe(403)
    await page.getByRole('link', { name: 'Sign Out' }).click()
    await page.waitForURL(`${stack.url}/`)
    const me = await page.evaluate(async () => (await fetch('/api/auth/user')).status)
    expect(me).toBe(401)
  })
})

describe.skipIf(!chromiumPath())('one-time sign-in link on the embedded database', () => {
  const stack = useStack({ database: 'embedded', env: { LOG_LEVEL: 'info' } })

  it('signs the operator in from the link printed in the log, once', async () => {
    const link = stack.server
      .logs()
      .match(/Single-use admin sign-in link for admin@localhost \(valid 15 minutes\): (\S+?)"/)?.[1]
    expect(link, stack.server.logs()).toBeTruthy()
    const { page } = await stack.openPage()
    const login = await page.goto(`${stack.url}/api/login`)
    expect(await login?.text()).toContain('Sign-in is not configured')
    // Opening the link uses nothing up (a chat's link preview may open it first); its button signs in.
    expect((await page.goto(String(link)))?.status()).toBe(200)
    await page.getByRole('button', { name: 'Sign in' }).click()
    await page.waitForURL(`${stack.url}/admin`)
    await page.getByText('Signed in as: admin@localhost').waitFor()
    await page.getByRole('heading', { name: 'Add New Study' }).waitFor()
    const again = await (await stack.browser.newPage()).goto(String(link))
    expect(again?.status()).toBe(400)
  })

  it('signs in with a fresh link from the admin:link command while the server holds the embedded database', async () => {
    const command = (email: string, via: 'dist' | 'npm' = 'dist') => {
      const [program, args] =
        via === 'dist'
          ? [process.execPath, ['dist/server/admin-link.js', email]]
          : ['npm', ['run', '--silent', 'admin:link', '--', email]]
      const result = spawnSync(program, args, { env: stack.server.env, encoding: 'utf8' })
      return { status: result.status, out: `${result.stdout}${result.stderr}` }
    }
    const fromImage = command('admin@localhost')
    expect(fromImage.status, fromImage.out).toBe(0)
    const link = fromImage.out.match(/(http:\/\/\S+\/api\/login\/link\?token=\S+)/)?.[1]
    expect(link, fromImage.out).toBeTruthy()
    const { page } = await stack.openPage()
    await page.goto(String(link))
    await page.getByRole('button', { name: 'Sign in' }).click()
    await page.waitForURL(`${stack.url}/admin`)
    await page.getByText('Signed in as: admin@localhost').waitFor()

    // From a checkout, through npm; the first admin is taken, so another address is refused, with the reason.
    const fromCheckout = command('someone@example.org', 'npm')
    expect(fromCheckout.status, fromCheckout.out).toBe(0)
    const other = fromCheckout.out.match(/(http:\/\/\S+\/api\/login\/link\?token=\S+)/)?.[1]
    const refused = await (await stack.browser.newPage()).goto(String(other))
    expect(refused?.status()).toBe(400)
    expect(await refused?.text()).toContain('already the first admin')
    expect(command('not-an-address').status).toBe(1)
  })
})
