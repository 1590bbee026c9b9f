import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { chromiumAndPostgres } from '../helpers/browser'
import { makePdf } from '../helpers/fixtures'
import { linkIn } from '../helpers/smtp'
import { axeViolations } from './axe'
import { useStack } from './stack'
import { gotoHydrated } from './support'

/**
 * Applying to the registry in Chromium (issue 38), with JavaScript on and off: a facility operator
 * applies with two PDFs, opens the mailed link (a page with a button), answers the council's
 * question, is approved and finds the number and the badge's HTML, whose image answers; a visitor
 * raises a concern on the listing's page, and the registrar's closing suspends the listing with a
 * public reason. axe at 1280 and 320 px on the form, the applicant's page and the listing page.
 * Every organisation here is fictional (example.org).
 */
const REGISTRAR = 'registrar@example.org'

describe.skipIf(!chromiumAndPostgres())('applying to the registry, and raising a concern', () => {
  const stack = useStack({ oidc: true, smtp: true, team: [{ email: REGISTRAR, firstName: 'Rae', role: 'registrar' }] })

  const council = async () => {
    const watched = await stack.signIn('/admin', { email: REGISTRAR })
    const call = async (method: 'GET' | 'POST', path: string, data?: object) => {
      const response = await watched.page.request.fetch(`${stack.url}${path}`, {
        method,
        headers: { origin: stack.url, 'content-type': 'application/json' },
        ...(data ? { data } : {}),
      })
      expect(response.status(), `${method} ${path}: ${await response.text()}`).toBeLessThan(300)
      return response.json()
    }
    return call
  }

  const fillApplication = async (page: Page, organisation: string, email: string) => {
    await page.getByRole('textbox', { name: 'Organisation' }).fill(organisation)
    await page.getByRole('textbox', { name: 'Contact person' }).fill('Test Operator')
    await page.getByRole('textbox', { name: 'Contact e-mail' }).fill(email)
    await page.getByRole('textbox', { name: 'Street' }).fill('1 Example Street')
    await page.getByRole('textbox', { name: 'City' }).fill('Austin')
    await page.getByRole('textbox', { name: 'State or region' }).fill('TX')
    await page.getByRole('textbox', { name: 'Postal code' }).fill('78701')
    await page.getByRole('checkbox', { name: /Facility Operator Standards Guide, version/ }).check()
    await page.getByRole('textbox', { name: 'Signatory’s name' }).fill('Test Signatory')
    await page.getByRole('textbox', { name: 'Signatory’s title' }).fill('Director')
    await page.locator('input[type=file][name=documents]').setInputFiles([
      { name: 'insurance.pdf', mimeType: 'application/pdf', buffer: await makePdf('Insurance') },
      { name: 'safety-plan.pdf', mimeType: 'application/pdf', buffer: await makePdf('Safety plan') },
    ])
  }

  for (const javaScriptEnabled of [false, true]) {
    it(`JavaScript ${javaScriptEnabled ? 'on' : 'off'}: apply with two PDFs, answer the question by the mailed link, be approved and embed the badge`, {
      timeout: 180_000,
    }, async () => {
      const email = `operator-${javaScriptEnabled ? 'js' : 'nojs'}@example.org`
      const organisation = `Example Test Facility ${javaScriptEnabled ? 'One' : 'Two'}`
      const { page, problems } = await stack.openPage({ javaScriptEnabled })
      if (javaScriptEnabled) await gotoHydrated(page, `${stack.url}/registry/apply`)
      else await page.goto(`${stack.url}/registry/apply`)
      await fillApplication(page, organisation, email)
      // Refused first: the declaration is not ticked. What was typed stays; the files are chosen again.
      await page.getByRole('button', { name: 'Send the application' }).click()
      await page.getByText('Tick the declaration to apply').first().waitFor()
      await expect(page.getByRole('textbox', { name: 'Organisation' }).inputValue()).resolves.toBe(organisation)
      await page.locator('input[type=file][name=documents]').setInputFiles([
        { name: 'insurance.pdf', mimeType: 'application/pdf', buffer: await makePdf('Insurance') },
        { name: 'safety-plan.pdf', mimeType: 'application/pdf', buffer: await makePdf('Safety plan') },
      ])
      await page.getByRole('checkbox', { name: /I declare/ }).check()
      await page.getByRole('button', { name: 'Send the application' }).click()
      await page.waitForURL(/\/registry\/application\?new=1/)
      await expect(page.getByTestId('application-state').textContent()).resolves.toBe('State: Received')
      await expect(page.getByText('safety-plan.pdf').count()).resolves.toBe(1)

      // The mailed link opens a page with one button, in another browser (no cookie yet).
      const [mail] = await stack.smtp.waitForMatching((received) => received.envelopeTo.includes(email), 1)
      const link = linkIn(mail, `${stack.url}/registry/application/open?token=`)
      const other = await stack.openPage({ javaScriptEnabled })
      await other.page.goto(link)
      await expect(other.page.getByText(organisation).count()).resolves.toBe(0)
      await other.page.getByRole('button', { name: 'Open the application' }).click()
      await other.page.waitForURL(`${stack.url}/registry/application`)
      await expect(other.page.getByRole('heading', { name: organisation }).count()).resolves.toBe(1)

      const call = await council()
      const queue = (await call('GET', '/api/admin/registry/applications')) as {
        items: { id: string; organisationName: string }[]
      }
      const id = queue.items.find((item) => item.organisationName === organisation)?.id as string
      await call('POST', `/api/admin/registry/applications/${id}/questions`, {
        body: 'Please send the staff training record.',
      })
      await other.page.reload()
      await expect(other.page.getByTestId('application-state').textContent()).resolves.toBe(
        'State: Questions from the council',
      )
      await other.page
        .getByRole('textbox', { name: 'Your answer' })
        .fill('The training record is attached to this answer’s mail.')
      await other.page.getByRole('button', { name: 'Send the answer' }).click()
      await other.page.waitForURL(/answered=1/)
      await expect(
        other.page.getByText('The training record is attached to this answer’s mail.').count(),
      ).resolves.toBe(1)

      const approved = (await call('POST', `/api/admin/registry/applications/${id}/approve`, {})) as {
        listing: { number: string; key: string }
      }
      await other.page.reload()
      await expect(
        other.page.getByRole('heading', { name: `Listed as ${approved.listing.number}` }).count(),
      ).resolves.toBe(1)
      const code = (await other.page.getByTestId('badge-code').textContent()) ?? ''
      const badge = /src="([^"]+)"/.exec(code)?.[1] as string
      expect(badge).toBe(`${stack.url}/registry/${approved.listing.key}/badge.svg`)
      const image = await other.page.request.get(badge)
      expect(image.status()).toBe(200)
      expect(image.headers()['content-type']).toMatch(/^image\/svg\+xml/)
      expect(await image.text()).toContain('Listed')
      // The one refused post, as the browser reports a page answered 400; nothing else.
      expect(problems).toEqual([
        'error: Failed to load resource: the server responded with a status of 400 (Bad Request)',
      ])
      expect(other.problems).toEqual([])
    })
  }

  it('a visitor raises a concern without and with JavaScript; the registrar closes it with a public suspension', {
    timeout: 180_000,
  }, async () => {
    const call = await council()
    const queue = (await call('GET', '/api/admin/registry/applications?state=all')) as {
      items: { id: string; state: string }[]
    }
    const approved = queue.items.find((item) => item.state === 'approved')
    const full = (await call('GET', `/api/admin/registry/applications/${approved?.id}`)) as { listing: { key: string } }
    const listingPage = `${stack.url}/registry/${full.listing.key}`
    for (const javaScriptEnabled of [false, true]) {
      const { page, problems } = await stack.openPage({ javaScriptEnabled })
      if (javaScriptEnabled) await gotoHydrated(page, listingPage)
      else await page.goto(listingPage)
      const section = page.getByRole('region', { name: 'Raise a concern about this listing' })
      await section.getByRole('textbox', { name: 'Your name' }).fill('Test Visitor')
      await section.getByRole('textbox', { name: 'Your e-mail' }).fill('visitor@example.org')
      await section.getByRole('textbox', { name: 'What happened' }).fill('The chamber ran above its rated pressure.')
      await section.getByRole('textbox', { name: 'When it happened' }).fill('Last Tuesday')
      await section.getByRole('checkbox', { name: 'The council may contact me about this concern' }).check()
      await section.getByRole('button', { name: 'Send the concern' }).click()
      await page.waitForURL(/concern=sent/)
      await page.getByText('Concern received').waitFor()
      expect(problems).toEqual([])
    }
    const concerns = (await call('GET', '/api/admin/registry/concerns')) as { items: { id: string }[] }
    expect(concerns.items).toHaveLength(2)
    await call('POST', `/api/admin/registry/concerns/${concerns.items[0]?.id}/close`, {
      outcome: 'Confirmed with the operator.',
      statusChange: { action: 'suspend', reason: 'A chamber was operated above its rated pressure.' },
    })
    const { page } = await stack.openPage()
    await gotoHydrated(page, listingPage)
    await page.getByText('A chamber was operated above its rated pressure.').first().waitFor()
    await expect(page.getByText('This listing is suspended', { exact: false }).count()).resolves.toBeGreaterThan(0)
  })

  it('axe finds nothing on the form, the applicant’s page and a listing page at 1280 and 320 px', {
    timeout: 180_000,
  }, async () => {
    const call = await council()
    const queue = (await call('GET', '/api/admin/registry/applications?state=approved')) as { items: { id: string }[] }
    const full = (await call('GET', `/api/admin/registry/applications/${queue.items[0]?.id}`)) as {
      listing: { key: string } | null
    }
    expect(full.listing).not.toBeNull()
    for (const width of [1280, 320]) {
      for (const path of ['/registry/apply', '/registry/application', `/registry/${full.listing?.key}`]) {
        const { page, problems } = await stack.openPage({ width, height: width > 500 ? 900 : 844 })
        await gotoHydrated(page, `${stack.url}${path}`)
        expect(await axeViolations(page), `axe on ${path} at ${width} px`).toEqual([])
        expect(
          await page.evaluate(() => document.documentElement.scrollWidth),
          `${path} at ${width} px`,
        ).toBeLessThanOrEqual(width)
        expect(problems, `${path} at ${width} px`).toEqual([])
      }
    }
  })
})
