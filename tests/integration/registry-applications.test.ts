import { count, eq } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { COUNCIL_DOCUMENTS } from '../../src/content/documents'
import {
  attachments,
  auditLog,
  listingStatusChanges,
  listings,
  mailOutbox,
  registryApplications,
} from '../../src/db/schema'
import { createListing } from '../../src/server/services/registry'
import { renewalToken } from '../../src/server/services/registry/links'
import { seedStandards } from '../../src/server/services/standards'
import { render } from '../../src/server/ssr/render'
import { listingKey } from '../../src/shared/registry'
import {
  APPLICATION_CLOSED,
  APPLICATION_LINK_MAIL_GAP_MS,
  APPLICATION_SIGN_IN,
  DECLARATION_REQUIRED,
  LISTED_FROM_APPLICATION_REASON,
  RENEWAL_SUSPENDED,
  RENEWAL_WITHDRAWN,
  RENEWED_REASON,
  renewalLink,
} from '../../src/shared/registry-applications'
import { ListingInputSchema, type ListingPage } from '../../src/shared/schemas/registry'
import type {
  AdminApplication,
  ApplicantView,
  ApplicationCreated,
  RenewalStart,
} from '../../src/shared/schemas/registry-applications'
import { buildTestApp, setUpTestApp, testEnv } from '../helpers/build-app'
import { makeExecutable, makePdf } from '../helpers/fixtures'
import { memberCookie, SAME_ORIGIN } from '../helpers/login'
import { linkIn, type ReceivedMail, type SmtpServer, startSmtpServer } from '../helpers/smtp'

/*
 * Applications to the registry end to end (issue 38), with a real SMTP server: from the form (a
 * browser's multipart post with two PDFs, no JavaScript) to a listing; a question answered through
 * the private link; a decline; a renewal of an expired listing; what a link scanner's GET changes
 * (nothing); links that open only their own application; refusals that store nothing.
 * Fictional organisations only.
 */

const COUNCIL = 'registry-notices@example.org'
const FAST = { pollMs: 100, retryBaseMs: 100, maxRetryMs: 300, maxAttempts: 1000, leaseMs: 5_000 }
const STANDARD = COUNCIL_DOCUMENTS[0]?.number as string
const SECRET = testEnv().SESSION_SECRET ?? ''

let smtp: SmtpServer
beforeAll(async () => {
  smtp = await startSmtpServer()
})
afterAll(async () => {
  await smtp.stop()
})

const setup = setUpTestApp({
  env: () => ({ ADMIN_EMAILS: 'owner@example.org', SMTP_URL: smtp.url, COUNCIL_NOTIFY_EMAIL: COUNCIL }),
  mailTiming: FAST,
})
let app: FastifyInstance
let registrar: string
beforeEach(async () => {
  app = setup.app
  smtp.received.length = 0
  await seedStandards(app.db, app.site)
  registrar = await memberCookie(app, 'registrar@example.org', 'registrar')
})

/** A browser's multipart post: text fields (a list repeats its name) and files. */
function formData(fields: Record<string, string | string[]>, files: { name: string; bytes: Buffer }[] = []) {
  const boundary = `----mhbot${Math.random().toString(16).slice(2)}`
  const chunks: Buffer[] = []
  for (const [name, value] of Object.entries(fields))
    for (const one of Array.isArray(value) ? value : [value])
      chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${one}\r\n`))
  for (const file of files) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="documents"; filename="${file.name}"\r\nContent-Type: application/pdf\r\n\r\n`,
      ),
      file.bytes,
      Buffer.from('\r\n'),
    )
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`))
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } }
}

const facilityFields = (overrides: Record<string, string | string[]> = {}) => ({
  kind: 'facility',
  organisationName: 'Example Test Facility',
  website: 'https://facility.example.org',
  contactName: 'Test Operator',
  contactEmail: 'operator@example.org',
  street: '1 Example Street',
  city: 'Austin',
  region: 'TX',
  postalCode: '78701',
  chambers: 'Example Chamber Model One\nExample Chamber Model Two',
  declarations: [`${STANDARD}:1.0`],
  signatoryName: 'Test Signatory',
  signatoryTitle: 'Director',
  declaration: 'on',
  ...overrides,
})

const cookieFrom = (response: { headers: Record<string, unknown> }) => {
  const header = response.headers['set-cookie']
  const all = Array.isArray(header) ? header : [String(header ?? '')]
  const found = all.find((line) => line.startsWith('mhbot_application='))
  if (!found) throw new Error(`no applicant cookie in ${JSON.stringify(all)}`)
  return found.split(';')[0] as string
}

const applyJson = (body: Record<string, unknown>) =>
  app.inject({ method: 'POST', url: '/api/registry/applications', headers: SAME_ORIGIN, payload: body })

const mailTo = async (address: string, subject: RegExp): Promise<ReceivedMail> => {
  const [mail] = await smtp.waitForMatching(
    (received: ReceivedMail) => received.envelopeTo.includes(address) && subject.test(received.parsed.subject ?? ''),
    1,
  )
  if (!mail) throw new Error('no mail')
  return mail
}

const admin = (method: 'GET' | 'POST', url: string, payload?: object) =>
  app.inject({ method, url, headers: { ...SAME_ORIGIN, cookie: registrar }, ...(payload ? { payload } : {}) })

/** What the database holds, to prove a refusal or a GET stored nothing. */
async function footprint() {
  const [applications] = await app.db.select({ n: count() }).from(registryApplications)
  const [files] = await app.db.select({ n: count() }).from(attachments)
  const [mail] = await app.db.select({ n: count() }).from(mailOutbox)
  const [log] = await app.db.select({ n: count() }).from(auditLog)
  const rows = await app.db
    .select({ id: registryApplications.id, state: registryApplications.state, at: registryApplications.lastActivityAt })
    .from(registryApplications)
    .orderBy(registryApplications.number)
  const held = await app.db
    .select({ id: listings.id, status: listings.status, expiresOn: listings.expiresOn })
    .from(listings)
    .orderBy(listings.number)
  return { applications: applications?.n, files: files?.n, mail: mail?.n, log: log?.n, rows, listings: held }
}

/** A tRPC call: a query by GET, a mutation by POST, with the given headers (a cookie or a bearer token). */
const trpc = (path: string, input: unknown, headers: Record<string, string> = {}, method: 'GET' | 'POST' = 'GET') =>
  app.inject(
    method === 'GET'
      ? {
          method,
          url: `/trpc/${path}${input === undefined ? '' : `?input=${encodeURIComponent(JSON.stringify({ json: input }))}`}`,
          headers: { ...SAME_ORIGIN, ...headers },
        }
      : {
          method,
          url: `/trpc/${path}`,
          headers: { ...SAME_ORIGIN, ...headers, 'content-type': 'application/json' },
          payload: JSON.stringify({ json: input }),
        },
  )

/** A facility listed by the council (as the admin's editor makes one), for renewals. */
const listedFacility = (organisationName: string, contactEmail: string) =>
  createListing(
    app.db,
    { email: 'owner@example.org' },
    ListingInputSchema.parse({
      kind: 'facility',
      organisationName,
      contactEmail,
      street: '2 Example Street',
      city: 'Austin',
      region: 'TX',
      postalCode: '78701',
      declarations: [{ number: STANDARD, version: '1.0' }],
    }),
    { listingDays: 365 },
  )

describe('an application from the form to the listing', () => {
  it('a facility applies with two PDFs without JavaScript, answers the council’s question by its link, and is listed', async () => {
    const form = formData(facilityFields(), [
      { name: 'insurance.pdf', bytes: await makePdf('Insurance certificate') },
      { name: 'safety-plan.pdf', bytes: await makePdf('Safety plan') },
    ])
    const posted = await app.inject({
      method: 'POST',
      url: '/api/registry/applications',
      headers: { ...SAME_ORIGIN, ...form.headers },
      payload: form.payload,
    })
    expect(posted.statusCode, posted.body).toBe(303)
    expect(posted.headers.location).toBe('/registry/application?new=1')
    const submitterCookie = cookieFrom(posted)

    // The link to the contact, and the council's notice.
    const linkMail = await mailTo('operator@example.org', /your application/)
    expect(linkMail.parsed.html).toBeTruthy()
    expect(linkMail.parsed.html).not.toMatch(/<img/i)
    const link = linkIn(linkMail, 'http://localhost:3000/registry/application/open?token=')
    await mailTo(COUNCIL, /a new application/)

    // A scanner's GET: a page with a button, nothing of the application, nothing changed.
    const before = await footprint()
    const scanned = await app.inject({ method: 'GET', url: link.replace('http://localhost:3000', '') })
    expect(scanned.statusCode).toBe(200)
    expect(scanned.body).toContain('Open the application')
    expect(scanned.body).not.toContain('Example Test Facility')
    expect(scanned.headers['set-cookie']).toBeUndefined()
    expect(await footprint()).toEqual(before)

    // The button sets the cookie, and the page is the application's.
    const token = new URL(link).searchParams.get('token') as string
    const opened = await app.inject({
      method: 'POST',
      url: '/api/registry/application/open',
      headers: { ...SAME_ORIGIN, 'content-type': 'application/x-www-form-urlencoded' },
      payload: `token=${encodeURIComponent(token)}`,
    })
    expect(opened.statusCode, opened.body).toBe(303)
    expect(opened.headers.location).toBe('/registry/application')
    const cookie = cookieFrom(opened)
    expect(cookie).toBe(submitterCookie)
    const view = (
      await app.inject({ method: 'GET', url: '/api/registry/application', headers: { cookie } })
    ).json() as ApplicantView
    expect(view).toMatchObject({
      state: 'received',
      organisationName: 'Example Test Facility',
      purpose: 'new',
      link: null,
    })
    expect(view.documents.map((document) => document.filename).sort()).toEqual(['insurance.pdf', 'safety-plan.pdf'])
    expect(view.details).toMatchObject({ chambers: ['Example Chamber Model One', 'Example Chamber Model Two'] })

    // The council asks; the question is mailed with the link; the application waits for the applicant.
    const asked = await admin('POST', `/api/admin/registry/applications/${view.id}/questions`, {
      body: 'Please send the chamber’s pressure test record.',
    })
    expect(asked.statusCode, asked.body).toBe(201)
    const question = await mailTo('operator@example.org', /a question from the council/)
    expect(question.parsed.text).toContain('Please send the chamber’s pressure test record.')
    expect(linkIn(question, 'http://localhost:3000/registry/application/open?token=')).toBe(link)

    // The answer, as a form without JavaScript posts it; the council hears of it.
    const answered = await app.inject({
      method: 'POST',
      url: '/api/registry/application/answers',
      headers: { ...SAME_ORIGIN, cookie, 'content-type': 'application/x-www-form-urlencoded' },
      payload: `body=${encodeURIComponent('The record is attached: pressure-test.pdf.')}`,
    })
    expect(answered.statusCode, answered.body).toBe(303)
    expect(answered.headers.location).toBe('/registry/application?answered=1#thread')
    const notice = await mailTo(COUNCIL, /the applicant answered/)
    expect(notice.parsed.text).toContain('The record is attached: pressure-test.pdf.')

    const added = formData({}, [{ name: 'pressure-test.pdf', bytes: await makePdf('Pressure test') }])
    const more = await app.inject({
      method: 'POST',
      url: '/api/registry/application/documents',
      headers: { ...SAME_ORIGIN, cookie, accept: 'application/json', ...added.headers },
      payload: added.payload,
    })
    expect(more.statusCode, more.body).toBe(201)
    expect((more.json() as { documents: unknown[] }).documents).toHaveLength(3)

    const queue = (await admin('GET', '/api/admin/registry/applications')).json() as {
      items: { id: string; state: string }[]
    }
    expect(queue.items).toEqual([expect.objectContaining({ id: view.id, state: 'received' })])

    // Approved: a listing with its number, its evidence, and the history's first reason.
    const approved = await admin('POST', `/api/admin/registry/applications/${view.id}/approve`, {})
    expect(approved.statusCode, approved.body).toBe(200)
    const { listing } = approved.json() as { listing: { id: string; number: string; key: string } }
    expect(listing.number).toMatch(/^MHBOT-SC\/L-\d{4}$/)
    const mail = await mailTo('operator@example.org', /approved/)
    expect(mail.parsed.text).toContain(listing.number)
    expect(mail.parsed.text).toContain(`<img src="http://localhost:3000/registry/${listing.key}/badge.svg"`)
    const page = (await app.inject({ method: 'GET', url: `/api/registry/${listing.key}` })).json() as ListingPage
    expect(page).toMatchObject({ status: 'listed', organisationName: 'Example Test Facility' })
    expect(page.history.map((entry) => entry.reason)).toEqual([LISTED_FROM_APPLICATION_REASON])
    const full = (await admin('GET', `/api/admin/registry/applications/${view.id}`)).json() as AdminApplication
    expect(full).toMatchObject({
      state: 'approved',
      listing: { number: listing.number },
      decidedBy: 'registrar@example.org',
    })
    expect(full.documents).toHaveLength(3)

    // Decided: nothing more can be added.
    const late = await app.inject({
      method: 'POST',
      url: '/api/registry/application/answers',
      headers: { ...SAME_ORIGIN, cookie },
      payload: { body: 'One more thing.' },
    })
    expect(late.statusCode).toBe(409)
    expect(late.json()).toMatchObject({ message: APPLICATION_CLOSED })
  })

  it('a decline is mailed with its reason; the applicant’s page keeps it', async () => {
    const posted = await applyJson({
      ...facilityFields({ contactEmail: 'declined@example.org' }),
      declarations: [{ number: STANDARD, version: '1.0' }],
      declaration: true,
    })
    expect(posted.statusCode, posted.body).toBe(201)
    const created = posted.json() as ApplicationCreated
    expect(created).toMatchObject({ state: 'received', linkMailed: true, link: null })
    const declined = await admin('POST', `/api/admin/registry/applications/${created.id}/decline`, {
      reason: 'The facility gives sessions above 2.0 ATA.',
    })
    expect(declined.statusCode, declined.body).toBe(200)
    const mail = await mailTo('declined@example.org', /declined/)
    expect(mail.parsed.text).toContain('The facility gives sessions above 2.0 ATA.')
    const view = (
      await app.inject({ method: 'GET', url: '/api/registry/application', headers: { cookie: cookieFrom(posted) } })
    ).json() as ApplicantView
    expect(view).toMatchObject({ state: 'declined', declineReason: 'The facility gives sessions above 2.0 ATA.' })
    expect(
      (await admin('POST', `/api/admin/registry/applications/${created.id}/decline`, { reason: 'Again, again.' }))
        .statusCode,
    ).toBe(409)
  })
})

describe('links', () => {
  it('a link opens its own application only; a forged or missing one is a 401 saying how to get in', async () => {
    const first = await applyJson({ ...facilityFields({ contactEmail: 'one@example.org' }), declaration: true })
    const second = await applyJson({
      ...facilityFields({ contactEmail: 'two@example.org', organisationName: 'Second Test Facility' }),
      declaration: true,
    })
    const one = first.json() as ApplicationCreated
    const two = second.json() as ApplicationCreated
    const mine = (
      await app.inject({ method: 'GET', url: '/api/registry/application', headers: { cookie: cookieFrom(first) } })
    ).json() as ApplicantView
    expect(mine.id).toBe(one.id)
    const theirs = (
      await app.inject({ method: 'GET', url: '/api/registry/application', headers: { cookie: cookieFrom(second) } })
    ).json() as ApplicantView
    expect(theirs.id).toBe(two.id)
    // One application's signature on the other's id.
    const signature = cookieFrom(first).split('.')[1]
    const forged = `mhbot_application=${two.id}.${signature}`
    for (const headers of [{}, { cookie: forged }, { authorization: `Bearer ${one.id}.AAAA` }]) {
      const refused = await app.inject({ method: 'GET', url: '/api/registry/application', headers })
      expect(refused.statusCode).toBe(401)
      expect(refused.json()).toMatchObject({ message: APPLICATION_SIGN_IN })
    }
    const bearer = cookieFrom(second).slice('mhbot_application='.length)
    const byBearer = await app.inject({
      method: 'GET',
      url: '/api/registry/application',
      headers: { authorization: `Bearer ${bearer}` },
    })
    expect((byBearer.json() as ApplicantView).id).toBe(two.id)
    const invalid = await app.inject({ method: 'GET', url: '/registry/application/open?token=nope' })
    expect(invalid.statusCode).toBe(404)
  })

  it('at most one link mail per address in ten minutes: the next waits for the gap, and is not lost', async () => {
    await applyJson({ ...facilityFields({ contactEmail: 'Busy@example.org' }), declaration: true })
    await applyJson({
      ...facilityFields({ contactEmail: 'busy@example.org', organisationName: 'Second Busy Facility' }),
      declaration: true,
    })
    const rows = await app.db
      .select({ at: mailOutbox.nextAttemptAt })
      .from(mailOutbox)
      .where(eq(mailOutbox.kind, 'registry_application_link'))
      .orderBy(mailOutbox.id)
    expect(rows).toHaveLength(2)
    const [first, second] = rows.map((row) => row.at.getTime()) as [number, number]
    expect(second - first).toBeGreaterThanOrEqual(APPLICATION_LINK_MAIL_GAP_MS - 1000)
  })
})

describe('refusals store nothing', () => {
  it('bad input, a file that is no PDF, and a filled honeypot', async () => {
    const before = await footprint()
    const unsigned = await applyJson({ ...facilityFields(), declaration: false })
    expect(unsigned.statusCode).toBe(400)
    expect(unsigned.json()).toMatchObject({ fields: { declaration: DECLARATION_REQUIRED } })
    const tooHigh = await applyJson({
      ...facilityFields(),
      kind: 'chamber',
      manufacturer: 'Example Chambers',
      modelName: 'Test 3',
      maxPressureAta: 3,
      declaration: true,
    })
    expect(tooHigh.statusCode).toBe(400)
    const draft = await applyJson({ ...facilityFields({ declarations: [`${STANDARD}:9.9`] }), declaration: true })
    expect(draft.statusCode).toBe(400)
    const exe = formData(facilityFields(), [{ name: 'evidence.pdf', bytes: makeExecutable() }])
    const refusedFile = await app.inject({
      method: 'POST',
      url: '/api/registry/applications',
      headers: { ...SAME_ORIGIN, accept: 'application/json', ...exe.headers },
      payload: exe.payload,
    })
    expect(refusedFile.statusCode).toBe(415)
    const bot = await applyJson({ ...facilityFields(), declaration: true, fax: 'http://spam.example' })
    expect(bot.statusCode).toBe(201)
    expect(bot.headers['set-cookie']).toBeUndefined()
    expect(await footprint()).toEqual(before)
  })

  it('a refused form post without JavaScript shows the form again with what was typed, and keeps none of its PDFs', async () => {
    const ssr = { render, assets: { scripts: ['/assets/entry.js'], css: [], preloads: [] } }
    const pages = await buildTestApp(setup.database.handle, { env: { SMTP_URL: smtp.url }, ssr })
    try {
      const before = await footprint()
      const form = formData(facilityFields({ declaration: '', organisationName: 'Refused Test Facility' }), [
        { name: 'kept-nowhere.pdf', bytes: await makePdf('Kept nowhere') },
      ])
      const refused = await pages.inject({
        method: 'POST',
        url: '/api/registry/applications',
        headers: { ...SAME_ORIGIN, accept: 'text/html', ...form.headers },
        payload: form.payload,
      })
      expect(refused.statusCode).toBe(400)
      expect(refused.headers['content-type']).toMatch(/^text\/html/)
      expect(refused.body).toContain('Refused Test Facility')
      expect(refused.body).toContain(DECLARATION_REQUIRED)
      expect(await footprint()).toEqual(before)
    } finally {
      await pages.close()
    }
  })

  it('an urlencoded post keeps every declared version (a repeated field), as the multipart form does', async () => {
    const second = COUNCIL_DOCUMENTS[1]?.number as string
    const body = new URLSearchParams()
    for (const [name, value] of Object.entries(facilityFields({ contactEmail: 'urlencoded@example.org' })))
      for (const one of Array.isArray(value) ? value : [value]) body.append(name, one)
    body.append('declarations', `${second}:1.0`)
    const posted = await app.inject({
      method: 'POST',
      url: '/api/registry/applications',
      headers: { ...SAME_ORIGIN, 'content-type': 'application/x-www-form-urlencoded' },
      payload: body.toString(),
    })
    expect(posted.statusCode, posted.body).toBe(303)
    const view = (
      await app.inject({ method: 'GET', url: '/api/registry/application', headers: { cookie: cookieFrom(posted) } })
    ).json() as ApplicantView
    expect(view.details.declarations).toEqual([
      { number: STANDARD, version: '1.0' },
      { number: second, version: '1.0' },
    ])
  })
})

describe('renewal', () => {
  it('an expired listing is renewed through its renewal link: listed again with a new expiry date', async () => {
    const created = await createListing(
      app.db,
      { email: 'owner@example.org' },
      ListingInputSchema.parse({
        kind: 'facility',
        organisationName: 'Renewing Test Facility',
        contactEmail: 'renew@example.org',
        street: '2 Example Street',
        city: 'Austin',
        region: 'TX',
        postalCode: '78701',
        declarations: [{ number: STANDARD, version: '1.0' }],
      }),
      { listingDays: 365 },
    )
    await app.db
      .update(listings)
      .set({ status: 'expired', listedOn: '2024-01-01', expiresOn: '2025-01-01' })
      .where(eq(listings.id, created.id))
    const token = renewalToken(SECRET, created.id)
    expect(renewalLink('http://localhost:3000', token)).toContain('/registry/apply?renew=')
    const posted = await applyJson({
      ...facilityFields({ organisationName: 'Renewing Test Facility', contactEmail: 'renew@example.org' }),
      declaration: true,
      renew: token,
    })
    expect(posted.statusCode, posted.body).toBe(201)
    const { id } = posted.json() as ApplicationCreated
    expect((await admin('GET', `/api/admin/registry/applications/${id}`)).json()).toMatchObject({
      purpose: 'renewal',
      renews: { number: created.number, status: 'expired' },
    })
    const approved = await admin('POST', `/api/admin/registry/applications/${id}/approve`, {})
    expect(approved.statusCode, approved.body).toBe(200)
    const page = (
      await app.inject({ method: 'GET', url: `/api/registry/${listingKey(created.number)}` })
    ).json() as ListingPage
    expect(page.status).toBe('listed')
    expect(page.expiresOn > new Date().toISOString().slice(0, 10)).toBe(true)
    const history = await app.db
      .select()
      .from(listingStatusChanges)
      .where(eq(listingStatusChanges.listingId, created.id))
    expect(history.map((row) => row.reason)).toContain(RENEWED_REASON)
    const [{ n } = { n: 0 }] = await app.db.select({ n: count() }).from(listings)
    expect(n).toBe(1)
  })

  it('a forged renewal link is refused and stores nothing', async () => {
    const before = await footprint()
    const refused = await applyJson({ ...facilityFields(), declaration: true, renew: 'x.y' })
    expect(refused.statusCode).toBe(400)
    expect(await footprint()).toEqual(before)
  })
})

describe('who may', () => {
  it('the council’s routes need `registry`: an editor is refused every one, a stranger too', async () => {
    const editor = await memberCookie(app, 'editor@example.org', 'editor')
    const base = '/api/admin/registry/applications'
    const routes: { method: 'GET' | 'POST'; url: string; payload?: object }[] = [
      { method: 'GET', url: base },
      { method: 'GET', url: `${base}/1` },
      { method: 'POST', url: `${base}/1/questions`, payload: { body: 'A test question?' } },
      { method: 'POST', url: `${base}/1/approve`, payload: {} },
      { method: 'POST', url: `${base}/1/decline`, payload: { reason: 'A test reason.' } },
    ]
    for (const route of routes) {
      const asEditor = await app.inject({ ...route, headers: { ...SAME_ORIGIN, cookie: editor } })
      expect(asEditor.statusCode, `${route.method} ${route.url}`).toBe(403)
      const stranger = await app.inject({ ...route, headers: SAME_ORIGIN })
      expect(stranger.statusCode, `${route.method} ${route.url}`).toBe(401)
    }
  })
})

describe('reads change nothing', () => {
  it('every GET an applicant (or a scanner) makes leaves the applications, files, mail, log and listings as they were', async () => {
    const posted = await applyJson({ ...facilityFields({ contactEmail: 'reader@example.org' }), declaration: true })
    const cookie = cookieFrom(posted)
    const token = cookie.slice('mhbot_application='.length)
    const listed = await listedFacility('Read Test Facility', 'read@example.org')
    const renew = renewalToken(SECRET, listed.id)
    const before = await footprint()
    const reads = [
      await app.inject({ method: 'GET', url: `/registry/application/open?token=${encodeURIComponent(token)}` }),
      await app.inject({ method: 'GET', url: '/registry/application/open?token=forged.token' }),
      await app.inject({ method: 'GET', url: '/api/registry/application', headers: { cookie } }),
      await app.inject({
        method: 'GET',
        url: '/api/registry/application',
        headers: { authorization: `Bearer ${token}` },
      }),
      await app.inject({ method: 'GET', url: '/api/registry/application' }),
      await trpc('registry.application', undefined, { cookie }),
      await trpc('registry.application', undefined),
      await trpc('registry.renewal', { token: renew }),
      await trpc('registry.renewal', { token: 'forged.token' }),
    ]
    expect(reads.map((read) => read.statusCode)).toEqual([200, 404, 200, 200, 401, 200, 200, 200, 400])
    expect(await footprint()).toEqual(before)
    const dataOf = (index: number) =>
      ((reads[index] as (typeof reads)[number]).json() as { result: { data: { json: unknown } } }).result.data.json
    const start = dataOf(7) as RenewalStart
    expect(start).toMatchObject({
      listing: { number: listed.number, status: 'listed' },
      values: { kind: 'facility', organisationName: 'Read Test Facility', contactEmail: 'read@example.org' },
    })
    // Without a link the page's procedure answers null (the page then says how to get in).
    expect(dataOf(6)).toBeNull()
  })
})

describe('more refusals', () => {
  it('a refused multipart post keeps none of its PDFs; documents after a decision and a non-PDF are refused', async () => {
    const before = await footprint()
    const unsigned = formData(facilityFields({ declaration: '' }), [
      { name: 'one.pdf', bytes: await makePdf('One') },
      { name: 'two.pdf', bytes: await makePdf('Two') },
    ])
    const refused = await app.inject({
      method: 'POST',
      url: '/api/registry/applications',
      headers: { ...SAME_ORIGIN, accept: 'application/json', ...unsigned.headers },
      payload: unsigned.payload,
    })
    expect(refused.statusCode).toBe(400)
    expect(refused.json()).toMatchObject({ fields: { declaration: DECLARATION_REQUIRED } })
    expect(await footprint()).toEqual(before)

    const posted = await applyJson({ ...facilityFields({ contactEmail: 'late@example.org' }), declaration: true })
    const { id } = posted.json() as ApplicationCreated
    const cookie = cookieFrom(posted)
    const upload = async (bytes: Buffer) => {
      const form = formData({}, [{ name: 'evidence.pdf', bytes }])
      return app.inject({
        method: 'POST',
        url: '/api/registry/application/documents',
        headers: { ...SAME_ORIGIN, cookie, accept: 'application/json', ...form.headers },
        payload: form.payload,
      })
    }
    const open = await footprint()
    expect((await upload(makeExecutable())).statusCode).toBe(415)
    expect(await footprint()).toEqual(open)
    expect(
      (await admin('POST', `/api/admin/registry/applications/${id}/decline`, { reason: 'Not a facility.' })).statusCode,
    ).toBe(200)
    const decided = await footprint()
    const late = await upload(await makePdf('Late'))
    expect(late.statusCode).toBe(409)
    expect(late.json()).toMatchObject({ message: APPLICATION_CLOSED })
    const question = await admin('POST', `/api/admin/registry/applications/${id}/questions`, { body: 'One more?' })
    expect(question.statusCode).toBe(409)
    expect((await admin('POST', `/api/admin/registry/applications/${id}/approve`, {})).statusCode).toBe(409)
    expect(await footprint()).toEqual(decided)
  })

  it('a renewal keeps its listing’s kind, a withdrawn listing cannot be renewed, a suspended one is not renewed on approval', async () => {
    const withdrawn = await listedFacility('Withdrawn Test Facility', 'withdrawn@example.org')
    await app.db.update(listings).set({ status: 'withdrawn' }).where(eq(listings.id, withdrawn.id))
    const suspended = await listedFacility('Suspended Test Facility', 'suspended@example.org')
    const before = await footprint()
    const refusedWithdrawn = await applyJson({
      ...facilityFields({ contactEmail: 'withdrawn@example.org' }),
      declaration: true,
      renew: renewalToken(SECRET, withdrawn.id),
    })
    expect(refusedWithdrawn.statusCode).toBe(409)
    expect(refusedWithdrawn.json()).toMatchObject({ message: RENEWAL_WITHDRAWN })
    const otherKind = await applyJson({
      ...facilityFields({ contactEmail: 'suspended@example.org' }),
      kind: 'chamber',
      manufacturer: 'Example Chambers',
      modelName: 'Test 1.5',
      maxPressureAta: 1.5,
      declaration: true,
      renew: renewalToken(SECRET, suspended.id),
    })
    expect(otherKind.statusCode).toBe(400)
    expect((await trpc('registry.renewal', { token: renewalToken(SECRET, withdrawn.id) })).statusCode).toBe(409)
    expect(await footprint()).toEqual(before)

    const posted = await applyJson({
      ...facilityFields({ organisationName: 'Suspended Test Facility', contactEmail: 'suspended@example.org' }),
      declaration: true,
      renew: renewalToken(SECRET, suspended.id),
    })
    expect(posted.statusCode, posted.body).toBe(201)
    const { id } = posted.json() as ApplicationCreated
    await app.db.update(listings).set({ status: 'suspended' }).where(eq(listings.id, suspended.id))
    const pending = await footprint()
    const approve = await admin('POST', `/api/admin/registry/applications/${id}/approve`, {})
    expect(approve.statusCode).toBe(409)
    expect(approve.json()).toMatchObject({ message: RENEWAL_SUSPENDED })
    expect(await footprint()).toEqual(pending)
  })
})

describe('the council’s procedures', () => {
  it('registrars ask and decline over tRPC; an editor is refused every procedure, a stranger too', async () => {
    const posted = await applyJson({ ...facilityFields({ contactEmail: 'trpc@example.org' }), declaration: true })
    const { id } = posted.json() as ApplicationCreated
    const calls: [string, unknown, 'GET' | 'POST'][] = [
      ['registry.admin.applications.list', { state: 'open' }, 'GET'],
      ['registry.admin.applications.get', { id }, 'GET'],
      ['registry.admin.applications.ask', { id, body: 'A question from a test.' }, 'POST'],
      ['registry.admin.applications.approve', { id }, 'POST'],
      ['registry.admin.applications.decline', { id, reason: 'A reason from a test.' }, 'POST'],
    ]
    const editor = await memberCookie(app, 'editor@example.org', 'editor')
    const before = await footprint()
    for (const [path, input, method] of calls) {
      expect((await trpc(path, input, { cookie: editor }, method)).statusCode, path).toBe(403)
      expect((await trpc(path, input, {}, method)).statusCode, path).toBe(401)
      // The applicant's own link is no key to the council's side.
      expect((await trpc(path, input, { cookie: cookieFrom(posted) }, method)).statusCode, path).toBe(401)
    }
    expect(await footprint()).toEqual(before)

    const queue = await trpc('registry.admin.applications.list', { state: 'open' }, { cookie: registrar })
    expect(queue.statusCode).toBe(200)
    expect(queue.json().result.data.json).toMatchObject({ total: 1, counts: { open: 1, received: 1 } })
    const asked = await trpc('registry.admin.applications.ask', calls[2]?.[1], { cookie: registrar }, 'POST')
    expect(asked.statusCode, asked.body).toBe(200)
    expect(asked.json().result.data.json).toMatchObject({ author: 'council', body: 'A question from a test.' })
    const declined = await trpc('registry.admin.applications.decline', calls[4]?.[1], { cookie: registrar }, 'POST')
    expect(declined.statusCode, declined.body).toBe(200)
    expect(declined.json().result.data.json).toMatchObject({
      state: 'declined',
      declineReason: 'A reason from a test.',
    })
    const again = await trpc('registry.admin.applications.approve', { id }, { cookie: registrar }, 'POST')
    expect(again.statusCode).toBe(409)
    const activity = await app.db.select().from(auditLog).where(eq(auditLog.entityId, id))
    expect(activity.map((row) => row.actorEmail).sort()).toEqual([
      'applicant',
      'registrar@example.org',
      'registrar@example.org',
    ])
  })
})

describe('without mail', () => {
  it('the answer and the applicant’s page carry the link; nothing is queued', async () => {
    const quiet = await buildTestApp(setup.database.handle, { env: { ADMIN_EMAILS: 'owner@example.org' } })
    try {
      expect(quiet.mail.enabled).toBe(false)
      const posted = await quiet.inject({
        method: 'POST',
        url: '/api/registry/applications',
        headers: SAME_ORIGIN,
        payload: { ...facilityFields({ contactEmail: 'nomail@example.org' }), declaration: true },
      })
      expect(posted.statusCode, posted.body).toBe(201)
      const created = posted.json() as ApplicationCreated
      expect(created.linkMailed).toBe(false)
      expect(created.link).toMatch(/^http:\/\/localhost:3000\/registry\/application\/open\?token=/)
      const view = (
        await quiet.inject({ method: 'GET', url: '/api/registry/application', headers: { cookie: cookieFrom(posted) } })
      ).json() as ApplicantView
      expect(view.link).toBe(created.link)
      const [{ n } = { n: -1 }] = await quiet.db.select({ n: count() }).from(mailOutbox)
      expect(n).toBe(0)
    } finally {
      await quiet.close()
    }
  })
})
