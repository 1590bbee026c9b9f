import { beforeAll, describe, expect, it } from 'vitest'
import { ADMIN_SCREENS } from '../../src/client/admin/screens'
import { createPost } from '../../src/server/services/news'
import { changeListingStatus, createListing } from '../../src/server/services/registry'
import {
  answerComment,
  createDraft,
  openReview,
  publishVersion,
  submitComment,
  updateVersion,
} from '../../src/server/services/standards'
import { ListingInputSchema, StatusChangeSchema } from '../../src/shared/schemas/registry'
import { CommentInputSchema } from '../../src/shared/schemas/standards'
import { checkHtml } from '../../src/tools/html-check.mjs'
import { PUBLIC_ROUTES } from '../../src/tools/public-routes.mjs'
import { chromiumAndPostgres } from '../helpers/browser'
import { useStack } from './stack'
import { gotoHydrated } from './support'

/**
 * Every page is valid HTML (docs/decisions/040-valid-html.md): the W3C Nu HTML Checker (vnu-jar,
 * run with Java) finds no error in the HTML the built server sends for every public page, the
 * not-found page, a news post, a standard's pages, the search results, a form sent back refused,
 * and every admin screen signed in; nor in the FAQ's and an admin screen's document once their code
 * has run. One Java process checks them all.
 */
const EDITOR = { email: 'editor@example.org' }
const DAY_MS = 24 * 60 * 60 * 1000
const daysFromNow = (days: number) => new Date(Date.now() + days * DAY_MS)
const POST_SLUG = 'chamber-pressures-compared'

/** The public pages beyond the fixed routes, on the rows arranged below. */
const MORE_PUBLIC = [
  '/no-such-page',
  `/news/${POST_SLUG}`,
  '/standards/MHBOT-SC-G-002',
  '/standards/MHBOT-SC-G-002/v/1.1/comments',
  '/standards/MHBOT-SC-G-002/compare?from=1.0&to=1.1',
  '/standards/MHBOT-SC-G-003/v/1.1',
  '/standards/MHBOT-SC-G-003/v/1.1/changes',
  '/search?q=pressure',
  '/research?category=Safety+Standards',
  '/resources?category=Education',
  '/registry?near=78701',
  '/registry?near=00000',
  '/registry?number=MHBOT-SC%2FL-9999',
  // The application form, a refused renewal link, and the applicant's page without its link.
  '/registry/apply',
  '/registry/apply?renew=x.y',
  '/registry/application',
]

describe.skipIf(!chromiumAndPostgres())('valid HTML on every page (W3C Nu HTML Checker)', () => {
  const stack = useStack({ oidc: true, team: [{ email: EDITOR.email, firstName: 'Erin', role: 'editor' }] })

  beforeAll(async () => {
    const db = stack.database.handle.db

    // A published post with a table and a link.
    await createPost(db, EDITOR, {
      title: 'Chamber pressures compared',
      slug: POST_SLUG,
      summary: 'How the accredited facilities’ pressures compare.',
      body: [
        'The council compared the pressures used in accredited facilities.',
        '',
        '| Chamber | Pressure |',
        '| --- | --- |',
        '| Monoplace | 1.3 ATA |',
        '',
        'Read the [safety guidance](https://example.org/safety) first.',
      ].join('\n'),
      status: 'published',
    })
    // The registry: a chamber model, a facility that uses it, and a suspended facility (their
    // pages join the list below), declaring G-002's version 1.0 before 1.1 supersedes it.
    // Fictional, as every test's rows are.
    const chamber = await createListing(
      db,
      EDITOR,
      ListingInputSchema.parse({
        kind: 'chamber',
        organisationName: 'Example Chambers Co.',
        contactEmail: 'maker@example.org',
        manufacturer: 'Example Chambers',
        modelName: 'Calm 130',
        maxPressureAta: 1.3,
        statedStandards: ['ASME PVHO-1', 'ISO 13485'],
      }),
      { listingDays: 365 },
    )
    const facility = (organisationName: string, chambers: ({ listingId: string } | { name: string })[]) =>
      ListingInputSchema.parse({
        kind: 'facility',
        organisationName,
        website: 'https://example.org/',
        contactEmail: 'centre@example.org',
        street: '100 Example Street',
        city: 'Austin',
        region: 'TX',
        postalCode: '78701',
        chambers,
        declarations: [{ number: 'MHBOT-SC/G-002', version: '1.0' }],
      })
    const listed = await createListing(
      db,
      EDITOR,
      facility('Example Wellness Centre', [{ listingId: chamber.id }, { name: 'A typed example chamber' }]),
      { listingDays: 365 },
    )
    const suspended = await createListing(db, EDITOR, facility('Paused Example Spa', []), { listingDays: 365 })
    await changeListingStatus(
      db,
      EDITOR,
      StatusChangeSchema.parse({ id: suspended.id, action: 'suspend', reason: 'A complaint is being reviewed.' }),
    )
    MORE_PUBLIC.push(`/registry/${chamber.key}`, `/registry/${listed.key}`, `/registry/${suspended.key}`)

    // G-002: revised, reviewed with an answered comment, published (its comments and a comparison).
    await createDraft(db, EDITOR, 'MHBOT-SC/G-002', { version: '1.1', changeSummary: 'Screening reviewed in writing.' })
    await openReview(db, EDITOR, 'MHBOT-SC/G-002', '1.1', { closesAt: daysFromNow(-2) }, 14, daysFromNow(-30))
    const comment = await submitComment(
      db,
      'MHBOT-SC/G-002',
      '1.1',
      CommentInputSchema.parse({
        name: 'Ann Operator',
        organisation: 'Calm Chambers Ltd',
        email: 'ann@example.org',
        section: 'Before the session',
        comment: 'Seven years is long for a small studio.',
        consent: true,
      }),
      { notify: false },
      daysFromNow(-10),
    )
    await answerComment(db, EDITOR, comment.id ?? 0, { disposition: 'accepted', response: 'Noted.' })
    await publishVersion(
      db,
      EDITOR,
      'MHBOT-SC/G-002',
      '1.1',
      { effectiveDate: new Date().toISOString().slice(0, 10) },
      { notify: false },
    )
    // G-003: in public review now (its comment form).
    await createDraft(db, EDITOR, 'MHBOT-SC/G-003', { version: '1.1', changeSummary: 'A clearer checklist.' })
    await openReview(db, EDITOR, 'MHBOT-SC/G-003', '1.1', { closesAt: daysFromNow(20) })
    // Its text changed during the review: the version page says so, and the changes page compares.
    await updateVersion(db, EDITOR, 'MHBOT-SC/G-003', '1.1', {
      body: '## Before the session\n\nA checklist, **changed** during the review.\n\n| Item | Done |\n|---|---|\n| Ears | yes |',
    })

    // Rows on every admin screen that lists them.
    const sql = stack.sql
    await sql`
      insert into contact_submissions (name, email, subject, message, status) values
        ('Ann Reader', 'ann@example.org', 'Opening hours', 'When are they open?', 'new'),
        ('Ben Writer', 'ben@example.org', 'Standards', 'Which standard applies?', 'archived')`
    await sql`
      insert into testimonials (name, location, testimonial, is_approved, consented_at) values
        ('Test Visitor', 'Springfield', 'Placeholder words waiting for review.', false, now()),
        ('Test Author', null, 'Placeholder words, published.', true, now())`
    await sql`
      insert into newsletter_subscribers (email, status) values
        ('reader@example.org', 'active'), ('pending@example.org', 'pending')`
  })

  it('the checker finds no error in any page as served, nor in a page whose code has run', {
    timeout: 300_000,
  }, async () => {
    const base = stack.url
    const documents: { name: string; html: string }[] = []

    // Public pages, as a stranger gets them (no cookie).
    for (const path of [...PUBLIC_ROUTES, ...MORE_PUBLIC]) {
      const response = await fetch(`${base}${path}`)
      const html = await response.text()
      expect(response.headers.get('content-type'), path).toMatch(/^text\/html/)
      documents.push({ name: path, html })
    }

    // A form sent back refused, as a browser without JavaScript posts it.
    const plain = await stack.openPage({ javaScriptEnabled: false })
    await plain.page.goto(`${base}/contact`)
    const [refused] = await Promise.all([
      plain.page.waitForResponse(
        (answer) => answer.url().endsWith('/api/contact') && answer.request().method() === 'POST',
      ),
      plain.page
        .getByRole('region', { name: 'Send Us a Message' })
        .getByRole('button', { name: 'Send Message' })
        .click(),
    ])
    expect(refused.status()).toBe(400)
    documents.push({ name: 'POST /api/contact (refused, no JavaScript)', html: await refused.text() })
    await plain.page.context().close()

    // The FAQ once its code has run, and whether the page's policy refused anything.
    const faq = await stack.openPage()
    await gotoHydrated(faq.page, `${base}/faq`)
    documents.push({ name: '/faq (after its code ran)', html: await faq.page.content() })
    expect(faq.problems, 'console errors on /faq').toEqual([])
    await faq.page.context().close()

    // Every admin screen, signed in: the HTML the server sends, then one screen after its code ran.
    const admin = await stack.signIn('/admin/news')
    await admin.page.getByRole('heading', { name: 'Posts' }).first().waitFor()
    documents.push({ name: '/admin/news (after its code ran)', html: await admin.page.content() })
    for (const screen of ADMIN_SCREENS) {
      const response = await admin.page.request.get(`${base}${screen.to}`)
      expect(response.status(), screen.to).toBe(200)
      documents.push({ name: `${screen.to} (signed in)`, html: await response.text() })
    }
    // A page's editor, its preview the public page's own component inside the admin.
    await admin.page.goto(`${base}/admin/pages?page=safety`)
    await admin.page.getByTestId('page-preview').getByText('Core Safety Protocols').waitFor()
    documents.push({ name: '/admin/pages?page=safety (after its code ran)', html: await admin.page.content() })
    expect(admin.problems, 'console errors on /admin/news and /admin/pages').toEqual([])
    await admin.page.context().close()

    const reports = await checkHtml(documents)
    const failing = reports.filter((report) => report.errors.length > 0)
    const described = failing
      .map(
        (report) =>
          `${report.name}: ${report.errors.length} error(s)\n${report.errors
            .map((error) => `  line ${error.line ?? '?'}: ${error.message}\n    ${error.extract ?? ''}`)
            .join('\n')}`,
      )
      .join('\n')
    expect(reports.map((report) => report.name)).toEqual(documents.map((document) => document.name))
    expect(
      failing.map((report) => report.name),
      described,
    ).toEqual([])
  })
})
