import { mkdirSync } from 'node:fs'
import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { chromiumAndPostgres } from '../helpers/browser'
import { makePdf } from '../helpers/fixtures'
import { axeViolations } from './axe'
import { useStack } from './stack'
import { gotoHydrated } from './support'

/**
 * The applicant's page in each state it can be in (received with the link kept because mail is
 * off, questions, approved, declined) and the application form: axe finds nothing at 1280 and
 * 320 px, nothing overflows at 1280, 390 and 320 px. With REGISTRY_SHOTS=<dir> it also leaves
 * full-page screenshots there, to be looked at by a person (never committed).
 */
const REGISTRAR = 'registrar@example.org'
const WIDTHS = [1280, 390, 320] as const
const SHOTS = process.env.REGISTRY_SHOTS

describe.skipIf(!chromiumAndPostgres())('the application form and the applicant’s page in each state', () => {
  // No smtp: mail is off, so the page after applying shows the link to keep.
  const stack = useStack({ oidc: true, team: [{ email: REGISTRAR, firstName: 'Rae', role: 'registrar' }] })

  const council = async () => {
    const watched = await stack.signIn('/admin', { email: REGISTRAR })
    return async (method: 'GET' | 'POST', path: string, data?: object) => {
      const response = await watched.page.request.fetch(`${stack.url}${path}`, {
        method,
        headers: { origin: stack.url, 'content-type': 'application/json' },
        ...(data ? { data } : {}),
      })
      expect(response.status(), `${method} ${path}: ${await response.text()}`).toBeLessThan(300)
      return response.json()
    }
  }

  /** axe at 1280 and 320, no sideways scrolling at any width, and the screenshots when asked. */
  const check = async (page: Page, name: string) => {
    for (const width of WIDTHS) {
      await page.setViewportSize({ width, height: width > 500 ? 900 : 844 })
      expect(
        await page.evaluate(() => document.documentElement.scrollWidth),
        `${name} at ${width} px`,
      ).toBeLessThanOrEqual(width)
      if (width !== 390) expect(await axeViolations(page), `axe on ${name} at ${width} px`).toEqual([])
      if (SHOTS) {
        mkdirSync(SHOTS, { recursive: true })
        await page.screenshot({ path: `${SHOTS}/${name}-${width}.png`, fullPage: true })
      }
    }
  }

  const apply = async (page: Page, organisation: string) => {
    await gotoHydrated(page, `${stack.url}/registry/apply`)
    await page.getByRole('textbox', { name: 'Organisation' }).fill(organisation)
    await page.getByRole('textbox', { name: 'Contact person' }).fill('Test Operator')
    await page.getByRole('textbox', { name: 'Contact e-mail' }).fill('operator@example.org')
    await page.getByRole('textbox', { name: 'Street' }).fill('1 Example Street')
    await page.getByRole('textbox', { name: 'City' }).fill('Austin')
    await page.getByRole('textbox', { name: 'State or region' }).fill('TX')
    await page.getByRole('textbox', { name: 'Postal code' }).fill('78701')
    await page.getByRole('checkbox', { name: /Facility Operator Standards Guide, version/ }).check()
    await page.getByRole('textbox', { name: 'Signatory’s name' }).fill('Test Signatory')
    await page.getByRole('textbox', { name: 'Signatory’s title' }).fill('Director')
    await page.getByRole('checkbox', { name: /I declare/ }).check()
    await page.locator('input[type=file][name=documents]').setInputFiles([
      { name: 'insurance.pdf', mimeType: 'application/pdf', buffer: await makePdf('Insurance') },
      { name: 'safety-plan.pdf', mimeType: 'application/pdf', buffer: await makePdf('Safety plan') },
    ])
    await page.getByRole('button', { name: 'Send the application' }).click()
    await page.waitForURL(/\/registry\/application\?new=1/)
  }

  it('the form, then received, questions, approved; and another declined', { timeout: 300_000 }, async () => {
    const { page, problems } = await stack.openPage({ width: 1280 })
    await gotoHydrated(page, `${stack.url}/registry/apply`)
    await check(page, 'apply')

    await apply(page, 'Example Test Facility Approved')
    await expect(page.getByTestId('application-state').textContent()).resolves.toBe('State: Received')
    // Mail is off: the link to keep is shown once, right after applying.
    await expect(page.getByTestId('keep-link').count()).resolves.toBe(1)
    await check(page, 'application-received')

    const call = await council()
    const queue = (await call('GET', '/api/admin/registry/applications')) as {
      items: { id: string; organisationName: string }[]
    }
    const idOf = (organisation: string) => queue.items.find((item) => item.organisationName === organisation)?.id
    const id = idOf('Example Test Facility Approved') as string
    await call('POST', `/api/admin/registry/applications/${id}/questions`, {
      body: 'Please send the staff training record.',
    })
    await gotoHydrated(page, `${stack.url}/registry/application`)
    await expect(page.getByTestId('application-state').textContent()).resolves.toBe('State: Questions from the council')
    await expect(page.getByTestId('keep-link').count()).resolves.toBe(0)
    await check(page, 'application-questions')

    const approved = (await call('POST', `/api/admin/registry/applications/${id}/approve`, {})) as {
      listing: { number: string }
    }
    await gotoHydrated(page, `${stack.url}/registry/application`)
    await page.getByRole('heading', { name: `Listed as ${approved.listing.number}` }).waitFor()
    await check(page, 'application-approved')

    const other = await stack.openPage({ width: 1280 })
    await apply(other.page, 'Example Test Facility Declined')
    const again = (await call('GET', '/api/admin/registry/applications')) as {
      items: { id: string; organisationName: string }[]
    }
    const declinedId = again.items.find((item) => item.organisationName === 'Example Test Facility Declined')?.id
    await call('POST', `/api/admin/registry/applications/${declinedId}/decline`, {
      reason: 'The insurance certificate has expired.',
    })
    await gotoHydrated(other.page, `${stack.url}/registry/application`)
    await other.page.getByText('The insurance certificate has expired.').first().waitFor()
    // A decided application takes no more answers or documents.
    await expect(other.page.getByRole('button', { name: 'Send the answer' }).count()).resolves.toBe(0)
    await check(other.page, 'application-declined')

    expect(problems).toEqual([])
    expect(other.problems).toEqual([])
  })
})
