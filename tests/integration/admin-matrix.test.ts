import { eq } from 'drizzle-orm'
import type { FastifyInstance, InjectOptions } from 'fastify'
import { beforeEach, describe, expect, it } from 'vitest'
import { SAFETY_PAGE } from '../../src/content/pages/safety'
import {
  contactSubmissions,
  invitations,
  newsletterSubscribers,
  posts,
  registryConcerns,
  testimonials,
  users,
} from '../../src/db/schema'
import { STARTER_FAQ } from '../../src/server/services/faq'
import { createListing, raiseConcern, storeEvidence, submitApplication } from '../../src/server/services/registry'
import { createDraft, openReview, seedStandards, submitComment } from '../../src/server/services/standards'
import { removeMember } from '../../src/server/services/team'
import { appRouter } from '../../src/server/trpc/router'
import { can, type Permission, type Role } from '../../src/shared/permissions'
import { ListingInputSchema } from '../../src/shared/schemas/registry'
import { ApplicationInputSchema } from '../../src/shared/schemas/registry-applications'
import { DEFAULT_SITE } from '../../src/shared/site'
import { setUpTestApp } from '../helpers/build-app'
import { resetDatabase } from '../helpers/db'
import { makePdf, multipart } from '../helpers/fixtures'
import { CROSS_ORIGIN, loginCookie, memberCookie, SAME_ORIGIN } from '../helpers/login'

/** The FAQ's starting text, as a draft's body. */
const STARTER_CONTENT = STARTER_FAQ

import { registeredRoutes } from '../helpers/routes'

/**
 * The authorization matrix of the admin contract (README, API): every admin route and procedure,
 * asked signed out (401), by someone signed in who is not on the team (403), by a member removed
 * from it (401: their sessions ended), from another origin with an owner's cookie (403), and by each
 * role: 2xx where the role has the permission this file states for the route, 403 where it has not
 * (docs/decisions/025-roles-and-the-team.md). A route or procedure missing here fails the coverage
 * tests, so a new one cannot skip the matrix.
 */

const setup = setUpTestApp({ env: { ADMIN_EMAILS: 'admin@example.org' }, reset: false })
/**
 * Whether the rows below are as arranged. A refused request or a read changes none of them, so most
 * cases (every caller but the permitted ones) reuse the last arrangement instead of emptying the
 * database and arranging it again; a permitted write marks it spent before it is sent.
 */
let arranged = false
let app: FastifyInstance
let admin: string
let outsider: string
let editor: string
let moderator: string
let registrar: string
let removed: string
/** Rows each admin request may act on, made fresh before every test. */
let ids: {
  message: number
  testimonial: number
  resource: number
  study: number
  post: number
  fileId: string
  subscriber: string
  member: string
  invitation: string
  session: string
  /** A published post, for the sending routes (the news routes' own post may be deleted). */
  sendable: number
  /** A visitor's comment on MHBOT-SC/G-002 1.1, which is in public review; G-003 1.1 is a draft. */
  comment: number
  /** A listed facility in the registry, and a private evidence PDF attached to it. */
  listing: string
  evidence: string
  /** An open application to the registry, and an open concern about the listing. */
  application: string
  concern: string
}

async function upload(path: string): Promise<string> {
  const body = multipart('doc.pdf', await makePdf())
  const response = await app.inject({
    method: 'POST',
    url: path,
    headers: { ...body.headers, ...SAME_ORIGIN, cookie: admin },
    payload: body.payload,
  })
  expect(response.statusCode).toBe(201)
  return response.json().fileId
}

beforeEach(async () => {
  app = setup.app
  if (arranged) return
  await resetDatabase(setup.database.handle)
  admin = await loginCookie(app, 'admin@example.org')
  outsider = await loginCookie(app, 'visitor@example.org')
  const db = app.db
  const [message] = await db
    .insert(contactSubmissions)
    .values({ name: 'Test Sender', email: 'sender@example.org', subject: 'A subject', message: 'A message body' })
    .returning()
  const [testimonial] = await db
    .insert(testimonials)
    .values({ name: 'Test Author', testimonial: 'A testimonial long enough to keep.' })
    .returning()
  const fileId = await upload('/api/upload/resource-file')
  const resource = await app.inject({
    method: 'POST',
    url: '/api/admin/resources',
    headers: { ...SAME_ORIGIN, cookie: admin },
    payload: { title: 'A resource', category: 'Safety', fileId },
  })
  const study = await app.inject({
    method: 'POST',
    url: '/api/research-studies',
    headers: { ...SAME_ORIGIN, cookie: admin },
    payload: { title: 'A study', category: 'General Wellness', url: 'https://example.org/s' },
  })
  const post = await app.inject({
    method: 'POST',
    url: '/api/admin/news',
    headers: { ...SAME_ORIGIN, cookie: admin },
    payload: newsPost(),
  })
  const [subscriber] = await db.insert(newsletterSubscribers).values({ email: 'reader@example.org' }).returning()
  editor = await memberCookie(app, 'editor@example.org', 'editor')
  moderator = await memberCookie(app, 'moderator@example.org', 'moderator')
  registrar = await memberCookie(app, 'registrar@example.org', 'registrar')
  removed = await memberCookie(app, 'gone@example.org', 'moderator')
  const [gone] = await db.select().from(users).where(eq(users.email, 'gone@example.org'))
  if (gone) await removeMember(db, { email: 'admin@example.org' }, ['admin@example.org'], gone.id)
  const [member] = await db
    .insert(users)
    .values({ email: 'volunteer@example.org', role: 'moderator' })
    .onConflictDoUpdate({ target: users.email, set: { role: 'moderator' } })
    .returning()
  const [invitation] = await db
    .insert(invitations)
    .values({
      email: 'invited@example.org',
      role: 'editor',
      tokenHash: `hash-${Math.random()}`,
      invitedBy: 'admin@example.org',
      expiresAt: new Date(Date.now() + 86_400_000),
    })
    .onConflictDoUpdate({ target: invitations.email, set: { acceptedAt: null } })
    .returning()
  const sessions = await app.inject({ method: 'GET', url: '/api/admin/sessions', headers: { cookie: admin } })
  const [sendable] = await db
    .insert(posts)
    .values({
      slug: `post-${Math.random()}`,
      title: 'A post',
      summary: 'S',
      status: 'published',
      publishedAt: new Date(),
    })
    .returning()
  await seedStandards(db, DEFAULT_SITE)
  const owner = { email: 'admin@example.org' }
  await createDraft(db, owner, 'MHBOT-SC/G-002', { version: '1.1', changeSummary: 'A change.' })
  await openReview(db, owner, 'MHBOT-SC/G-002', '1.1', { closesAt: new Date(Date.now() + 30 * 86_400_000) })
  const comment = await submitComment(
    db,
    'MHBOT-SC-G-002',
    '1.1',
    {
      name: 'A Reader',
      organisation: null,
      email: 'reader@example.org',
      section: '1. Scope',
      comment: 'A comment long enough to keep.',
      proposedChange: null,
      consent: true,
    },
    { notify: false },
  )
  await createDraft(db, owner, 'MHBOT-SC/G-003', { version: '1.1', changeSummary: 'Another change.' })
  const evidence = await storeEvidence(db, owner, { filename: 'evidence.pdf', bytes: await makePdf() })
  const listing = await createListing(db, owner, ListingInputSchema.parse(facility([evidence.id])), {
    listingDays: 365,
  })
  const application = await submitApplication(
    db,
    ApplicationInputSchema.parse({
      ...facility(),
      contactName: 'Test Applicant',
      contactEmail: 'applicant@example.org',
      chambers: [],
      declarations: [{ number: 'MHBOT-SC/G-002', version: '1.0' }],
      signatoryName: 'Test Signatory',
      signatoryTitle: 'Director',
      declaration: true,
    }),
    [],
    { secret: 'matrix secret', publicUrl: 'http://localhost:3000', mailEnabled: false, listingDays: 365 },
  )
  await raiseConcern(
    db,
    listing.number,
    {
      name: 'Test Visitor',
      email: 'visitor@example.org',
      whatHappened: 'Something happened.',
      when: 'Today',
      consent: true,
    },
    { mailEnabled: false },
  )
  const [concern] = await db.select({ id: registryConcerns.id }).from(registryConcerns)
  if (!message || !testimonial || !subscriber || !member || !invitation || !sendable || !comment.id || !concern)
    throw new Error('arrangement failed')
  ids = {
    message: message.id,
    testimonial: testimonial.id,
    resource: resource.json().id,
    study: study.json().id,
    post: post.json().id,
    fileId,
    subscriber: subscriber.id,
    member: member.id,
    invitation: invitation.id,
    session: sessions.json()[0].id,
    sendable: sendable.id,
    comment: comment.id,
    listing: listing.id,
    evidence: evidence.id,
    application: application.id,
    concern: concern.id,
  }
  arranged = true
})

/** `othersGet`: the answer to a permitted caller other than the owner, whose row it is (a session). */
type Case = {
  name: string
  request: () => Promise<InjectOptions>
  ok: number
  othersGet?: number
}
const json = (method: InjectOptions['method'], url: () => string, payload?: () => unknown): Case['request'] => {
  return async () => ({ method, url: url(), ...(payload ? { payload: payload() as InjectOptions['payload'] } : {}) })
}
const file = (url: string): Case['request'] => {
  return async () => {
    const body = multipart('doc.pdf', await makePdf())
    return { method: 'POST', url, headers: body.headers, payload: body.payload }
  }
}
const resource = () => ({ title: 'Renamed', category: 'Education', fileId: ids.fileId })
const study = () => ({ title: 'Renamed', category: 'General Wellness', url: 'https://example.org/s' })
function facility(documentIds: string[] = []) {
  return {
    kind: 'facility',
    organisationName: 'Example Wellness Centre',
    contactEmail: 'centre@example.org',
    street: '1 Example Street',
    city: 'Austin',
    region: 'TX',
    postalCode: '78701',
    documentIds,
  }
}
function newsPost() {
  return { title: 'A post', summary: 'What happened.', body: 'Some *news*.', status: 'draft' }
}

const REST: Case[] = [
  { name: 'GET /api/admin/contact-submissions', request: json('GET', () => '/api/admin/contact-submissions'), ok: 200 },
  {
    name: 'PATCH /api/admin/contact-submissions/:id',
    request: json(
      'PATCH',
      () => `/api/admin/contact-submissions/${ids.message}`,
      () => ({ status: 'archived' }),
    ),
    ok: 200,
  },
  {
    name: 'DELETE /api/admin/contact-submissions/:id',
    request: json('DELETE', () => `/api/admin/contact-submissions/${ids.message}`),
    ok: 200,
  },
  { name: 'GET /api/admin/testimonials', request: json('GET', () => '/api/admin/testimonials?q=Test'), ok: 200 },
  {
    name: 'POST /api/admin/testimonials',
    request: json(
      'POST',
      () => '/api/admin/testimonials',
      () => ({ name: 'Test Author Two', testimonial: 'Another testimonial text here.', consent: true }),
    ),
    ok: 201,
  },
  {
    name: 'PATCH /api/admin/testimonials/:id',
    request: json(
      'PATCH',
      () => `/api/admin/testimonials/${ids.testimonial}`,
      () => ({ isApproved: true }),
    ),
    ok: 200,
  },
  {
    name: 'DELETE /api/admin/testimonials/:id',
    request: json('DELETE', () => `/api/admin/testimonials/${ids.testimonial}`),
    ok: 200,
  },
  { name: 'POST /api/upload/resource-file', request: file('/api/upload/resource-file'), ok: 201 },
  { name: 'POST /api/upload/registry-document', request: file('/api/upload/registry-document'), ok: 201 },
  {
    name: 'GET /api/admin/registry/documents/:id',
    request: json('GET', () => `/api/admin/registry/documents/${ids.evidence}`),
    ok: 200,
  },
  {
    name: 'GET /api/admin/registry/applications',
    request: json('GET', () => '/api/admin/registry/applications'),
    ok: 200,
  },
  {
    name: 'GET /api/admin/registry/applications/:id',
    request: json('GET', () => `/api/admin/registry/applications/${ids.application}`),
    ok: 200,
  },
  {
    name: 'POST /api/admin/registry/applications/:id/questions',
    request: json(
      'POST',
      () => `/api/admin/registry/applications/${ids.application}/questions`,
      () => ({ body: 'A question?' }),
    ),
    ok: 201,
  },
  {
    name: 'POST /api/admin/registry/applications/:id/approve',
    request: json(
      'POST',
      () => `/api/admin/registry/applications/${ids.application}/approve`,
      () => ({}),
    ),
    ok: 200,
  },
  {
    name: 'POST /api/admin/registry/applications/:id/decline',
    request: json(
      'POST',
      () => `/api/admin/registry/applications/${ids.application}/decline`,
      () => ({ reason: 'Not a mild chamber.' }),
    ),
    ok: 200,
  },
  { name: 'GET /api/admin/registry/concerns', request: json('GET', () => '/api/admin/registry/concerns'), ok: 200 },
  {
    name: 'GET /api/admin/registry/concerns/:id',
    request: json('GET', () => `/api/admin/registry/concerns/${ids.concern}`),
    ok: 200,
  },
  {
    name: 'POST /api/admin/registry/concerns/:id/look',
    request: json(
      'POST',
      () => `/api/admin/registry/concerns/${ids.concern}/look`,
      () => ({}),
    ),
    ok: 200,
  },
  {
    name: 'POST /api/admin/registry/concerns/:id/close',
    request: json(
      'POST',
      () => `/api/admin/registry/concerns/${ids.concern}/close`,
      () => ({ outcome: 'Looked into.' }),
    ),
    ok: 200,
  },
  { name: 'GET /api/admin/settings', request: json('GET', () => '/api/admin/settings'), ok: 200 },
  // The FAQ: a stale version for every write, so each role let through meets the same 409.
  { name: 'GET /api/admin/faq', request: json('GET', () => '/api/admin/faq'), ok: 200 },
  {
    name: 'PUT /api/admin/faq/draft',
    request: json(
      'PUT',
      () => '/api/admin/faq/draft',
      () => ({ version: 99, content: STARTER_CONTENT }),
    ),
    ok: 409,
  },
  {
    name: 'POST /api/admin/faq/publish',
    request: json(
      'POST',
      () => '/api/admin/faq/publish',
      () => ({ version: 99 }),
    ),
    ok: 409,
  },
  { name: 'GET /api/admin/faq/revisions', request: json('GET', () => '/api/admin/faq/revisions'), ok: 200 },
  {
    name: 'GET /api/admin/faq/revisions/:revision',
    request: json('GET', () => '/api/admin/faq/revisions/0'),
    ok: 200,
  },
  // The pages' words: a stale version for every write, as for the FAQ.
  { name: 'GET /api/admin/pages', request: json('GET', () => '/api/admin/pages'), ok: 200 },
  { name: 'GET /api/admin/pages/:key', request: json('GET', () => '/api/admin/pages/safety'), ok: 200 },
  {
    name: 'POST /api/admin/pages/:key/preview',
    request: json(
      'POST',
      () => '/api/admin/pages/safety/preview',
      () => ({ content: SAFETY_PAGE }),
    ),
    ok: 200,
  },
  {
    name: 'PUT /api/admin/pages/:key/draft',
    request: json(
      'PUT',
      () => '/api/admin/pages/safety/draft',
      () => ({ version: 99, content: SAFETY_PAGE }),
    ),
    ok: 409,
  },
  {
    name: 'POST /api/admin/pages/:key/publish',
    request: json(
      'POST',
      () => '/api/admin/pages/safety/publish',
      () => ({ version: 99 }),
    ),
    ok: 409,
  },
  {
    name: 'GET /api/admin/pages/:key/revisions',
    request: json('GET', () => '/api/admin/pages/safety/revisions'),
    ok: 200,
  },
  {
    name: 'GET /api/admin/pages/:key/revisions/:revision',
    request: json('GET', () => '/api/admin/pages/safety/revisions/0'),
    ok: 200,
  },
  {
    name: 'POST /api/admin/pages/:key/revisions/:revision/restore',
    request: json(
      'POST',
      () => '/api/admin/pages/safety/revisions/0/restore',
      () => ({ version: 99 }),
    ),
    ok: 409,
  },
  {
    name: 'POST /api/admin/faq/revisions/:revision/restore',
    request: json(
      'POST',
      () => '/api/admin/faq/revisions/0/restore',
      () => ({ version: 99 }),
    ),
    ok: 409,
  },
  {
    // Version 0: a change re-arranges the database before the next case, which empties the settings.
    name: 'PUT /api/admin/settings',
    request: json(
      'PUT',
      () => '/api/admin/settings',
      () => ({ version: 0, phone: '+1 555 010 0606' }),
    ),
    ok: 200,
  },
  { name: 'POST /api/upload/research-attachment', request: file('/api/upload/research-attachment'), ok: 201 },
  { name: 'GET /api/admin/resources', request: json('GET', () => '/api/admin/resources?q=resource'), ok: 200 },
  { name: 'POST /api/admin/resources', request: json('POST', () => '/api/admin/resources', resource), ok: 201 },
  {
    name: 'PATCH /api/admin/resources/:id',
    request: json('PATCH', () => `/api/admin/resources/${ids.resource}`, resource),
    ok: 200,
  },
  {
    name: 'DELETE /api/admin/resources/:id',
    request: json('DELETE', () => `/api/admin/resources/${ids.resource}`),
    ok: 200,
  },
  { name: 'GET /api/admin/news', request: json('GET', () => '/api/admin/news?q=post'), ok: 200 },
  { name: 'POST /api/admin/news', request: json('POST', () => '/api/admin/news', newsPost), ok: 201 },
  {
    name: 'PATCH /api/admin/news/:id',
    request: json('PATCH', () => `/api/admin/news/${ids.post}`, newsPost),
    ok: 200,
  },
  { name: 'DELETE /api/admin/news/:id', request: json('DELETE', () => `/api/admin/news/${ids.post}`), ok: 204 },
  {
    name: 'GET /api/admin/activity',
    request: json('GET', () => '/api/admin/activity?entity=message&actor=admin%40example.org&from=2020-01-01'),
    ok: 200,
  },
  {
    name: 'GET /api/admin/research-studies',
    request: json('GET', () => '/api/admin/research-studies?q=study&limit=5'),
    ok: 200,
  },
  { name: 'GET /api/admin/subscribers', request: json('GET', () => '/api/admin/subscribers?q=reader'), ok: 200 },
  { name: 'GET /api/admin/subscribers.csv', request: json('GET', () => '/api/admin/subscribers.csv'), ok: 200 },
  {
    name: 'GET /api/admin/subscribers/suppressed.csv',
    request: json('GET', () => '/api/admin/subscribers/suppressed.csv'),
    ok: 200,
  },
  {
    name: 'PATCH /api/admin/subscribers/:id',
    request: json(
      'PATCH',
      () => `/api/admin/subscribers/${ids.subscriber}`,
      () => ({ isActive: false }),
    ),
    ok: 200,
  },
  {
    name: 'DELETE /api/admin/subscribers/:id',
    request: json('DELETE', () => `/api/admin/subscribers/${ids.subscriber}`),
    ok: 200,
  },
  { name: 'POST /api/research-studies', request: json('POST', () => '/api/research-studies', study), ok: 201 },
  {
    name: 'PATCH /api/research-studies/:id',
    request: json('PATCH', () => `/api/research-studies/${ids.study}`, study),
    ok: 200,
  },
  {
    name: 'DELETE /api/research-studies/:id',
    request: json('DELETE', () => `/api/research-studies/${ids.study}`),
    ok: 200,
  },
  { name: 'GET /api/admin/team', request: json('GET', () => '/api/admin/team'), ok: 200 },
  {
    name: 'POST /api/admin/team/invitations',
    request: json(
      'POST',
      () => '/api/admin/team/invitations',
      () => ({ email: 'new@example.org', role: 'editor' }),
    ),
    ok: 201,
  },
  {
    name: 'DELETE /api/admin/team/invitations/:id',
    request: json('DELETE', () => `/api/admin/team/invitations/${ids.invitation}`),
    ok: 200,
  },
  {
    name: 'PATCH /api/admin/team/members/:id',
    request: json(
      'PATCH',
      () => `/api/admin/team/members/${ids.member}`,
      () => ({ role: 'editor' }),
    ),
    ok: 200,
  },
  {
    name: 'DELETE /api/admin/team/members/:id',
    request: json('DELETE', () => `/api/admin/team/members/${ids.member}`),
    ok: 200,
  },
  {
    name: 'DELETE /api/admin/team/members/:id/sessions',
    request: json('DELETE', () => `/api/admin/team/members/${ids.member}/sessions`),
    ok: 200,
  },
  { name: 'GET /api/admin/sessions', request: json('GET', () => '/api/admin/sessions'), ok: 200 },
  // Mail is off in this file: a send is refused with 409 once the permission let it through.
  { name: 'GET /api/admin/news/recipients', request: json('GET', () => '/api/admin/news/recipients'), ok: 200 },
  {
    name: 'POST /api/admin/news/:id/test-send',
    request: json(
      'POST',
      () => `/api/admin/news/${ids.sendable}/test-send`,
      () => ({ email: 'me@example.org' }),
    ),
    ok: 409,
  },
  {
    name: 'POST /api/admin/news/:id/send',
    request: json('POST', () => `/api/admin/news/${ids.sendable}/send`),
    ok: 409,
  },
  {
    name: 'GET /api/admin/news/:id/delivery',
    request: json('GET', () => `/api/admin/news/${ids.sendable}/delivery`),
    ok: 200,
  },
  {
    name: 'POST /api/admin/news/:id/delivery/cancel',
    request: json('POST', () => `/api/admin/news/${ids.sendable}/delivery/cancel`),
    ok: 200,
  },
  {
    name: 'DELETE /api/admin/sessions/:id',
    request: json('DELETE', () => `/api/admin/sessions/${ids.session}`),
    ok: 200,
    othersGet: 404,
  },
  { name: 'GET /api/admin/standards', request: json('GET', () => '/api/admin/standards'), ok: 200 },
  // A number that is taken: the same answer for every role let through (creating is covered elsewhere).
  {
    name: 'POST /api/admin/standards',
    request: json(
      'POST',
      () => '/api/admin/standards',
      () => ({
        number: 'MHBOT-SC/G-001',
        title: 'A matrix guide',
        kind: 'guide',
        changeSummary: 'First edition.',
        body: '## Scope\n\nText.',
      }),
    ),
    ok: 409,
  },
  {
    name: 'POST /api/admin/standards/:number/versions',
    request: json(
      'POST',
      () => '/api/admin/standards/MHBOT-SC-G-001/versions',
      () => ({ version: '1.1', changeSummary: 'A change.' }),
    ),
    ok: 201,
  },
  {
    name: 'GET /api/admin/standards/:number/versions/:version',
    request: json('GET', () => '/api/admin/standards/MHBOT-SC-G-003/versions/1.1'),
    ok: 200,
  },
  {
    name: 'PATCH /api/admin/standards/:number/versions/:version',
    request: json(
      'PATCH',
      () => '/api/admin/standards/MHBOT-SC-G-003/versions/1.1',
      () => ({ changeSummary: 'Said better.' }),
    ),
    ok: 200,
  },
  {
    name: 'POST /api/admin/standards/:number/versions/:version/review',
    request: json(
      'POST',
      () => '/api/admin/standards/MHBOT-SC-G-003/versions/1.1/review',
      () => ({ closesAt: new Date(Date.now() + 30 * 86_400_000).toISOString() }),
    ),
    ok: 200,
  },
  // Refused once the permission let it through: the review is still open.
  {
    name: 'POST /api/admin/standards/:number/versions/:version/publish',
    request: json(
      'POST',
      () => '/api/admin/standards/MHBOT-SC-G-002/versions/1.1/publish',
      () => ({ effectiveDate: '2027-01-01' }),
    ),
    ok: 409,
  },
  {
    name: 'POST /api/admin/standards/:number/versions/:version/withdraw',
    request: json('POST', () => '/api/admin/standards/MHBOT-SC-G-003/versions/1.1/withdraw'),
    ok: 200,
  },
  // Only the version in effect is announced as published: 1.1 is in review.
  {
    name: 'POST /api/admin/standards/:number/versions/:version/announce',
    request: json(
      'POST',
      () => '/api/admin/standards/MHBOT-SC-G-002/versions/1.1/announce',
      () => ({ kind: 'published' }),
    ),
    ok: 409,
  },
  { name: 'GET /api/admin/comments', request: json('GET', () => '/api/admin/comments'), ok: 200 },
  {
    name: 'GET /api/admin/standards/:number/versions/:version/comments',
    request: json('GET', () => '/api/admin/standards/MHBOT-SC-G-002/versions/1.1/comments'),
    ok: 200,
  },
  {
    name: 'PATCH /api/admin/comments/:id/answer',
    request: json(
      'PATCH',
      () => `/api/admin/comments/${ids.comment}/answer`,
      () => ({ disposition: 'accepted', response: 'Thank you; done.' }),
    ),
    ok: 200,
  },
  {
    name: 'PATCH /api/admin/comments/:id/hidden',
    request: json(
      'PATCH',
      () => `/api/admin/comments/${ids.comment}/hidden`,
      () => ({ hidden: true, reason: 'Spam' }),
    ),
    ok: 200,
  },
]

/** The permission each route and procedure needs, stated here apart from the code that enforces it. */
function permissionOf(name: string): Permission {
  if (/settings/.test(name)) return 'settings'
  if (/registry/.test(name)) return 'registry'
  if (/answerComment|comments\/:id\/answer$/.test(name)) return 'content'
  if (/hideComment|comments\/:id\/hidden$/.test(name)) return 'visitors'
  if (/adminComments|commentedVersions|countWaitingComments|\/comments/.test(name)) return 'comments'
  if (/sessions$|sessions\/:id$|mySessions|endMySession/.test(name) && !name.includes('members')) return 'account'
  if (/team/.test(name)) return 'team'
  if (/activity/.test(name)) return 'activity'
  if (/contact-submissions|testimonials|subscribers|messages/.test(name)) return 'visitors'
  return 'content'
}

type Call = { path: string; input: () => unknown; othersGet?: number; ok?: number }
const TRPC: Call[] = [
  { path: 'messages.list', input: () => ({ q: 'subject' }) },
  { path: 'messages.countNew', input: () => undefined },
  { path: 'messages.open', input: () => ({ id: ids.message }) },
  { path: 'messages.setStatus', input: () => ({ id: ids.message, status: 'archived' }) },
  { path: 'messages.remove', input: () => ({ id: ids.message }) },
  { path: 'testimonials.all', input: () => ({}) },
  { path: 'testimonials.countPending', input: () => undefined },
  {
    path: 'testimonials.create',
    input: () => ({ name: 'Test Author Two', testimonial: 'Another testimonial text here.', consent: true }),
  },
  { path: 'testimonials.update', input: () => ({ id: ids.testimonial, patch: { isApproved: true } }) },
  { path: 'testimonials.remove', input: () => ({ id: ids.testimonial }) },
  { path: 'resources.adminList', input: () => ({ q: 'resource' }) },
  { path: 'resources.create', input: resource },
  { path: 'resources.update', input: () => ({ id: ids.resource, data: resource() }) },
  { path: 'resources.remove', input: () => ({ id: ids.resource }) },
  { path: 'news.adminList', input: () => ({ q: 'post' }) },
  { path: 'news.create', input: newsPost },
  { path: 'news.update', input: () => ({ id: ids.post, data: newsPost() }) },
  { path: 'news.remove', input: () => ({ id: ids.post }) },
  { path: 'news.preview', input: () => ({ body: '# Heading' }) },
  { path: 'activity.list', input: () => ({ entity: 'resource', actor: 'admin@example.org' }) },
  { path: 'activity.people', input: () => undefined },
  { path: 'subscribers.list', input: () => ({}) },
  { path: 'subscribers.count', input: () => ({ q: 'reader' }) },
  { path: 'subscribers.setActive', input: () => ({ id: ids.subscriber, isActive: false }) },
  { path: 'subscribers.remove', input: () => ({ id: ids.subscriber }) },
  { path: 'researchStudies.adminList', input: () => ({ q: 'study' }) },
  { path: 'researchStudies.create', input: study },
  { path: 'researchStudies.update', input: () => ({ id: ids.study, data: study() }) },
  { path: 'researchStudies.remove', input: () => ({ id: ids.study }) },
  { path: 'team.list', input: () => undefined },
  { path: 'team.invite', input: () => ({ email: 'new@example.org', role: 'moderator' }) },
  { path: 'team.revoke', input: () => ({ id: ids.invitation }) },
  { path: 'team.changeRole', input: () => ({ id: ids.member, role: 'editor' }) },
  { path: 'team.remove', input: () => ({ id: ids.member }) },
  { path: 'team.endSessions', input: () => ({ id: ids.member }) },
  { path: 'team.mySessions', input: () => undefined },
  { path: 'team.endMySession', input: () => ({ id: ids.session }), othersGet: 404 },
  { path: 'newsDelivery.recipients', input: () => undefined },
  { path: 'newsDelivery.status', input: () => ({ id: ids.sendable }) },
  { path: 'newsDelivery.testSend', input: () => ({ id: ids.sendable, email: 'me@example.org' }), ok: 409 },
  { path: 'newsDelivery.send', input: () => ({ id: ids.sendable }), ok: 409 },
  { path: 'newsDelivery.cancel', input: () => ({ id: ids.sendable }) },
  { path: 'standards.adminList', input: () => undefined },
  { path: 'standards.adminVersion', input: () => ({ number: 'MHBOT-SC-G-003', version: '1.1' }) },
  {
    path: 'standards.createDocument',
    input: () => ({
      number: 'MHBOT-SC/G-001',
      title: 'Taken',
      kind: 'guide',
      changeSummary: 'First edition.',
      body: '## Scope\n\nText.',
    }),
    ok: 409,
  },
  {
    path: 'standards.createDraft',
    input: () => ({ number: 'MHBOT-SC/G-001', draft: { version: '1.1', changeSummary: 'A change.' } }),
  },
  {
    path: 'standards.updateVersion',
    input: () => ({ number: 'MHBOT-SC-G-003', version: '1.1', patch: { body: '## 1. A heading\n\nText.' } }),
  },
  {
    path: 'standards.openReview',
    input: () => ({ number: 'MHBOT-SC-G-003', version: '1.1', closesAt: new Date(Date.now() + 30 * 86_400_000) }),
  },
  {
    path: 'standards.publish',
    input: () => ({ number: 'MHBOT-SC-G-002', version: '1.1', effectiveDate: '2027-01-01' }),
    ok: 409,
  },
  { path: 'standards.withdraw', input: () => ({ number: 'MHBOT-SC-G-003', version: '1.1' }) },
  {
    path: 'standards.announce',
    input: () => ({ number: 'MHBOT-SC-G-002', version: '1.1', kind: 'published' }),
    ok: 409,
  },
  { path: 'standards.commentedVersions', input: () => undefined },
  { path: 'standards.countWaitingComments', input: () => undefined },
  { path: 'standards.adminComments', input: () => ({ number: 'MHBOT-SC-G-002', version: '1.1' }) },
  {
    path: 'standards.answerComment',
    input: () => ({ id: ids.comment, disposition: 'not_accepted', response: 'Out of scope.' }),
  },
  { path: 'standards.hideComment', input: () => ({ id: ids.comment, hide: { hidden: true, reason: 'Spam' } }) },
  { path: 'registry.admin.list', input: () => ({ q: 'example', status: 'all' }) },
  { path: 'registry.admin.get', input: () => ({ id: ids.listing }) },
  { path: 'registry.admin.options', input: () => undefined },
  {
    path: 'registry.admin.create',
    input: () => ({
      kind: 'chamber',
      organisationName: 'Example Chambers Inc.',
      contactEmail: 'maker@example.org',
      manufacturer: 'Example Chambers',
      modelName: 'Calm 1.3',
      maxPressureAta: 1.3,
    }),
  },
  { path: 'registry.admin.update', input: () => ({ id: ids.listing, ...facility(), city: 'Round Rock' }) },
  {
    path: 'registry.admin.changeStatus',
    input: () => ({ id: ids.listing, action: 'suspend', reason: 'Evidence under review by the council.' }),
  },
  { path: 'registry.admin.removeDocument', input: () => ({ id: ids.listing, documentId: ids.evidence }) },
  { path: 'registry.admin.applications.list', input: () => ({}) },
  { path: 'registry.admin.applications.get', input: () => ({ id: ids.application }) },
  { path: 'registry.admin.applications.ask', input: () => ({ id: ids.application, body: 'A question?' }) },
  { path: 'registry.admin.applications.approve', input: () => ({ id: ids.application }) },
  {
    path: 'registry.admin.applications.decline',
    input: () => ({ id: ids.application, reason: 'Not a mild chamber.' }),
  },
  { path: 'registry.admin.concerns.list', input: () => ({}) },
  { path: 'registry.admin.concerns.get', input: () => ({ id: ids.concern }) },
  { path: 'registry.admin.concerns.look', input: () => ({ id: ids.concern }) },
  { path: 'registry.admin.concerns.close', input: () => ({ id: ids.concern, outcome: 'Looked into.' }) },
  { path: 'settings.get', input: () => undefined },
  { path: 'faq.admin', input: () => undefined },
  { path: 'faq.saveDraft', input: () => ({ version: 99, content: STARTER_CONTENT }), ok: 409 },
  { path: 'faq.publish', input: () => ({ version: 99 }), ok: 409 },
  { path: 'faq.revisions', input: () => undefined },
  { path: 'faq.revision', input: () => ({ revision: 0 }) },
  { path: 'faq.restore', input: () => ({ revision: 0, version: 99 }), ok: 409 },
  { path: 'pages.list', input: () => undefined },
  { path: 'pages.admin', input: () => ({ key: 'safety' }) },
  { path: 'pages.preview', input: () => ({ key: 'safety', content: SAFETY_PAGE }) },
  { path: 'pages.saveDraft', input: () => ({ key: 'safety', version: 99, content: SAFETY_PAGE }), ok: 409 },
  { path: 'pages.publish', input: () => ({ key: 'safety', version: 99 }), ok: 409 },
  { path: 'pages.revisions', input: () => ({ key: 'safety' }) },
  { path: 'pages.revision', input: () => ({ key: 'safety', revision: 0 }) },
  { path: 'pages.restore', input: () => ({ key: 'safety', revision: 0, version: 99 }), ok: 409 },
  { path: 'settings.save', input: () => ({ version: 0, country: 'Canada' }) },
]
const PUBLIC_PROCEDURES = [
  'auth.me',
  'contact.submit',
  'newsletter.subscribe',
  'site.info',
  'site.faq',
  'site.page',
  'testimonials.list',
  'testimonials.submit',
  'resources.list',
  'researchStudies.list',
  'researchStudies.search',
  'news.list',
  'news.latest',
  'news.get',
  'news.page',
  'standards.list',
  'standards.document',
  'standards.version',
  'standards.compare',
  'standards.changes',
  'standards.comments',
  'standards.comment',
  'search.query',
  'registry.list',
  'registry.listing',
  'registry.standards',
  'registry.applyOptions',
  'registry.application',
  'registry.renewal',
]

const procedures = appRouter._def.procedures as unknown as Record<string, { _def: { type: string } }>

function callTrpc(call: Call, headers: Record<string, string>) {
  const type = procedures[call.path]?._def.type
  const input = call.input()
  if (type === 'query') {
    const query = input === undefined ? '' : `?input=${encodeURIComponent(JSON.stringify({ json: input }))}`
    return app.inject({ method: 'GET', url: `/trpc/${call.path}${query}`, headers })
  }
  return app.inject({
    method: 'POST',
    url: `/trpc/${call.path}`,
    headers: { ...headers, 'content-type': 'application/json' },
    payload: JSON.stringify(input === undefined ? {} : { json: input }),
  })
}

type Who = { who: string; headers: () => Record<string, string>; status: (permission: Permission) => number }
const asRole = (role: Role, cookie: () => string): Who => ({
  who: `a${role === 'owner' ? 'n' : ''} ${role}`,
  headers: () => ({ ...SAME_ORIGIN, cookie: cookie() }),
  status: (permission) => (can(role, permission) ? 0 : 403),
})
const WHO: Who[] = [
  { who: 'signed out', headers: () => ({ ...SAME_ORIGIN, 'sec-fetch-site': 'same-origin' }), status: () => 401 },
  { who: 'not an admin', headers: () => ({ ...SAME_ORIGIN, cookie: outsider }), status: () => 403 },
  { who: 'a removed member', headers: () => ({ ...SAME_ORIGIN, cookie: removed }), status: () => 401 },
  {
    who: 'another origin',
    headers: () => ({ ...CROSS_ORIGIN, 'sec-fetch-site': 'cross-site', cookie: admin }),
    status: () => 403,
  },
  asRole('owner', () => admin),
  asRole('editor', () => editor),
  asRole('moderator', () => moderator),
  asRole('registrar', () => registrar),
]

describe('the REST admin contract', () => {
  it('covers every admin route: /api/admin/*, uploads and the study writes', () => {
    const admin = registeredRoutes(setup.app)
      .filter(
        (route) =>
          route.url.startsWith('/api/admin/') ||
          route.url.startsWith('/api/upload/') ||
          (route.url.startsWith('/api/research-studies') && route.method !== 'GET' && route.method !== 'HEAD'),
      )
      .filter((route) => route.method !== 'HEAD')
      .map((route) => `${route.method} ${route.url}`)
    expect(admin.sort()).toEqual([...new Set(REST.map((entry) => entry.name))].sort())
  })

  describe.each(WHO)('$who', ({ who, headers, status }) => {
    it.each(REST)('$name', async ({ name, request, ok, othersGet }) => {
      const options = await request()
      const refused = status(permissionOf(name))
      if (!refused && options.method !== 'GET') arranged = false
      const response = await app.inject({ ...options, headers: { ...(options.headers ?? {}), ...headers() } })
      expect(response.statusCode, response.body).toBe(refused || (who === 'an owner' ? ok : (othersGet ?? ok)))
      if (refused) expect(response.json()).toMatchObject({ error: expect.any(String), message: expect.any(String) })
    })
  })
})

describe('the tRPC admin procedures', () => {
  it('covers every procedure that is not public', () => {
    const adminOnly = Object.keys(procedures).filter((path) => !PUBLIC_PROCEDURES.includes(path))
    expect(adminOnly.sort()).toEqual(TRPC.map((call) => call.path).sort())
  })

  describe.each(WHO)('$who', ({ who, headers, status }) => {
    it.each(TRPC)('$path', async (call) => {
      const refused = status(permissionOf(call.path))
      if (!refused && procedures[call.path]?._def.type !== 'query') arranged = false
      const response = await callTrpc(call, headers())
      const ok = who === 'an owner' ? (call.ok ?? 200) : (call.othersGet ?? call.ok ?? 200)
      expect(response.statusCode, response.body).toBe(refused || ok)
    })
  })

  it('every procedure that is not public states its permission, the one the table above expects', () => {
    const defs = appRouter._def.procedures as unknown as Record<string, { _def: { meta?: { permission?: string } } }>
    for (const call of TRPC) expect(defs[call.path]?._def.meta?.permission, call.path).toBe(permissionOf(call.path))
  })
})
