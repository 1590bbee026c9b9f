import { mkdir } from 'node:fs/promises'
import type { Page } from 'playwright-core'
import { beforeAll, describe, expect, it } from 'vitest'
import { COUNCIL_DOCUMENTS } from '../../src/content/documents'
import { listingKey, STATUS_NOTICES } from '../../src/shared/registry'
import { chromiumAndPostgres } from '../helpers/browser'
import { makePdf } from '../helpers/fixtures'
import { scrollsSideways } from './admin-support'
import { axeViolations } from './axe'
import { useStack } from './stack'
import { focused, gotoHydrated } from './support'

/**
 * The council's side of issue 38 in Chromium (item 2, and item 4's council side): a registrar finds
 * an application in the queue, asks a question, approves it and sees the new number; declines
 * another with a reason; looks into a concern and closes it with a suspension whose public reason
 * the listing's page then shows. An editor has no such screen. axe at 1280 and 320 px on the queues
 * and the records; screenshots into /tmp/shots/D/ (not committed) at 1280, 390 and 320 px.
 */
const REGISTRAR = 'registrar@example.org'
const EDITOR = 'editor@example.org'
const SHOTS = '/tmp/shots/D/'
const STANDARD = COUNCIL_DOCUMENTS[0]?.number as string

const APPROVED = 'Example Approved Test Facility'
const DECLINED = 'Example Declined Test Facility'
const OPEN = 'Example Waiting Test Facility'
const QUESTION = 'Which chamber models does the facility use on weekends? (a test question)'
const DECLINE_REASON = 'The evidence does not show the declared versions are followed (a test reason).'
const SUSPEND_REASON = 'A concern about sessions above the rated pressure is being looked into (test).'

const facility = (organisationName: string, contactEmail: string) => ({
  kind: 'facility',
  organisationName,
  website: 'https://facility.example.org',
  contactName: 'Test Operator',
  contactEmail,
  street: '1 Example Street',
  city: 'Austin',
  region: 'TX',
  postalCode: '78701',
  chambers: 'Example Chamber Model One',
  declarations: `${STANDARD}:1.0`,
  signatoryName: 'Test Signatory',
  signatoryTitle: 'Director',
  declaration: 'on',
})

const waitLoaded = (page: Page) =>
  page
    .locator('[aria-live="polite"]')
    .filter({ hasText: /^Loading/ })
    .waitFor({ state: 'detached' })

/** What a browser's console says about a refusal the screen shows on purpose is not a problem. */
const realProblems = (problems: string[]) => problems.filter((line) => !/status of 409/.test(line))

describe.skipIf(!chromiumAndPostgres())('the registry’s applications and concerns in the admin, in Chromium', () => {
  const stack = useStack({
    oidc: true,
    team: [
      { email: REGISTRAR, firstName: 'Reggie', role: 'registrar' },
      { email: EDITOR, firstName: 'Eddie', role: 'editor' },
    ],
  })

  beforeAll(async () => {
    await mkdir(SHOTS, { recursive: true })
  })

  /** An application through the public REST route, as the form posts it with JavaScript (multipart, a PDF). */
  async function apply(organisationName: string, contactEmail: string): Promise<string> {
    const body = new FormData()
    for (const [name, value] of Object.entries(facility(organisationName, contactEmail))) body.append(name, value)
    body.append(
      'documents',
      new Blob([new Uint8Array(await makePdf('Test evidence'))], { type: 'application/pdf' }),
      'evidence.pdf',
    )
    const response = await fetch(`${stack.url}/api/registry/applications`, {
      method: 'POST',
      headers: { accept: 'application/json' },
      body,
    })
    const answer = (await response.json()) as { reference?: string; message?: string }
    expect(response.status, JSON.stringify(answer)).toBe(201)
    return answer.reference as string
  }

  let listingNumber = ''

  it('a registrar asks, approves (the number), declines with a reason, and closes a concern with a suspension', async () => {
    const approvedRef = await apply(APPROVED, 'approved@example.org')
    const declinedRef = await apply(DECLINED, 'declined@example.org')

    const registrar = await stack.signIn('/admin/registry', { email: REGISTRAR })
    const { page } = registrar
    registrar.problems.length = 0
    await page.getByRole('tab', { name: 'Listings', selected: true }).waitFor()
    // The tabs count what waits; the keyboard moves between them.
    const applicationsTab = page.getByRole('tab', { name: 'Applications (2)' })
    await applicationsTab.waitFor()
    await page.getByRole('tab', { name: 'Concerns (0)' }).waitFor()
    await page.getByRole('tab', { name: 'Listings' }).focus()
    await page.keyboard.press('ArrowRight')
    await page.waitForURL(/[?&]view=applications/)
    await page.getByRole('heading', { name: 'Applications', level: 2 }).waitFor()
    await waitLoaded(page)
    const rows = page.getByTestId('application-row')
    await expect.poll(() => rows.count()).toBe(2)
    // Oldest activity first.
    expect(await rows.first().getAttribute('data-reference')).toBe(approvedRef)
    await rows
      .first()
      .getByText(/Last activity .* ago/)
      .waitFor()

    // The application's screen: its address keeps it.
    await rows
      .first()
      .getByRole('link', { name: `Open ${approvedRef}` })
      .click()
    await page.waitForURL(/[?&]application=[0-9a-f-]{36}/)
    const screen = page.getByTestId('application-screen')
    await screen.getByRole('heading', { name: `${approvedRef}: ${APPROVED}` }).waitFor()
    expect((await focused(page)).text).toBe(`${approvedRef}: ${APPROVED}`)
    await screen.getByTestId('application-details').getByText('Example Chamber Model One').waitFor()
    await screen.getByTestId('application-declarations').getByText(`${STANDARD} version 1.0`).waitFor()
    const download = await screen.getByRole('link', { name: 'evidence.pdf' }).getAttribute('href')
    expect(download).toMatch(/^\/api\/admin\/registry\/documents\/[0-9a-f-]{36}$/)
    const fetched = await page.evaluate(async (path) => {
      const response = await fetch(path)
      return { status: response.status, type: response.headers.get('content-type') }
    }, download ?? '')
    expect(fetched).toEqual({ status: 200, type: expect.stringContaining('application/pdf') })
    // A reload opens the same application.
    await page.reload()
    await screen.getByRole('heading', { name: `${approvedRef}: ${APPROVED}` }).waitFor()

    // A question: its refusal first (too short), then sent; the state follows.
    const ask = screen.getByTestId('ask-form')
    await ask.getByRole('button', { name: 'Send the question' }).click()
    await ask.getByText(/Question is required|at least/).waitFor()
    await ask.getByRole('textbox', { name: 'Your question' }).fill(QUESTION)
    await ask.getByRole('button', { name: 'Send the question' }).click()
    await page.getByText('Question sent to the applicant').waitFor()
    await screen.getByTestId('application-thread').getByText(QUESTION).waitFor()
    await screen.getByTestId('application-state').getByText('Questions from the council').waitFor()

    // Approve: asked first, then the number with the listing's page.
    await screen.getByRole('button', { name: 'Approve…' }).click()
    const approve = page.getByRole('dialog', { name: `Approve ${approvedRef}?` })
    await approve.getByRole('button', { name: 'Approve and list' }).click()
    await approve.waitFor({ state: 'detached' })
    const number = screen.getByTestId('approved-number')
    await number.waitFor()
    listingNumber = (await number.textContent()) ?? ''
    expect(listingNumber).toMatch(/^MHBOT-SC\/L-\d{4,}$/)
    const key = listingKey(listingNumber)
    expect(await screen.getByRole('link', { name: /The listing’s public page/ }).getAttribute('href')).toBe(
      `/registry/${key}`,
    )
    await page.getByText(`${approvedRef} approved: listing ${listingNumber}`).waitFor()
    expect(await screen.getByRole('button', { name: 'Approve…' }).count()).toBe(0)

    // Decline the other: the reason is required, then mailed; the outcome shows it.
    await page.getByRole('link', { name: /Back to the applications/ }).click()
    await page.getByRole('tab', { name: 'Applications (1)' }).waitFor()
    await rows
      .filter({ hasText: DECLINED })
      .getByRole('link', { name: `Open ${declinedRef}` })
      .click()
    await screen.getByRole('heading', { name: `${declinedRef}: ${DECLINED}` }).waitFor()
    await screen.getByRole('button', { name: 'Decline…' }).click()
    const decline = page.getByRole('dialog', { name: `Decline ${declinedRef}?` })
    await decline.getByRole('button', { name: 'Decline the application' }).click()
    await decline.getByText(/Reason is required|at least/).waitFor()
    await decline.getByRole('textbox', { name: 'Reason' }).fill(DECLINE_REASON)
    await decline.getByRole('button', { name: 'Decline the application' }).click()
    await decline.waitFor({ state: 'detached' })
    await screen.getByTestId('application-outcome').getByText(DECLINE_REASON).waitFor()
    await page.getByRole('tab', { name: 'Applications (0)' }).waitFor()

    // A concern about the new listing, raised through the public route.
    const raised = await fetch(`${stack.url}/api/registry/${key}/concerns`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify({
        name: 'Test Visitor',
        email: 'visitor@example.org',
        whatHappened: 'The session went above the chamber’s rated pressure (a test concern).',
        when: 'Last Tuesday',
        consent: true,
      }),
    })
    expect(raised.status, await raised.clone().text()).toBe(201)
    const { reference: concernRef } = (await raised.json()) as { reference: string }

    await page.reload()
    await page.getByRole('tab', { name: 'Concerns (1)' }).click()
    await page.waitForURL(/[?&]view=concerns/)
    const concernRow = page.getByTestId('concern-row').filter({ hasText: APPROVED })
    await concernRow.getByRole('link', { name: `Open ${concernRef}` }).click()
    const concern = page.getByTestId('concern-screen')
    await concern.getByRole('heading', { name: `${concernRef}: about ${APPROVED}` }).waitFor()
    await concern.getByTestId('concern-facts').getByText('visitor@example.org').waitFor()
    await concern.getByTestId('concern-facts').getByText('Last Tuesday').waitFor()
    await concern.getByRole('button', { name: 'Looking into it' }).click()
    await concern.getByTestId('concern-state').getByText('Looking into it').waitFor()

    const close = concern.getByTestId('close-form')
    await close.getByRole('textbox', { name: 'Outcome' }).fill('Spoke with the facility; sessions paused (test).')
    await close.getByRole('radio', { name: `Suspend ${listingNumber}` }).check()
    await close.getByRole('button', { name: 'Close and suspend the listing' }).click()
    await close.getByText(/Public reason is required|at least/).waitFor()
    await close.getByRole('textbox', { name: 'Public reason' }).fill(SUSPEND_REASON)
    await close.getByRole('button', { name: 'Close and suspend the listing' }).click()
    await concern.getByTestId('concern-outcome').getByText(SUSPEND_REASON, { exact: false }).waitFor()
    await concern.getByTestId('concern-state').getByText('Closed').waitFor()
    await page.getByRole('tab', { name: 'Concerns (0)' }).waitFor()

    // The listing's public page says suspended, with the public reason.
    const visitor = await stack.openPage()
    await gotoHydrated(visitor.page, `${stack.url}/registry/${key}`)
    await visitor.page.getByText(STATUS_NOTICES.suspended).waitFor()
    await visitor.page.getByText(SUSPEND_REASON).first().waitFor()
    await visitor.page.context().close()

    expect(realProblems(registrar.problems)).toEqual([])
    await page.context().close()
  }, 240_000)

  it('passes axe at 1280 and 320 px and fits 390: the queues and the records', async () => {
    expect(listingNumber).not.toBe('')
    // An open application and an open concern, so their action forms are checked too.
    const openRef = await apply(OPEN, 'waiting@example.org')
    const raised = await fetch(`${stack.url}/api/registry/${listingKey(listingNumber)}/concerns`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify({
        name: 'Second Test Visitor',
        email: 'second-visitor@example.org',
        whatHappened: 'The door seal hissed during a session (a second test concern).',
        when: 'Yesterday',
        consent: false,
      }),
    })
    expect(raised.status, await raised.clone().text()).toBe(201)
    const { reference: openConcernRef } = (await raised.json()) as { reference: string }
    for (const width of [1280, 390, 320]) {
      const watched = await stack.signIn('/admin/registry?view=applications&state=all', { email: REGISTRAR, width })
      const { page } = watched
      watched.problems.length = 0
      const check = async (what: string) => {
        await waitLoaded(page)
        await page.screenshot({ path: `${SHOTS}admin-registry-${what}-${width}.png`, fullPage: true })
        expect(await scrollsSideways(watched), `${what} at ${width}`).toBe(false)
        if (width !== 390) expect(await axeViolations(page), `${what} at ${width}`).toEqual([])
      }
      await page.getByTestId('application-row').first().waitFor()
      await check('applications')
      await page
        .getByTestId('application-row')
        .filter({ hasText: APPROVED })
        .getByRole('link', { name: /^Open / })
        .click()
      await page.getByTestId('application-outcome').waitFor()
      await check('application')
      await page.getByRole('link', { name: /Back to the applications/ }).click()
      await page
        .getByTestId('application-row')
        .filter({ hasText: DECLINED })
        .getByRole('link', { name: /^Open / })
        .click()
      await page.getByTestId('application-outcome').getByText(DECLINE_REASON).waitFor()
      await check('application-declined')
      await page.getByRole('link', { name: /Back to the applications/ }).click()
      await page
        .getByTestId('application-row')
        .filter({ hasText: OPEN })
        .getByRole('link', { name: `Open ${openRef}` })
        .click()
      await page.getByTestId('ask-form').waitFor()
      await check('application-open')

      await page.getByRole('tab', { name: /^Concerns/ }).click()
      await page.getByRole('combobox', { name: 'State' }).selectOption('all')
      await page.getByTestId('concern-row').first().waitFor()
      await check('concerns')
      await page
        .getByTestId('concern-row')
        .first()
        .getByRole('link', { name: /^Open / })
        .click()
      await page.getByTestId('concern-outcome').waitFor()
      await check('concern')
      await page.getByRole('link', { name: /Back to the concerns/ }).click()
      await page.getByRole('link', { name: `Open ${openConcernRef}` }).click()
      await page.getByTestId('close-form').waitFor()
      // The listing is suspended now: only withdrawing is offered.
      await page.getByRole('radio', { name: `Withdraw ${listingNumber}` }).waitFor()
      expect(await page.getByRole('radio', { name: `Suspend ${listingNumber}` }).count()).toBe(0)
      await check('concern-open')
      expect(realProblems(watched.problems), `at ${width}`).toEqual([])
      await page.context().close()
    }
  }, 240_000)

  it('an editor (no registry permission) does not see the screen, and the queues refuse them', async () => {
    const watched = await stack.signIn('/admin/registry?view=applications', { email: EDITOR })
    const { page } = watched
    await page.getByTestId('screen-refused').waitFor()
    expect(await page.getByRole('heading', { name: 'Applications' }).count()).toBe(0)
    const status = await page.evaluate(async () => {
      const input = encodeURIComponent(JSON.stringify({ json: { state: 'open' } }))
      return (await fetch(`/trpc/registry.admin.applications.list?input=${input}`)).status
    })
    expect(status).toBe(403)
    await page.context().close()
  }, 120_000)
})
