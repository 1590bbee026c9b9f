import { count, eq } from 'drizzle-orm'
import fc from 'fast-check'
import type { FastifyInstance, InjectOptions } from 'fastify'
import superjson from 'superjson'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { z } from 'zod'
import { SAFETY_PAGE } from '../../src/content/pages/safety'
import {
  attachments,
  auditLog,
  contactSubmissions,
  councilSettings,
  educationalResources,
  listingChambers,
  listingDeclarations,
  listingDocuments,
  listingStatusChanges,
  listings,
  newsletterSubscribers,
  posts,
  registryApplicationDocuments,
  registryApplicationMessages,
  registryApplications,
  registryConcerns,
  researchStudies,
  standardComments,
  standardDocuments,
  standardVersions,
  testimonials,
} from '../../src/db/schema'
import { signGeneric } from '../../src/server/mail-events/verify'
import { STARTER_FAQ } from '../../src/server/services/faq'
import { createListing, raiseConcern, storeEvidence, submitApplication } from '../../src/server/services/registry'
import { applicationToken } from '../../src/server/services/registry/links'
import { createDraft, openReview, seedStandards } from '../../src/server/services/standards'
import { render } from '../../src/server/ssr/render'
import { appRouter } from '../../src/server/trpc/router'
import {
  DISPOSITIONS,
  MESSAGE_STATUSES,
  RESOURCE_CATEGORIES,
  STUDY_CATEGORIES,
  TEXT_LIMITS,
} from '../../src/shared/constants'
import { APPLICANT_COOKIE } from '../../src/shared/registry-applications'
import {
  MessagePatchSchema,
  ResourceInputSchema,
  RowIdSchema,
  SubscriberIdSchema,
  SubscriberPatchSchema,
} from '../../src/shared/schemas/admin'
import { ContactInputSchema } from '../../src/shared/schemas/contact'
import { CouncilSettingsInputSchema } from '../../src/shared/schemas/council-settings'
import { FaqDraftInputSchema, FaqPublishInputSchema, FaqRestoreInputSchema } from '../../src/shared/schemas/faq'
import { PostInputSchema, PreviewInputSchema } from '../../src/shared/schemas/news'
import { PostRefSchema, TestSendInputSchema } from '../../src/shared/schemas/news-delivery'
import { NewsletterInputSchema } from '../../src/shared/schemas/newsletter'
import {
  PageDraftInputSchema,
  PagePreviewInputSchema,
  PagePublishInputSchema,
  PageRestoreInputSchema,
} from '../../src/shared/schemas/pages'
import {
  ListingInputSchema,
  ListingUpdateSchema,
  RemoveDocumentSchema,
  StatusChangeSchema,
} from '../../src/shared/schemas/registry'
import {
  ApplicantAnswerSchema,
  ApplicationInputSchema,
  ApproveApplicationSchema,
  CloseConcernSchema,
  ConcernInputSchema,
  ConcernLookSchema,
  CouncilQuestionSchema,
  DeclineApplicationSchema,
} from '../../src/shared/schemas/registry-applications'
import { ResearchStudyInputSchema } from '../../src/shared/schemas/research-study'
import {
  AnswerInputSchema,
  CommentInputSchema,
  DocumentInputSchema,
  DraftInputSchema,
  HideInputSchema,
  PublishInputSchema,
  ReviewInputSchema,
  StandardParamsSchema,
  VersionParamsSchema,
  VersionPatchSchema,
} from '../../src/shared/schemas/standards'
import { InviteInputSchema, OpaqueIdSchema, RoleChangeSchema, RoleSchema } from '../../src/shared/schemas/team'
import {
  AdminTestimonialInputSchema,
  TestimonialPatchSchema,
  TestimonialSubmissionSchema,
} from '../../src/shared/schemas/testimonial'
import { buildTestApp, setUpTestApp } from '../helpers/build-app'
import { makeCompoundFile, makeDocx, makeExecutable, makePdf } from '../helpers/fixtures'
import { loginCookie, SAME_ORIGIN } from '../helpers/login'
import { OIDC_CLIENT_ID, OIDC_CLIENT_SECRET, startTestIssuer, type TestIssuer } from '../helpers/oidc'
import { registeredRoutes } from '../helpers/routes'

/**
 * Hostile input as properties (fast-check): random and malformed input at every REST endpoint and
 * tRPC procedure. Each request must answer below 500; input the shared schema rejects must leave
 * every table as it was; what a page shows back stays text.
 *
 * Runs per property: HOSTILE_RUNS (default 50), so a longer hunt is `HOSTILE_RUNS=2000 npx vitest run
 * --project db:postgres tests/integration/hostile-input.test.ts`. A failure prints the request and
 * fast-check's seed and shrunk counterexample; replay it with `{ seed, path }` in fc.assert.
 */

const RUNS = Number(process.env.HOSTILE_RUNS ?? 50)
/** PGlite is several times slower than Postgres; pages render in-process on top. */
const TIMEOUT = 240_000
const ADMIN_EMAIL = 'admin@example.org'
const INT32_MAX = 2_147_483_647

const MAIL_EVENTS_SECRET = 'hostile-mail-events-secret-012345'
const setup = setUpTestApp({
  // 0.05 MB: uploads can cross the limit with small test data.
  env: { ADMIN_EMAILS: ADMIN_EMAIL, UPLOAD_MAX_MB: '0.05', MAIL_EVENTS_SECRET },
  ssr: { render, assets: { scripts: [], css: [], preloads: [] } },
  reset: false,
})
let admin: string

beforeAll(async () => {
  admin = await loginCookie(setup.app, ADMIN_EMAIL)
})

// ---------------------------------------------------------------------------------------------
// Arbitraries
// ---------------------------------------------------------------------------------------------

/** SQL, HTML, path and encoding fragments, mixed into otherwise valid values. */
const FRAGMENTS = [
  "'; drop table research_studies; --",
  "' or '1'='1",
  '" or ""="',
  '1); delete from contact_submissions; --',
  "' union select sid, sess::text from sessions --",
  '$1',
  '<script>alert(1)</script>',
  '</script><script>alert(1)</script>',
  '<img src=x onerror=alert(1)>',
  '"><svg onload=alert(1)>',
  "'><iframe src=javascript:alert(1)>",
  '</title><script>alert(1)</script>',
  '<!--',
  '-->',
  ']]>',
  'javascript:alert(1)',
  '{{7*7}}',
  // biome-ignore lint/suspicious/noTemplateCurlyInString: a template-injection probe, meant literally
  '${7*7}',
  '\u0000',
  '%00',
  '\\u0000',
  '\r\n',
  '\r\nSet-Cookie: x=1',
  '\u2028\u2029',
  '\uFEFF',
  '\u202E',
  '\uD800',
  '\uDFFF',
  '𝕏😀',
  'Z̤͔ͧ̑̓ä͖̭̈̇lͮ̒ͫǫ̗',
  '../../etc/passwd',
  '..%2f..%2fetc%2fpasswd',
  '..\\..\\windows\\win.ini',
  '%',
  '%zz',
  '%E0%A4%A',
  '%C0%AF',
  '__proto__',
  'constructor',
  'toString',
  'null',
  'undefined',
  'NaN',
  '-1',
  '2147483648',
  '99999999999',
  '1e309',
] as const

/** The fragments that are markup doing something: none may ever appear raw in a page. */
const ACTIVE_MARKUP = FRAGMENTS.filter((fragment) => /<[a-z/]/i.test(fragment) && /alert/.test(fragment))

type ValueOf<A> = A extends fc.Arbitrary<infer T> ? T : never

const fragment = fc.constantFrom(...FRAGMENTS)
const loneSurrogate = fc.integer({ min: 0xd800, max: 0xdfff }).map((code) => String.fromCharCode(code))

const shortText = (maxLength = 40) =>
  fc.oneof(
    fc.string({ unit: 'grapheme', maxLength }),
    fc.string({ unit: 'binary', maxLength }),
    fc.string({ unit: 'binary-ascii', maxLength }),
    fc.string({ unit: fc.oneof(fragment, loneSurrogate, fc.string({ unit: 'grapheme', maxLength: 4 })), maxLength: 8 }),
  )

/** Strings just under, at and over each stored-text limit. */
const atLimits = fc
  .tuple(
    fc.constantFrom(...new Set(Object.values(TEXT_LIMITS))),
    fc.integer({ min: -1, max: 1 }),
    fc.constantFrom('x', 'é', '😀', '<', ' '),
  )
  .map(([limit, delta, unit]) => unit.repeat(limit + delta))

/** 100 KB to 1.2 MB (the JSON body limit is 1 MB). */
const huge = fc
  .tuple(fc.oneof(fragment, fc.constant('a')), fc.integer({ min: 100_000, max: 1_200_000 }))
  .map(([piece, length]) => piece.repeat(Math.ceil(length / piece.length)))

const hostileText: fc.Arbitrary<string> = fc.oneof(
  { weight: 8, arbitrary: shortText() },
  { weight: 2, arbitrary: atLimits },
  { weight: 1, arbitrary: huge },
)

/** Arrays or objects 100 to 3000 levels deep. */
const deeplyNested = fc
  .record({
    depth: fc.integer({ min: 100, max: 3000 }),
    kind: fc.constantFrom('array', 'object', 'mixed'),
    leaf: fc.oneof(fragment, fc.constant(null)),
  })
  .map(({ depth, kind, leaf }) => {
    let value: unknown = leaf
    for (let level = 0; level < depth; level++) {
      value = kind === 'array' || (kind === 'mixed' && level % 2 === 0) ? [value] : { a: value }
    }
    return value
  })

const hostileNumber = fc.oneof(
  fc.integer(),
  fc.double(),
  fc.constantFrom(0, -0, -1, 1.5, INT32_MAX, INT32_MAX + 1, 99_999_999_999, 2 ** 53 + 2, 1e308, -1e308),
)

const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 5, arbitrary: hostileText },
  { weight: 1, arbitrary: fc.constant(null) },
  { weight: 1, arbitrary: fc.boolean() },
  { weight: 2, arbitrary: hostileNumber },
  { weight: 1, arbitrary: fc.array(hostileText, { maxLength: 4 }) },
  { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 3 }) },
  { weight: 1, arbitrary: fc.anything({ maxDepth: 3, withNullPrototype: true }) },
  { weight: 1, arbitrary: deeplyNested },
)

/** A valid value with a fragment or random text spliced in somewhere. */
const laced = (valid: fc.Arbitrary<string>) =>
  fc
    .tuple(valid, fc.oneof(fragment, shortText(12)), fc.nat())
    .map(([text, piece, at]) => `${text.slice(0, at % (text.length + 1))}${piece}${text.slice(at % (text.length + 1))}`)

/** A field that is mostly valid, sometimes laced, sometimes anything at all. */
const fieldOf = (valid: fc.Arbitrary<string>) =>
  fc.oneof(
    { weight: 4, arbitrary: valid },
    { weight: 3, arbitrary: laced(valid) },
    { weight: 2, arbitrary: hostileValue },
  )

/** Extra keys, prototype-shaped ones included. */
const extraKeys = fc.dictionary(
  fc.oneof(fragment, fc.constantFrom('__proto__', 'constructor', 'prototype', 'id', 'isAdmin'), fc.string()),
  hostileValue,
  { maxKeys: 2 },
)

/** Almost-valid objects, with extra keys, in arrays, or anything in place of the object. */
const bodyLike = (almost: fc.Arbitrary<Record<string, unknown>>) =>
  fc.oneof(
    { weight: 6, arbitrary: almost },
    { weight: 1, arbitrary: fc.tuple(almost, extraKeys).map(([known, extra]) => ({ ...extra, ...known })) },
    { weight: 1, arbitrary: fc.array(almost, { minLength: 1, maxLength: 3 }) },
    { weight: 2, arbitrary: hostileValue },
  )

/** Text that keeps its type but not its content: random, or laced with one or two fragments. */
const textOf = (valid: fc.Arbitrary<string>) => fc.oneof(valid, laced(valid), laced(laced(valid)))

const validEmail = fc.oneof(fc.constant('jane@example.org'), fc.emailAddress())

/**
 * Each input comes in two kinds: right in shape with hostile text (what reaches the services and
 * the database), and any field anything at all (what the schema must refuse).
 */
const contactLike = fc.oneof(
  fc.record({
    name: textOf(fc.constantFrom('Jane Doe', 'Zoë Ångström', '李小龙')),
    email: validEmail,
    subject: textOf(fc.constantFrom('A question', 'Sessions near me')),
    message: textOf(fc.constantFrom('Hello, I would like to know more.', 'm'.repeat(TEXT_LIMITS.message - 20))),
  }),
  fc.record(
    {
      name: fieldOf(fc.constantFrom('Jane Doe', 'Zoë Ångström', '李小龙')),
      email: fieldOf(validEmail),
      subject: fieldOf(fc.constantFrom('A question', 'Sessions near me')),
      message: fieldOf(fc.constantFrom('Hello, I would like to know more.', 'm'.repeat(TEXT_LIMITS.message))),
      website: fieldOf(fc.constant('')),
    },
    { requiredKeys: ['name', 'email', 'subject', 'message'] },
  ),
)
const newsletterLike = fc.record({ email: fc.oneof(validEmail, fieldOf(validEmail)) })

const optionalTextField = (valid: string) => fc.oneof(fieldOf(fc.constant(valid)), fc.constantFrom(null, ''))
const validUrl = fc.oneof(fc.constant('https://doi.org/10.1007/s12576-019-00678-5'), fc.webUrl())
const studyLike = fc.oneof(
  fc.record(
    {
      title: textOf(fc.constantFrom('A study', 'Mild hyperbaric oxygen: mechanisms and effects')),
      authors: textOf(fc.constant('Ishihara A')),
      journal: textOf(fc.constant('The Journal of Physiological Sciences')),
      year: fc.constantFrom('2019', '', null),
      volume: textOf(fc.constantFrom('69', 'Suppl 1')),
      issue: textOf(fc.constant('4')),
      pages: textOf(fc.constantFrom('573-580', 'e0115685')),
      category: fc.constantFrom(...STUDY_CATEGORIES),
      url: textOf(validUrl),
      summary: textOf(fc.constant('A review.')),
      attachmentUrl: fc.oneof(fragment, validUrl),
    },
    { requiredKeys: ['title', 'category', 'url'] },
  ),
  fc.record(
    {
      title: fieldOf(fc.constantFrom('A study', 'Mild hyperbaric oxygen: mechanisms and effects')),
      authors: optionalTextField('Ishihara A'),
      journal: optionalTextField('The Journal of Physiological Sciences'),
      year: optionalTextField('2019'),
      volume: optionalTextField('69'),
      issue: optionalTextField('4'),
      pages: optionalTextField('573-580'),
      category: fieldOf(fc.constantFrom(...STUDY_CATEGORIES)),
      url: fieldOf(validUrl),
      summary: optionalTextField('A review.'),
      attachmentFileId: fc.oneof(fc.constant(null), fc.uuid(), hostileValue),
      attachmentUrl: hostileValue,
    },
    { requiredKeys: ['title', 'category', 'url'] },
  ),
)

/** Study ids as they arrive in a path or an input: numbers, numeric text of any size, garbage. */
const studyIdText = fc.oneof(
  fc.constantFrom('1', '0', '-1', '01', ' 1', '1.5', '1e3', '0x10', 'NaN', 'Infinity', '1e400'),
  fc.constantFrom(String(INT32_MAX), String(INT32_MAX + 1), '99999999999', '9007199254740993'),
  fc.bigInt({ min: -(2n ** 70n), max: 2n ** 70n }).map(String),
  fc.double().map(String),
  shortText(),
)
const studyIdValue: fc.Arbitrary<unknown> = fc.oneof(studyIdText, hostileNumber, hostileValue)

const testimonialFields = {
  name: fc.constantFrom('Test Author', 'Zoë Ångström', '李小龙'),
  location: fc.constantFrom('Springfield', ''),
  testimonial: fc.constantFrom('Sessions were calm and well explained.', 't'.repeat(TEXT_LIMITS.testimonial - 5)),
}
const testimonialLike = fc.oneof(
  fc.record(
    {
      name: textOf(testimonialFields.name),
      location: textOf(testimonialFields.location),
      testimonial: textOf(testimonialFields.testimonial),
      consent: fc.constant(true),
      isApproved: fc.boolean(),
    },
    { requiredKeys: ['name', 'testimonial', 'consent'] },
  ),
  fc.record(
    {
      name: fieldOf(testimonialFields.name),
      location: optionalTextField('Springfield'),
      testimonial: fieldOf(testimonialFields.testimonial),
      consent: fc.oneof(fc.constant(true), hostileValue),
      isApproved: fc.oneof(fc.boolean(), hostileValue),
      website: fieldOf(fc.constant('')),
    },
    { requiredKeys: [] },
  ),
)
const messagePatchLike = fc.record(
  { status: fc.oneof(fc.constantFrom(...MESSAGE_STATUSES), hostileValue) },
  { requiredKeys: [] },
)
const postLike = fc.record(
  {
    title: fieldOf(fc.constantFrom('A post', 'Board meeting: June')),
    slug: fc.oneof(fc.constantFrom('a-post', 'board-meeting'), hostileValue),
    summary: fieldOf(fc.constantFrom('What happened.')),
    body: optionalTextField('Some *news*.'),
    status: fc.oneof(fc.constantFrom('draft', 'published', 'scheduled'), hostileValue),
    publishAt: fc.oneof(fc.constantFrom('2099-01-01T00:00:00Z', ''), hostileValue),
  },
  { requiredKeys: [] },
)
/** A standard's inputs: a visitor's comment, and the editors' drafts, reviews, publications and answers. */
const commentLike = fc.oneof(
  fc.record({
    name: textOf(fc.constantFrom('Dana Reader', '李小龙')),
    email: validEmail,
    section: textOf(fc.constantFrom('Before the session', '2. Scope')),
    comment: textOf(fc.constantFrom('The checklist should ask about recent ear surgery.')),
    consent: fc.boolean(),
  }),
  fc.record(
    {
      name: fieldOf(fc.constantFrom('Dana Reader')),
      organisation: optionalTextField('A studio'),
      email: fieldOf(validEmail),
      section: fieldOf(fc.constantFrom('Before the session', 's'.repeat(TEXT_LIMITS.section))),
      comment: fieldOf(fc.constantFrom('A comment long enough.', 'c'.repeat(TEXT_LIMITS.comment))),
      proposedChange: optionalTextField('Add a line.'),
      consent: fc.oneof(fc.boolean(), fc.constantFrom('on', 'true'), hostileValue),
      website: fieldOf(fc.constant('')),
    },
    { requiredKeys: ['name', 'email', 'section', 'comment'] },
  ),
)
const versionLabelLike = fc.oneof(fc.constantFrom('1.0', '1.1', '2.0', '1..1', '1.a', ''), hostileValue)
const draftLike = fc.record(
  {
    version: versionLabelLike,
    changeSummary: fieldOf(fc.constant('A change.')),
    body: optionalTextField('## A\n\nB.'),
  },
  { requiredKeys: [] },
)
const versionPatchLike = fc.record(
  { body: fieldOf(fc.constant('## A\n\nText.')), changeSummary: fieldOf(fc.constant('Said better.')) },
  { requiredKeys: [] },
)
const reviewLike = fc.record(
  {
    closesAt: fc.oneof(
      fc.constantFrom('2099-01-01', new Date(Date.now() + 40 * 86_400_000).toISOString()),
      hostileValue,
    ),
  },
  { requiredKeys: [] },
)
const publishLike = fc.record(
  { effectiveDate: fc.oneof(fc.constantFrom('2027-01-01', '2027-02-30', '27-1-1'), hostileValue) },
  { requiredKeys: [] },
)
const answerLike = fc.record(
  {
    disposition: fc.oneof(fc.constantFrom(...DISPOSITIONS), hostileValue),
    response: fieldOf(fc.constant('Thank you; changed.')),
  },
  { requiredKeys: [] },
)
const hideLike = fc.record(
  { hidden: fc.oneof(fc.boolean(), hostileValue), reason: optionalTextField('Spam') },
  { requiredKeys: [] },
)
const standardNumberLike = fc.oneof(fc.constantFrom('MHBOT-SC-G-002', 'MHBOT-SC/G-002', 'MHBOT-SC-999'), hostileValue)
const documentLike = fc.record(
  {
    number: fc.oneof(standardNumberLike, fc.constantFrom('MHBOT-SC/G-099', 'g-100', 'A//B', '')),
    title: fieldOf(fc.constant('A new guide')),
    kind: fc.oneof(fc.constantFrom('guide', 'position statement', 'memo'), hostileText),
    description: optionalTextField('What it is for.'),
    version: fc.option(versionLabelLike, { nil: undefined }),
    changeSummary: fieldOf(fc.constant('First edition.')),
    body: fieldOf(fc.constant('## Scope\n\nText.')),
  },
  { requiredKeys: [] },
)

const resourceLike = fc.record(
  {
    title: fieldOf(fc.constantFrom('A resource', 'Position statement MHBOT-SC/002')),
    description: optionalTextField('What it covers.'),
    category: fieldOf(fc.constantFrom(...RESOURCE_CATEGORIES)),
    fileId: fc.oneof(fc.uuid(), hostileValue),
  },
  { requiredKeys: [] },
)

const subscriberIdValue = fc.oneof(fc.uuid(), hostileValue)

/** A registry listing's fields, almost valid: a facility or a chamber model (ATA around the 2.0 limit). */
const listingIdValue = fc.oneof(fc.uuid(), fc.constant('EXISTING-LISTING'), hostileValue)
const listingLike = fc.record(
  {
    kind: fieldOf(fc.constantFrom('facility', 'chamber')),
    organisationName: fieldOf(fc.constant('Example Wellness Centre')),
    website: optionalTextField('https://example.org'),
    contactEmail: fc.oneof(validEmail, fieldOf(validEmail)),
    street: fieldOf(fc.constant('1 Example Street')),
    city: fieldOf(fc.constant('Austin')),
    region: fieldOf(fc.constant('TX')),
    postalCode: fieldOf(fc.constantFrom('78701', '00000', '787')),
    country: optionalTextField('United States'),
    chambers: fc.oneof(
      fc.array(
        fc.oneof(fc.record({ listingId: listingIdValue }), fc.record({ name: fieldOf(fc.constant('A chamber')) })),
      ),
      hostileValue,
    ),
    manufacturer: fieldOf(fc.constant('Example Chambers')),
    modelName: fieldOf(fc.constant('Calm 1.3')),
    maxPressureAta: fc.oneof(fc.constantFrom(1.3, 2, 2.01, 2.4, 1, 0.5, 1.333), hostileNumber, hostileValue),
    fda510k: optionalTextField('K123456'),
    statedStandards: fc.oneof(fc.subarray(['ASME PVHO-1', 'ISO 13485']), hostileValue),
    declarations: fc.oneof(
      fc.array(fc.record({ number: standardNumberLike, version: versionLabelLike }), { maxLength: 3 }),
      hostileValue,
    ),
    listedOn: optionalTextField('2026-01-01'),
    expiresOn: optionalTextField('2099-01-01'),
    documentIds: fc.oneof(fc.array(fc.oneof(fc.uuid(), hostileValue), { maxLength: 3 }), hostileValue),
  },
  { requiredKeys: [] },
)
const statusChangeLike = fc.record(
  {
    id: listingIdValue,
    action: fieldOf(fc.constantFrom('suspend', 'reinstate', 'withdraw', 'renew')),
    reason: fieldOf(fc.constant('Evidence under review by the council.')),
    expiresOn: optionalTextField('2099-01-01'),
  },
  { requiredKeys: [] },
)

/** An application's fields, almost valid: the listing's, the applicant's and the declaration. */
const applicationLike = fc
  .tuple(
    listingLike,
    fc.record(
      {
        contactName: fieldOf(fc.constant('Test Applicant')),
        signatoryName: fieldOf(fc.constant('Test Signatory')),
        signatoryTitle: fieldOf(fc.constant('Director')),
        declaration: fc.oneof(fc.constantFrom(true, 'on', false, ''), hostileValue),
        renew: optionalTextField('x.y'),
        fax: optionalTextField(''),
        chambers: fc.oneof(fc.constant('Example Chamber One\nExample Chamber Two'), hostileValue),
        declarations: fc.oneof(
          fc.constantFrom(['MHBOT-SC/G-002:1.0'], [{ number: 'MHBOT-SC/G-002', version: '1.0' }], 'MHBOT-SC-G-002 9.9'),
          hostileValue,
        ),
      },
      { requiredKeys: [] },
    ),
  )
  .map(([listing, applicant]) => ({ ...listing, ...applicant }))
const concernLike = fc.record(
  {
    name: fieldOf(fc.constant('Test Visitor')),
    email: fc.oneof(validEmail, fieldOf(validEmail)),
    whatHappened: fieldOf(fc.constant('The chamber was run above its rated pressure.')),
    when: fieldOf(fc.constant('Last Tuesday')),
    consent: fc.oneof(fc.boolean(), fc.constant('on'), hostileValue),
    website: optionalTextField(''),
  },
  { requiredKeys: [] },
)
const threadLike = fc.record(
  { id: listingIdValue, body: fieldOf(fc.constant('A question about the evidence.')) },
  { requiredKeys: [] },
)
const reasonLike = fc.record(
  { id: listingIdValue, reason: fieldOf(fc.constant('The evidence does not match the declaration.')) },
  { requiredKeys: [] },
)
const closeLike = fc.record(
  {
    id: listingIdValue,
    outcome: fieldOf(fc.constant('Looked into with the operator.')),
    statusChange: fc.oneof(
      fc.record(
        {
          action: fieldOf(fc.constantFrom('suspend', 'withdraw', 'renew')),
          reason: fieldOf(fc.constant('A public reason long enough.')),
        },
        { requiredKeys: [] },
      ),
      hostileValue,
    ),
  },
  { requiredKeys: [] },
)

/** Request bodies that are not what the route parses: any content type, any bytes. */
const rawBody = fc.record({
  contentType: fc.option(
    fc.oneof(
      fc.constantFrom(
        'application/json',
        'application/json; charset=utf-16',
        'application/json; charset=latin1',
        'APPLICATION/JSON',
        'text/plain',
        'text/html',
        'application/xml',
        'application/x-www-form-urlencoded',
        'multipart/form-data',
        'multipart/form-data; boundary=x',
        'application/octet-stream',
        'application/csp-report',
        '*/*',
        '',
        ';',
      ),
      fc.string({ unit: 'grapheme-ascii', maxLength: 40 }),
    ),
    { nil: undefined },
  ),
  body: fc.oneof(
    shortText(200),
    huge,
    fc.uint8Array({ maxLength: 300 }).map((bytes) => Buffer.from(bytes)),
    fc.jsonValue().map((value) => JSON.stringify(value).slice(0, -1)), // truncated JSON
    fc.constantFrom(
      '{"__proto__":{"polluted":1}}',
      '{"constructor":{"prototype":{"polluted":1}}}',
      '{"json":{"__proto__":{"polluted":1}}}',
      '[',
      '{"a":',
      '\u0000',
      'null',
      '1e999999',
      '"\\ud800"',
      `${'['.repeat(100_000)}${']'.repeat(100_000)}`,
    ),
  ),
})

// ---------------------------------------------------------------------------------------------
// Sending, and the checks every answer gets
// ---------------------------------------------------------------------------------------------

type Sent = {
  method: NonNullable<InjectOptions['method']>
  url: string
  headers?: Record<string, string>
  payload?: string | Buffer
}

const clip = (text: string, max = 400) => (text.length > max ? `${text.slice(0, max)}… (${text.length} chars)` : text)

function describeRequest(request: Sent): string {
  const body =
    request.payload === undefined
      ? ''
      : typeof request.payload === 'string'
        ? JSON.stringify(clip(request.payload))
        : `<${request.payload.length} bytes> ${JSON.stringify(clip(request.payload.toString('latin1')))}`
  return `${request.method} ${clip(request.url, 300)} ${JSON.stringify(request.headers ?? {})} ${body}`
}

/** Any code point sequence as well-formed UTF-16 (lone surrogates become U+FFFD), so it can be URL-encoded. */
const wellFormed = (text: string) => Buffer.from(text, 'utf8').toString('utf8')
const encode = (text: string) => encodeURIComponent(wellFormed(text))

const PROTOTYPE_KEYS = {
  object: Object.getOwnPropertyNames(Object.prototype).sort(),
  array: Object.getOwnPropertyNames(Array.prototype).sort(),
}

/** What the checks read from an answer, whether it came through inject() or a socket. */
type Answer = {
  statusCode: number
  headers: Record<string, string | string[] | number | undefined>
  body: string
  cookies: { name: string }[]
  json: () => unknown
}

const listening = new WeakMap<FastifyInstance, Promise<string>>()
/**
 * inject() cannot carry a multipart body to tRPC: its adapter streams the body only from a real
 * IncomingMessage, and light-my-request's request is not one (a 500 that never happens on a
 * socket). Those requests go over a socket to the same app.
 */
async function overSocket(request: Sent, app: FastifyInstance): Promise<Answer> {
  let base = listening.get(app)
  if (!base) {
    base = app.listen({ port: 0, host: '127.0.0.1' })
    listening.set(app, base)
  }
  const response = await fetch(`${await base}${request.url}`, {
    method: request.method,
    headers: request.headers,
    body:
      typeof request.payload === 'string' || request.payload === undefined
        ? request.payload
        : new Uint8Array(request.payload),
  })
  const body = await response.text()
  return {
    statusCode: response.status,
    headers: Object.fromEntries(response.headers),
    body,
    cookies: response.headers.getSetCookie().map((cookie) => ({ name: cookie.split('=')[0] ?? '' })),
    json: () => JSON.parse(body),
  }
}

const needsSocket = (request: Sent) =>
  request.url.startsWith('/trpc/') && /multipart/i.test(request.headers?.['content-type'] ?? '')

/**
 * Sends one request and checks what every answer must satisfy: below 500, security headers on,
 * no markup from the fragments alive in an HTML answer, no prototype touched.
 */
async function send(request: Sent, app: FastifyInstance = setup.app): Promise<Answer> {
  const response: Answer = needsSocket(request)
    ? await overSocket(request, app)
    : await app.inject({ method: request.method, url: request.url, headers: request.headers, payload: request.payload })
  const what = `${describeRequest(request)}\n→ ${response.statusCode} ${clip(response.body, 300)}`
  expect(response.statusCode, what).toBeLessThan(500)
  expect(response.headers['x-content-type-options'], what).toBe('nosniff')
  if (String(response.headers['content-type'] ?? '').startsWith('text/html')) expectNoActiveMarkup(response.body, what)
  expect(Object.getOwnPropertyNames(Object.prototype).sort(), what).toEqual(PROTOTYPE_KEYS.object)
  expect(Object.getOwnPropertyNames(Array.prototype).sort(), what).toEqual(PROTOTYPE_KEYS.array)
  return response
}

function expectNoActiveMarkup(html: string, what: string) {
  const lower = html.toLowerCase()
  for (const markup of ACTIVE_MARKUP) expect(lower.includes(markup.toLowerCase()), `${markup} in ${what}`).toBe(false)
}

const jsonRequest = (method: Sent['method'], url: string, value: unknown, cookie?: string): Sent => {
  const payload = JSON.stringify(value)
  return {
    method,
    url,
    headers: { ...SAME_ORIGIN, 'content-type': 'application/json', ...(cookie ? { cookie } : {}) },
    ...(payload === undefined ? {} : { payload }),
  }
}

/** The value as the server sees it after JSON (undefined dropped, -0 and NaN changed). */
const overJson = (value: unknown): unknown => {
  const text = JSON.stringify(value)
  return text === undefined ? undefined : JSON.parse(text)
}

/** Fastify answers 413 past its 1 MB body limit before any route runs. */
const withinBodyLimit = (payload: string | undefined) =>
  payload === undefined || Buffer.byteLength(payload) <= 1024 * 1024

/** Fastify refuses these keys (secure-json-parse) before any route runs, whatever the schema says. */
const hasPrototypeKeys = (payload: string | undefined) =>
  payload !== undefined && /"(__proto__|constructor)"/.test(payload)

// ---------------------------------------------------------------------------------------------
// What is stored
// ---------------------------------------------------------------------------------------------

const COUNTED = {
  contact_submissions: contactSubmissions,
  newsletter_subscribers: newsletterSubscribers,
  research_studies: researchStudies,
  testimonials,
  educational_resources: educationalResources,
  audit_log: auditLog,
  attachments,
  standard_documents: standardDocuments,
  standard_versions: standardVersions,
  standard_comments: standardComments,
  listings,
  listing_chambers: listingChambers,
  listing_declarations: listingDeclarations,
  listing_documents: listingDocuments,
  listing_status_changes: listingStatusChanges,
  registry_applications: registryApplications,
  registry_application_messages: registryApplicationMessages,
  registry_application_documents: registryApplicationDocuments,
  registry_concerns: registryConcerns,
} as const
type Stored = Record<keyof typeof COUNTED, number> & { studies: string; settings: string }

/** Row counts of the tables input can reach, and the studies' content (an update changes no count). */
async function stored(): Promise<Stored> {
  const db = setup.database.handle.db
  const counts: Record<string, number> = {}
  for (const [name, table] of Object.entries(COUNTED)) {
    const [row] = await db.select({ n: count() }).from(table)
    counts[name] = row?.n ?? 0
  }
  const studies = await db.select().from(researchStudies).orderBy(researchStudies.id)
  // The council's settings are one row that a save updates: its content, not a count.
  const settings = await db.select().from(councilSettings)
  return {
    ...(counts as Record<keyof typeof COUNTED, number>),
    studies: JSON.stringify(studies),
    settings: JSON.stringify(settings),
  }
}

async function expectNothingStored(before: Stored, request: Sent, response: Answer) {
  const after = await stored()
  expect(after, `stored from ${describeRequest(request)} → ${response.statusCode}`).toEqual(before)
}

// ---------------------------------------------------------------------------------------------
// Coverage: the properties below name every route and procedure
// ---------------------------------------------------------------------------------------------

/** Every REST route (method and path, HEAD aside) and the property that sends it hostile input. */
const REST_ENDPOINTS: Record<string, string> = {
  'GET /healthz': 'GET routes with random query strings',
  'GET /readyz': 'GET routes with random query strings',
  'GET /robots.txt': 'GET routes with random query strings',
  'GET /sitemap.xml': 'GET routes with random query strings',
  'GET /api/testimonials': 'GET routes with random query strings',
  'GET /api/resources': 'GET routes with random query strings',
  'GET /api/research-studies': 'GET routes with random query strings',
  'GET /api/login': 'GET routes with random query strings',
  'GET /api/login/link': 'GET routes with random query strings',
  'GET /api/login/email': 'GET routes with random query strings',
  'GET /api/logout': 'GET routes with random query strings',
  'GET /api/callback': 'GET /api/callback with a configured issuer',
  'GET /api/auth/user': 'GET routes with random query strings',
  'GET /files/:id/:name': 'GET routes with random path parameters',
  'GET /api/news': 'GET routes with random query strings',
  'GET /api/search': 'GET routes with random query strings',
  'GET /news/feed.xml': 'GET routes with random query strings',
  'GET /api/news/:slug': 'GET routes with random path parameters',
  'GET /api/admin/news': 'admin lists with random query strings',
  'POST /api/admin/news': 'admin REST writes with hostile ids and JSON',
  'PATCH /api/admin/news/:id': 'admin REST writes with hostile ids and JSON',
  'DELETE /api/admin/news/:id': 'admin REST writes with hostile ids and JSON',
  'GET /downloads/:file': 'GET routes with random path parameters',
  'GET *': 'pages at random paths',
  'POST /api/contact': 'POST /api/contact',
  'POST /api/newsletter/subscribe': 'POST /api/newsletter/subscribe',
  'POST /api/research-studies': 'POST /api/research-studies',
  'PATCH /api/research-studies/:id': 'PATCH /api/research-studies/:id',
  'DELETE /api/research-studies/:id': 'DELETE /api/research-studies/:id',
  'POST /api/upload/research-attachment': 'POST /api/upload/research-attachment',
  'POST /api/upload/resource-file': 'POST /api/upload/research-attachment',
  'POST /api/testimonials': 'POST /api/testimonials',
  'GET /api/admin/contact-submissions': 'admin lists with random query strings',
  'GET /api/admin/testimonials': 'admin lists with random query strings',
  'GET /api/admin/activity': 'admin lists with random query strings',
  'GET /api/admin/research-studies': 'admin lists with random query strings',
  'GET /api/admin/resources': 'admin lists with random query strings',
  'PATCH /api/admin/contact-submissions/:id': 'admin REST writes with hostile ids and JSON',
  'DELETE /api/admin/contact-submissions/:id': 'admin REST writes with hostile ids and JSON',
  'POST /api/admin/testimonials': 'admin REST writes with hostile ids and JSON',
  'PATCH /api/admin/testimonials/:id': 'admin REST writes with hostile ids and JSON',
  'DELETE /api/admin/testimonials/:id': 'admin REST writes with hostile ids and JSON',
  'POST /api/admin/resources': 'admin REST writes with hostile ids and JSON',
  'PATCH /api/admin/resources/:id': 'admin REST writes with hostile ids and JSON',
  'DELETE /api/admin/resources/:id': 'admin REST writes with hostile ids and JSON',
  'GET /api/admin/subscribers': 'admin lists with random query strings',
  'GET /api/admin/subscribers.csv': 'admin lists with random query strings',
  'GET /api/admin/subscribers/suppressed.csv': 'admin lists with random query strings',
  'POST /api/mail/events/:provider': 'mail provider events with hostile bodies',
  'PATCH /api/admin/subscribers/:id': 'admin REST writes with hostile ids and JSON',
  'DELETE /api/admin/subscribers/:id': 'admin REST writes with hostile ids and JSON',
  'GET /newsletter/unsubscribe': 'GET routes with random query strings',
  'GET /newsletter/confirm': 'GET routes with random query strings',
  'POST /newsletter/unsubscribe': 'newsletter links with hostile tokens and bodies',
  'POST /api/newsletter/unsubscribe': 'newsletter links with hostile tokens and bodies',
  'POST /api/newsletter/confirm': 'newsletter links with hostile tokens and bodies',
  'GET /api/team/join': 'GET routes with random query strings',
  'POST /api/team/join': 'sign-in posts with hostile bodies',
  'POST /api/login/email': 'sign-in posts with hostile bodies',
  'POST /api/login/link': 'sign-in posts with hostile bodies',
  'GET /api/admin/team': 'admin lists with random query strings',
  'GET /api/admin/sessions': 'admin lists with random query strings',
  'GET /api/admin/news/recipients': 'admin lists with random query strings',
  'GET /api/admin/news/:id/delivery': 'admin REST writes with hostile ids and JSON',
  'POST /api/admin/news/:id/test-send': 'admin REST writes with hostile ids and JSON',
  'POST /api/admin/news/:id/send': 'admin REST writes with hostile ids and JSON',
  'POST /api/admin/news/:id/delivery/cancel': 'admin REST writes with hostile ids and JSON',
  'POST /api/admin/team/invitations': 'team writes with hostile ids and JSON',
  'DELETE /api/admin/team/invitations/:id': 'team writes with hostile ids and JSON',
  'PATCH /api/admin/team/members/:id': 'team writes with hostile ids and JSON',
  'DELETE /api/admin/team/members/:id': 'team writes with hostile ids and JSON',
  'DELETE /api/admin/team/members/:id/sessions': 'team writes with hostile ids and JSON',
  'DELETE /api/admin/sessions/:id': 'team writes with hostile ids and JSON',
  'GET /api/standards': 'GET routes with random query strings',
  'GET /api/standards/:number': 'standards with hostile numbers, versions and bodies',
  'GET /api/standards/:number/versions/:version': 'standards with hostile numbers, versions and bodies',
  'GET /api/standards/:number/versions/:version/comments': 'standards with hostile numbers, versions and bodies',
  'POST /api/standards/:number/versions/:version/comments': 'standards with hostile numbers, versions and bodies',
  'GET /api/standards/:number/compare': 'standards with hostile numbers, versions and bodies',
  'GET /api/standards/:number/versions/:version/changes': 'standards with hostile numbers, versions and bodies',
  'POST /api/admin/standards': 'standards with hostile numbers, versions and bodies',
  'GET /api/admin/standards': 'admin lists with random query strings',
  'GET /api/admin/comments': 'admin lists with random query strings',
  'POST /api/admin/standards/:number/versions': 'standards with hostile numbers, versions and bodies',
  'GET /api/admin/standards/:number/versions/:version': 'standards with hostile numbers, versions and bodies',
  'PATCH /api/admin/standards/:number/versions/:version': 'standards with hostile numbers, versions and bodies',
  'POST /api/admin/standards/:number/versions/:version/review': 'standards with hostile numbers, versions and bodies',
  'POST /api/admin/standards/:number/versions/:version/publish': 'standards with hostile numbers, versions and bodies',
  'POST /api/admin/standards/:number/versions/:version/withdraw': 'standards with hostile numbers, versions and bodies',
  'POST /api/admin/standards/:number/versions/:version/announce': 'standards with hostile numbers, versions and bodies',
  'GET /api/admin/standards/:number/versions/:version/comments': 'standards with hostile numbers, versions and bodies',
  'PATCH /api/admin/comments/:id/answer': 'standards with hostile numbers, versions and bodies',
  'PATCH /api/admin/comments/:id/hidden': 'standards with hostile numbers, versions and bodies',
  'GET /api/registry': 'GET routes with random query strings',
  'GET /registry/changes.xml': 'GET routes with random query strings',
  'GET /api/registry/:number': 'the registry with hostile numbers, ids and bodies',
  'GET /registry/:number/badge.svg': 'the registry with hostile numbers, ids and bodies',
  'GET /api/admin/registry/documents/:id': 'the registry with hostile numbers, ids and bodies',
  'POST /api/upload/registry-document': 'POST /api/upload/research-attachment',
  'POST /api/registry/applications': 'registry applications and concerns with hostile bodies',
  'GET /registry/application/open': 'registry applications and concerns with hostile bodies',
  'POST /api/registry/application/open': 'registry applications and concerns with hostile bodies',
  'GET /api/registry/application': 'registry applications and concerns with hostile bodies',
  'POST /api/registry/application/answers': 'registry applications and concerns with hostile bodies',
  'POST /api/registry/application/documents': 'registry applications and concerns with hostile bodies',
  'POST /api/registry/:number/concerns': 'registry applications and concerns with hostile bodies',
  'GET /api/admin/registry/applications': 'registry applications and concerns with hostile bodies',
  'GET /api/admin/registry/applications/:id': 'registry applications and concerns with hostile bodies',
  'POST /api/admin/registry/applications/:id/questions': 'registry applications and concerns with hostile bodies',
  'POST /api/admin/registry/applications/:id/approve': 'registry applications and concerns with hostile bodies',
  'POST /api/admin/registry/applications/:id/decline': 'registry applications and concerns with hostile bodies',
  'GET /api/admin/registry/concerns': 'registry applications and concerns with hostile bodies',
  'GET /api/admin/registry/concerns/:id': 'registry applications and concerns with hostile bodies',
  'POST /api/admin/registry/concerns/:id/look': 'registry applications and concerns with hostile bodies',
  'POST /api/admin/registry/concerns/:id/close': 'registry applications and concerns with hostile bodies',
  'GET /api/admin/settings': 'the council settings with hostile bodies',
  'GET /api/faq': 'the FAQ with hostile bodies',
  'GET /api/admin/faq': 'the FAQ with hostile bodies',
  'PUT /api/admin/faq/draft': 'the FAQ with hostile bodies',
  'POST /api/admin/faq/publish': 'the FAQ with hostile bodies',
  'GET /api/admin/faq/revisions': 'the FAQ with hostile bodies',
  'GET /api/admin/faq/revisions/:revision': 'the FAQ with hostile bodies',
  'POST /api/admin/faq/revisions/:revision/restore': 'the FAQ with hostile bodies',
  'PUT /api/admin/settings': 'the council settings with hostile bodies',
  'GET /api/pages/:key': 'the pages with hostile bodies',
  'GET /api/admin/pages': 'the pages with hostile bodies',
  'GET /api/admin/pages/:key': 'the pages with hostile bodies',
  'POST /api/admin/pages/:key/preview': 'the pages with hostile bodies',
  'PUT /api/admin/pages/:key/draft': 'the pages with hostile bodies',
  'POST /api/admin/pages/:key/publish': 'the pages with hostile bodies',
  'GET /api/admin/pages/:key/revisions': 'the pages with hostile bodies',
  'GET /api/admin/pages/:key/revisions/:revision': 'the pages with hostile bodies',
  'POST /api/admin/pages/:key/revisions/:revision/restore': 'the pages with hostile bodies',
}

type MutationCase = { schema: z.ZodType; input: fc.Arbitrary<unknown> }

/** The team's inputs: an address and a role, or a member's, invitation's or session's text id. */
const inviteLike = fc.record(
  {
    email: fc.oneof(validEmail, fieldOf(validEmail)),
    role: fc.oneof(fc.constantFrom('owner', 'editor', 'moderator'), hostileValue),
  },
  { requiredKeys: [] },
)
const faqVersionLike = fc.oneof({ weight: 3, arbitrary: fc.constant(0) }, { weight: 1, arbitrary: hostileValue })
const faqItemLike = fc.record(
  {
    question: fieldOf(fc.constantFrom('How long is a session?', 'Zoë’s question, in Ångström units?')),
    answer: fieldOf(fc.constantFrom('About an hour.', 'See the facility.')),
  },
  { requiredKeys: [] },
)
/** Mostly the starting FAQ with one question made hostile; sometimes anything at all. */
const faqDraftLike = fc.record(
  {
    version: faqVersionLike,
    content: fc.oneof(
      {
        weight: 3,
        arbitrary: faqItemLike.map((item) => ({
          ...STARTER_FAQ,
          categories: STARTER_FAQ.categories.map((category, index) =>
            index === 1 ? { ...category, items: [...category.items, item] } : category,
          ),
        })),
      },
      { weight: 1, arbitrary: hostileValue },
    ),
  },
  { requiredKeys: [] },
)
const pageCardLike = fc.record(
  {
    title: fieldOf(fc.constantFrom('Client Screening', 'Zoë’s card')),
    subtitle: fieldOf(fc.constantFrom('', 'A subtitle')),
    body: fieldOf(fc.constantFrom('Every client is screened.', '- one\n- two', '[the FAQ](/faq)')),
  },
  { requiredKeys: [] },
)
/** Mostly /safety's starting words with one card added, made hostile; sometimes anything at all. */
const pageContentLike = fc.oneof(
  {
    weight: 3,
    arbitrary: pageCardLike.map((card) => ({
      ...SAFETY_PAGE,
      sections: SAFETY_PAGE.sections.map((section, index) =>
        index === 1 ? { ...section, items: [...section.items, card] } : section,
      ),
    })),
  },
  { weight: 1, arbitrary: hostileValue },
)
const pageKeyLike = fc.oneof({ weight: 3, arbitrary: fc.constant('safety') }, { weight: 1, arbitrary: hostileValue })
const pageDraftLike = fc.record(
  { key: pageKeyLike, version: faqVersionLike, content: pageContentLike },
  { requiredKeys: [] },
)
const settingsLike = fc.record(
  {
    version: fc.oneof({ weight: 3, arbitrary: fc.constant(0) }, { weight: 1, arbitrary: hostileValue }),
    name: fieldOf(fc.constantFrom('Example Wellness Standards Council', 'Conseil Zoë Ångström')),
    email: fieldOf(validEmail),
    website: fieldOf(validUrl),
    phone: fieldOf(fc.constantFrom('+1 555 010 0707', 'Available upon request')),
    postalAddress: fieldOf(fc.constantFrom('', '12 Example Street\nSpringfield')),
    country: fieldOf(fc.constantFrom('USA', 'Canada')),
    replyTime: fieldOf(fc.constantFrom('2-3 business days', 'a week')),
    disclaimer: fieldOf(
      fc.constantFrom(
        'For wellness and education only: not medical advice. Ask a healthcare provider before any session.',
        'Wellness only.\nNot medical advice; consult a qualified healthcare provider before a session.',
      ),
    ),
  },
  { requiredKeys: [] },
)
const roleLike = fc.record(
  { role: fc.oneof(fc.constantFrom('editor', 'moderator'), hostileValue) },
  { requiredKeys: [] },
)
const opaqueIdLike = fc.record({ id: fc.oneof(fc.uuid(), studyIdText, hostileValue) }, { requiredKeys: [] })

/** Each tRPC mutation, the schema that decides what may be stored, and its almost-valid input. */
const MUTATIONS: Record<string, MutationCase> = {
  'contact.submit': { schema: ContactInputSchema, input: bodyLike(contactLike) },
  'newsletter.subscribe': { schema: NewsletterInputSchema, input: bodyLike(newsletterLike) },
  'researchStudies.create': { schema: ResearchStudyInputSchema, input: bodyLike(studyLike) },
  'researchStudies.update': {
    schema: z.object({ id: RowIdSchema, data: ResearchStudyInputSchema }),
    input: bodyLike(fc.record({ id: studyIdValue, data: bodyLike(studyLike) }, { requiredKeys: [] })),
  },
  'researchStudies.remove': {
    schema: z.object({ id: RowIdSchema }),
    input: bodyLike(fc.record({ id: studyIdValue }, { requiredKeys: [] })),
  },
  'testimonials.submit': { schema: TestimonialSubmissionSchema, input: bodyLike(testimonialLike) },
  'testimonials.create': { schema: AdminTestimonialInputSchema, input: bodyLike(testimonialLike) },
  'testimonials.update': {
    schema: z.object({ id: RowIdSchema, patch: TestimonialPatchSchema }),
    input: bodyLike(fc.record({ id: studyIdValue, patch: bodyLike(testimonialLike) }, { requiredKeys: [] })),
  },
  'testimonials.remove': {
    schema: z.object({ id: RowIdSchema }),
    input: bodyLike(fc.record({ id: studyIdValue }, { requiredKeys: [] })),
  },
  'messages.open': {
    schema: z.object({ id: RowIdSchema }),
    input: bodyLike(fc.record({ id: studyIdValue }, { requiredKeys: [] })),
  },
  'messages.setStatus': {
    schema: MessagePatchSchema.extend({ id: RowIdSchema }),
    input: bodyLike(fc.tuple(messagePatchLike, fc.record({ id: studyIdValue })).map(([a, b]) => ({ ...a, ...b }))),
  },
  'messages.remove': {
    schema: z.object({ id: RowIdSchema }),
    input: bodyLike(fc.record({ id: studyIdValue }, { requiredKeys: [] })),
  },
  'news.create': { schema: PostInputSchema, input: bodyLike(postLike) },
  'news.update': {
    schema: z.object({ id: RowIdSchema, data: PostInputSchema }),
    input: bodyLike(fc.record({ id: studyIdValue, data: bodyLike(postLike) }, { requiredKeys: [] })),
  },
  'news.remove': {
    schema: z.object({ id: RowIdSchema }),
    input: bodyLike(fc.record({ id: studyIdValue }, { requiredKeys: [] })),
  },
  'news.preview': {
    schema: PreviewInputSchema,
    input: bodyLike(fc.record({ body: optionalTextField('# A heading') }, { requiredKeys: [] })),
  },
  'resources.create': { schema: ResourceInputSchema, input: bodyLike(resourceLike) },
  'resources.update': {
    schema: z.object({ id: RowIdSchema, data: ResourceInputSchema }),
    input: bodyLike(fc.record({ id: studyIdValue, data: bodyLike(resourceLike) }, { requiredKeys: [] })),
  },
  'resources.remove': {
    schema: z.object({ id: RowIdSchema }),
    input: bodyLike(fc.record({ id: studyIdValue }, { requiredKeys: [] })),
  },
  'subscribers.setActive': {
    schema: SubscriberPatchSchema.extend({ id: SubscriberIdSchema }),
    input: bodyLike(
      fc.record({ id: subscriberIdValue, isActive: fc.oneof(fc.boolean(), hostileValue) }, { requiredKeys: [] }),
    ),
  },
  'subscribers.remove': {
    schema: z.object({ id: SubscriberIdSchema }),
    input: bodyLike(fc.record({ id: subscriberIdValue }, { requiredKeys: [] })),
  },
  'team.invite': { schema: InviteInputSchema, input: bodyLike(inviteLike) },
  'settings.save': { schema: CouncilSettingsInputSchema, input: bodyLike(settingsLike) },
  'faq.saveDraft': { schema: FaqDraftInputSchema, input: bodyLike(faqDraftLike) },
  'faq.publish': {
    schema: FaqPublishInputSchema,
    input: bodyLike(fc.record({ version: faqVersionLike }, { requiredKeys: [] })),
  },
  'faq.restore': {
    schema: FaqRestoreInputSchema,
    input: bodyLike(fc.record({ revision: faqVersionLike, version: faqVersionLike }, { requiredKeys: [] })),
  },
  'pages.saveDraft': { schema: PageDraftInputSchema, input: bodyLike(pageDraftLike) },
  'pages.preview': {
    schema: PagePreviewInputSchema,
    input: bodyLike(fc.record({ key: pageKeyLike, content: pageContentLike }, { requiredKeys: [] })),
  },
  'pages.publish': {
    schema: PagePublishInputSchema,
    input: bodyLike(fc.record({ key: pageKeyLike, version: faqVersionLike }, { requiredKeys: [] })),
  },
  'pages.restore': {
    schema: PageRestoreInputSchema,
    input: bodyLike(
      fc.record({ key: pageKeyLike, revision: faqVersionLike, version: faqVersionLike }, { requiredKeys: [] }),
    ),
  },
  'team.revoke': { schema: z.object({ id: OpaqueIdSchema }), input: bodyLike(opaqueIdLike) },
  'team.changeRole': {
    schema: z.object({ id: OpaqueIdSchema, role: RoleSchema }),
    input: bodyLike(fc.tuple(opaqueIdLike, roleLike).map(([a, b]) => ({ ...a, ...b }))),
  },
  'team.remove': { schema: z.object({ id: OpaqueIdSchema }), input: bodyLike(opaqueIdLike) },
  'team.endSessions': { schema: z.object({ id: OpaqueIdSchema }), input: bodyLike(opaqueIdLike) },
  'team.endMySession': { schema: z.object({ id: OpaqueIdSchema }), input: bodyLike(opaqueIdLike) },
  'newsDelivery.testSend': {
    schema: PostRefSchema.extend(TestSendInputSchema.shape),
    input: bodyLike(
      fc.record({ id: studyIdValue, email: fc.oneof(fc.emailAddress(), hostileValue) }, { requiredKeys: [] }),
    ),
  },
  'newsDelivery.send': {
    schema: PostRefSchema,
    input: bodyLike(fc.record({ id: studyIdValue }, { requiredKeys: [] })),
  },
  'newsDelivery.cancel': {
    schema: PostRefSchema,
    input: bodyLike(fc.record({ id: studyIdValue }, { requiredKeys: [] })),
  },
  'standards.comment': {
    schema: VersionParamsSchema.extend({ comment: CommentInputSchema }),
    input: bodyLike(
      fc.record({ number: standardNumberLike, version: versionLabelLike, comment: commentLike }, { requiredKeys: [] }),
    ),
  },
  'standards.createDocument': {
    schema: DocumentInputSchema,
    input: bodyLike(documentLike),
  },
  'standards.createDraft': {
    schema: StandardParamsSchema.extend({ draft: DraftInputSchema }),
    input: bodyLike(fc.record({ number: standardNumberLike, draft: bodyLike(draftLike) }, { requiredKeys: [] })),
  },
  'standards.updateVersion': {
    schema: VersionParamsSchema.extend({ patch: VersionPatchSchema }),
    input: bodyLike(
      fc.record(
        { number: standardNumberLike, version: versionLabelLike, patch: bodyLike(versionPatchLike) },
        { requiredKeys: [] },
      ),
    ),
  },
  'standards.openReview': {
    schema: VersionParamsSchema.extend(ReviewInputSchema.shape),
    input: bodyLike(
      fc
        .tuple(fc.record({ number: standardNumberLike, version: versionLabelLike }), reviewLike)
        .map(([a, b]) => ({ ...a, ...b })),
    ),
  },
  'standards.publish': {
    schema: VersionParamsSchema.extend(PublishInputSchema.shape),
    input: bodyLike(
      fc
        .tuple(fc.record({ number: standardNumberLike, version: versionLabelLike }), publishLike)
        .map(([a, b]) => ({ ...a, ...b })),
    ),
  },
  'standards.withdraw': {
    schema: VersionParamsSchema,
    input: bodyLike(fc.record({ number: standardNumberLike, version: versionLabelLike }, { requiredKeys: [] })),
  },
  'standards.announce': {
    schema: VersionParamsSchema,
    input: bodyLike(fc.record({ number: standardNumberLike, version: versionLabelLike }, { requiredKeys: [] })),
  },
  'standards.answerComment': {
    schema: z.object({ id: RowIdSchema }).extend(AnswerInputSchema.shape),
    input: bodyLike(fc.tuple(fc.record({ id: studyIdValue }), answerLike).map(([a, b]) => ({ ...a, ...b }))),
  },
  'standards.hideComment': {
    schema: z.object({ id: RowIdSchema, hide: HideInputSchema }),
    input: bodyLike(fc.record({ id: studyIdValue, hide: bodyLike(hideLike) }, { requiredKeys: [] })),
  },
  'registry.admin.create': { schema: ListingInputSchema, input: bodyLike(listingLike) },
  'registry.admin.update': {
    schema: ListingUpdateSchema,
    input: bodyLike(fc.tuple(listingLike, fc.record({ id: listingIdValue })).map(([a, b]) => ({ ...a, ...b }))),
  },
  'registry.admin.changeStatus': { schema: StatusChangeSchema, input: bodyLike(statusChangeLike) },
  'registry.admin.applications.ask': { schema: CouncilQuestionSchema, input: bodyLike(threadLike) },
  'registry.admin.applications.approve': {
    schema: ApproveApplicationSchema,
    input: bodyLike(
      fc.record({ id: listingIdValue, expiresOn: optionalTextField('2099-01-01') }, { requiredKeys: [] }),
    ),
  },
  'registry.admin.applications.decline': { schema: DeclineApplicationSchema, input: bodyLike(reasonLike) },
  'registry.admin.concerns.look': {
    schema: ConcernLookSchema,
    input: bodyLike(fc.record({ id: listingIdValue }, { requiredKeys: [] })),
  },
  'registry.admin.concerns.close': { schema: CloseConcernSchema, input: bodyLike(closeLike) },
  'registry.admin.removeDocument': {
    schema: RemoveDocumentSchema,
    input: bodyLike(
      fc.record({ id: listingIdValue, documentId: fc.oneof(fc.uuid(), hostileValue) }, { requiredKeys: [] }),
    ),
  },
}

const PROCEDURES = Object.entries(
  appRouter._def.procedures as unknown as Record<string, { _def: { type: string } }>,
).map(([path, procedure]) => ({ path, type: procedure._def.type }))

describe('coverage', () => {
  it('every REST route has a property sending it hostile input', () => {
    const routes = registeredRoutes(setup.app)
      .filter((route) => route.method !== 'HEAD' && !route.url.startsWith('/trpc/'))
      .map((route) => `${route.method} ${route.url}`)
    expect(routes.sort()).toEqual(Object.keys(REST_ENDPOINTS).sort())
  })

  it('every tRPC mutation has a schema and an input arbitrary here; every procedure is a query or a mutation', () => {
    const mutations = PROCEDURES.filter((procedure) => procedure.type === 'mutation').map((procedure) => procedure.path)
    expect(mutations.sort()).toEqual(Object.keys(MUTATIONS).sort())
    expect(PROCEDURES.every((procedure) => ['query', 'mutation'].includes(procedure.type))).toBe(true)
  })
})

describe('answers Fastify gives before any hook', () => {
  // A malformed URL and an over-long path parameter are refused by the framework itself; buildApp's
  // frameworkErrors handler gives them the one error shape and the security headers.
  it('a malformed URL and an over-long path parameter get the security headers and the one error shape', async () => {
    for (const url of ['/api/%E0%A4%A', `/trpc/${'a'.repeat(5001)}`]) {
      const response = await setup.app.inject({ method: 'GET', url })
      expect(response.statusCode).toBeGreaterThanOrEqual(400)
      expect(response.statusCode).toBeLessThan(500)
      expect(response.headers['x-content-type-options']).toBe('nosniff')
      expect(Object.keys(response.json() as object)).toEqual(['error', 'message'])
    }
  })
})

// ---------------------------------------------------------------------------------------------
// REST writes
// ---------------------------------------------------------------------------------------------

describe('REST writes with hostile JSON', () => {
  const forms = [
    { name: 'POST /api/contact', url: '/api/contact', schema: ContactInputSchema, body: bodyLike(contactLike) },
    {
      name: 'POST /api/newsletter/subscribe',
      url: '/api/newsletter/subscribe',
      schema: NewsletterInputSchema,
      body: bodyLike(newsletterLike),
    },
    {
      name: 'POST /api/research-studies',
      url: '/api/research-studies',
      schema: ResearchStudyInputSchema,
      body: bodyLike(studyLike),
    },
    {
      name: 'POST /api/testimonials',
      url: '/api/testimonials',
      schema: TestimonialSubmissionSchema,
      body: bodyLike(testimonialLike),
    },
  ] as const

  it.each(forms)(
    '$name: never a 5xx; input the schema rejects stores nothing; input it accepts is created',
    async ({ url, schema, body }) => {
      await fc.assert(
        fc.asyncProperty(body, async (value) => {
          const request = jsonRequest('POST', url, value, admin)
          const before = await stored()
          const response = await send(request)
          const parsed = schema.safeParse(overJson(value) ?? {})
          if (!parsed.success) {
            expect(response.statusCode, describeRequest(request)).toBeGreaterThanOrEqual(400)
            await expectNothingStored(before, request, response)
          } else if (
            !hasPrototypeKeys(request.payload as string | undefined) &&
            withinBodyLimit(request.payload as string | undefined) &&
            !(parsed.data as { attachmentFileId?: string | null }).attachmentFileId
          ) {
            expect(response.statusCode, `${describeRequest(request)} → ${response.body}`).toBe(201)
          }
        }),
        { numRuns: RUNS },
      )
    },
    TIMEOUT,
  )

  it.each(forms)(
    '$name: raw bodies of any content type never give a 5xx nor store anything unparseable',
    async ({ url, schema }) => {
      await fc.assert(
        fc.asyncProperty(rawBody, fc.boolean(), async ({ contentType, body }, signedIn) => {
          const request: Sent = {
            method: 'POST',
            url,
            headers: {
              ...SAME_ORIGIN,
              ...(contentType === undefined ? {} : { 'content-type': contentType }),
              ...(signedIn ? { cookie: admin } : {}),
            },
            payload: body,
          }
          const before = await stored()
          const response = await send(request)
          let parsedBody: unknown
          try {
            parsedBody = JSON.parse(body.toString())
          } catch {
            parsedBody = undefined
          }
          if (!schema.safeParse(parsedBody ?? {}).success) await expectNothingStored(before, request, response)
        }),
        { numRuns: RUNS },
      )
    },
    TIMEOUT,
  )

  describe('one study to change', () => {
    let studyId: number
    beforeAll(async () => {
      const response = await send(
        jsonRequest(
          'POST',
          '/api/research-studies',
          { title: 'Target study', category: 'General Wellness', url: 'https://example.org/target' },
          admin,
        ),
      )
      studyId = (response.json() as { id: number }).id
    })

    /** 'EXISTING' stands for the study above. */
    const idInPath = fc.oneof({ weight: 1, arbitrary: fc.constant('EXISTING') }, { weight: 4, arbitrary: studyIdText })
    const pathOf = (id: string) => `/api/research-studies/${id === 'EXISTING' ? studyId : encode(id)}`
    /** A whole number too large for the column: bad input (RowIdSchema), never looked up. */
    const pastInt32 = (id: string) => {
      const number = Number(id)
      return id !== 'EXISTING' && Number.isInteger(number) && number > INT32_MAX
    }

    it(
      'PATCH /api/research-studies/:id: never a 5xx; a rejected id or body changes nothing; an id past 32 bits is 400',
      async () => {
        await fc.assert(
          fc.asyncProperty(idInPath, bodyLike(studyLike), async (id, value) => {
            const request = jsonRequest('PATCH', pathOf(id), value, admin)
            const before = await stored()
            const response = await send(request)
            const idParsed = RowIdSchema.safeParse(id === 'EXISTING' ? studyId : id)
            const bodyParsed = ResearchStudyInputSchema.safeParse(overJson(value) ?? {})
            if (!idParsed.success || !bodyParsed.success) {
              expect(response.statusCode, describeRequest(request)).toBeGreaterThanOrEqual(400)
              await expectNothingStored(before, request, response)
            }
            if (
              pastInt32(id) &&
              !hasPrototypeKeys(request.payload as string | undefined) &&
              withinBodyLimit(request.payload as string | undefined)
            ) {
              expect(response.statusCode, describeRequest(request)).toBe(400)
            }
          }),
          { numRuns: RUNS },
        )
      },
      TIMEOUT,
    )

    it(
      'DELETE /api/research-studies/:id: never a 5xx; a rejected or unknown id deletes nothing',
      async () => {
        await fc.assert(
          fc.asyncProperty(idInPath, fc.option(hostileValue), async (id, body) => {
            const request = jsonRequest('DELETE', pathOf(id), body ?? undefined, admin)
            // No body at all (null, or a value JSON cannot write): no JSON content type either, or
            // Fastify refuses the empty body with a 400 before the id is looked at.
            if (request.payload === undefined) delete request.headers?.['content-type']
            const before = await stored()
            const response = await send(request)
            if (response.statusCode >= 400) await expectNothingStored(before, request, response)
            const payload = request.payload as string | undefined
            if (pastInt32(id) && withinBodyLimit(payload) && !hasPrototypeKeys(payload)) {
              expect(response.statusCode, describeRequest(request)).toBe(400)
            }
            if (response.statusCode === 200) {
              // The study is gone: make a new one for the next runs.
              const again = await send(
                jsonRequest(
                  'POST',
                  '/api/research-studies',
                  { title: 'Target study', category: 'General Wellness', url: 'https://example.org/target' },
                  admin,
                ),
              )
              studyId = (again.json() as { id: number }).id
            }
          }),
          { numRuns: RUNS },
        )
      },
      TIMEOUT,
    )
  })
})

// ---------------------------------------------------------------------------------------------
// Uploads
// ---------------------------------------------------------------------------------------------

describe('POST /api/upload/research-attachment', () => {
  const fixtures: Record<string, Buffer> = {}
  beforeAll(async () => {
    const pdf = await makePdf()
    Object.assign(fixtures, {
      pdf,
      docx: makeDocx(),
      doc: makeCompoundFile(),
      xls: makeCompoundFile(['Workbook']),
      exe: makeExecutable(),
      empty: Buffer.alloc(0),
      'pdf-header': Buffer.from('%PDF-1.7\n%garbage'),
      'too-large': Buffer.concat([pdf, Buffer.alloc(60_000)]),
    })
  })

  const content = fc.oneof(
    fc.constantFrom('pdf', 'docx', 'doc', 'xls', 'exe', 'empty', 'pdf-header', 'too-large'),
    fc.uint8Array({ maxLength: 400 }).map((bytes) => Buffer.from(bytes)),
  )
  const filename = fc.oneof(
    fc.constantFrom('study.pdf', 'study.docx', 'study.doc', 'STUDY.PDF', 'study.pdf.exe', '.pdf', 'pdf', ''),
    fc
      .tuple(
        hostileText.filter((text) => text.length < 2000),
        fc.constantFrom('.pdf', '.doc', '.docx', '', '.exe'),
      )
      .map(([name, extension]) => `${name}${extension}`),
  )
  const part = fc.record({
    name: fc.oneof({ weight: 4, arbitrary: fc.constant('file') }, { weight: 1, arbitrary: shortText(20) }),
    filename: fc.option(filename, { nil: undefined }),
    contentType: fc.option(fc.oneof(fc.constantFrom('application/pdf', 'text/html'), shortText(30)), {
      nil: undefined,
    }),
    content,
  })
  const anyEnvelope = fc.record({
    parts: fc.array(part, { minLength: 0, maxLength: 4 }),
    boundary: fc.oneof(
      { weight: 4, arbitrary: fc.constant('----hostile0123') },
      { weight: 1, arbitrary: fc.string({ unit: 'grapheme-ascii', minLength: 1, maxLength: 80 }) },
    ),
    header: fc.constantFrom('same', 'missing', 'quoted', 'other', 'empty'),
    close: fc.boolean(),
    cut: fc.option(fc.nat(), { nil: undefined }),
  })
  /** A real file in a well-formed body, under a hostile name: the uploads that are stored. */
  const realFile = fc
    .record({
      kind: fc.constantFrom('pdf', 'docx', 'doc'),
      stem: fc.oneof(
        fc.constant('study'),
        hostileText.filter((text) => text.length < 2000),
      ),
      contentType: fc.option(fc.oneof(fc.constantFrom('application/pdf', 'text/html'), shortText(30)), {
        nil: undefined,
      }),
    })
    .map(({ kind, stem, contentType }) => ({
      parts: [{ name: 'file', filename: `${stem}.${kind}`, contentType, content: kind }],
      boundary: '----hostile0123',
      header: 'same' as const,
      close: true,
      cut: undefined,
    }))
  const envelope = fc.oneof(realFile, anyEnvelope)
  /** Study attachments, resource files and registry evidence share one reader; every path gets the properties. */
  const uploadUrl = fc.constantFrom(
    '/api/upload/research-attachment',
    '/api/upload/resource-file',
    '/api/upload/registry-document',
  )

  function multipartRequest(value: ValueOf<typeof envelope>): Sent {
    const { parts, boundary, header, close, cut } = value
    const chunks: Buffer[] = []
    for (const each of parts) {
      const disposition = `form-data; name="${each.name}"${each.filename === undefined ? '' : `; filename="${each.filename}"`}`
      chunks.push(
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: ${disposition}\r\n${
            each.contentType === undefined ? '' : `Content-Type: ${each.contentType}\r\n`
          }\r\n`,
        ),
        typeof each.content === 'string' ? (fixtures[each.content] ?? Buffer.alloc(0)) : each.content,
        Buffer.from('\r\n'),
      )
    }
    if (close) chunks.push(Buffer.from(`--${boundary}--\r\n`))
    let payload = Buffer.concat(chunks)
    if (cut !== undefined) payload = payload.subarray(0, cut % (payload.length + 1))
    const boundaryParameter = {
      same: `; boundary=${boundary}`,
      missing: '',
      quoted: `; boundary="${boundary}"`,
      other: '; boundary=something-else',
      empty: '; boundary=',
    }[header]
    return {
      method: 'POST',
      url: '/api/upload/research-attachment',
      headers: { ...SAME_ORIGIN, cookie: admin, 'content-type': `multipart/form-data${boundaryParameter}` },
      payload,
    }
  }

  it(
    'random multipart bodies: never a 5xx; only a 201 stores a file, served back under a safe name',
    async () => {
      await fc.assert(
        fc.asyncProperty(envelope, uploadUrl, async (value, url) => {
          const request = { ...multipartRequest(value), url }
          const before = await stored()
          const response = await send(request)
          if (response.statusCode !== 201) {
            await expectNothingStored(before, request, response)
            return
          }
          const after = await stored()
          expect(after.attachments, describeRequest(request)).toBe(before.attachments + 1)
          if (url === '/api/upload/registry-document') {
            // Evidence: a PDF, private, downloaded by the team only.
            const { id, filename } = response.json() as { id: string; filename: string }
            expect(filename).toMatch(/^[\w.-]+\.pdf$/)
            expect((await send({ method: 'GET', url: `/files/${id}/${filename}` })).statusCode).toBe(404)
            const file = await send({
              method: 'GET',
              url: `/api/admin/registry/documents/${id}`,
              headers: { cookie: admin },
            })
            expect(file.statusCode).toBe(200)
            expect(String(file.headers['content-disposition'])).toMatch(/^attachment; filename="[\w.-]+"$/)
            return
          }
          const { webViewLink, fileId } = response.json() as { webViewLink: string; fileId: string }
          expect(webViewLink).toMatch(new RegExp(`^/files/${fileId}/[\\w.-]+$`))
          const file = await send({ method: 'GET', url: webViewLink })
          expect(file.statusCode).toBe(200)
          expect(String(file.headers['content-disposition'])).toMatch(/^(inline|attachment); filename="[\w.-]+"$/)
        }),
        { numRuns: RUNS },
      )
    },
    TIMEOUT,
  )

  it(
    'random non-multipart bodies: never a 5xx, nothing stored',
    async () => {
      await fc.assert(
        fc.asyncProperty(rawBody, uploadUrl, async ({ contentType, body }, url) => {
          const request: Sent = {
            method: 'POST',
            url,
            headers: {
              ...SAME_ORIGIN,
              cookie: admin,
              ...(contentType === undefined ? {} : { 'content-type': contentType }),
            },
            payload: body,
          }
          const before = await stored()
          const response = await send(request)
          expect(response.statusCode).toBeGreaterThanOrEqual(400)
          await expectNothingStored(before, request, response)
        }),
        { numRuns: RUNS },
      )
    },
    TIMEOUT,
  )
})

describe('the admin API with hostile input', () => {
  const idInPath = fc.oneof(fc.constant('EXISTING'), studyIdText.map(encode))
  const writes = [
    {
      method: 'PATCH',
      path: '/api/admin/contact-submissions/:id',
      schema: MessagePatchSchema,
      body: bodyLike(messagePatchLike),
    },
    { method: 'DELETE', path: '/api/admin/contact-submissions/:id', schema: null, body: fc.constant(undefined) },
    {
      method: 'POST',
      path: '/api/admin/testimonials',
      schema: AdminTestimonialInputSchema,
      body: bodyLike(testimonialLike),
    },
    {
      method: 'PATCH',
      path: '/api/admin/testimonials/:id',
      schema: TestimonialPatchSchema,
      body: bodyLike(testimonialLike),
    },
    { method: 'DELETE', path: '/api/admin/testimonials/:id', schema: null, body: fc.constant(undefined) },
    { method: 'POST', path: '/api/admin/resources', schema: ResourceInputSchema, body: bodyLike(resourceLike) },
    { method: 'PATCH', path: '/api/admin/resources/:id', schema: ResourceInputSchema, body: bodyLike(resourceLike) },
    { method: 'DELETE', path: '/api/admin/resources/:id', schema: null, body: fc.constant(undefined) },
    { method: 'POST', path: '/api/admin/news', schema: PostInputSchema, body: bodyLike(postLike) },
    { method: 'PATCH', path: '/api/admin/news/:id', schema: PostInputSchema, body: bodyLike(postLike) },
    { method: 'DELETE', path: '/api/admin/news/:id', schema: null, body: fc.constant(undefined) },
    {
      method: 'PATCH',
      path: '/api/admin/subscribers/:id',
      schema: SubscriberPatchSchema,
      body: bodyLike(fc.record({ isActive: fc.oneof(fc.boolean(), hostileValue) }, { requiredKeys: [] })),
    },
    { method: 'DELETE', path: '/api/admin/subscribers/:id', schema: null, body: fc.constant(undefined) },
    // Mail is off here: a send or a test send with a good id and body is refused with 409, storing nothing.
    {
      method: 'POST',
      path: '/api/admin/news/:id/test-send',
      schema: TestSendInputSchema,
      body: bodyLike(fc.record({ email: fc.oneof(fc.emailAddress(), hostileValue) }, { requiredKeys: [] })),
    },
    { method: 'POST', path: '/api/admin/news/:id/send', schema: null, body: fc.constant(undefined) },
    { method: 'POST', path: '/api/admin/news/:id/delivery/cancel', schema: null, body: fc.constant(undefined) },
    { method: 'GET', path: '/api/admin/news/:id/delivery', schema: null, body: fc.constant(undefined) },
  ] as const

  /** A row of each kind to aim at, made again when a property deleted it. */
  async function existing(path: string): Promise<number | string> {
    const db = setup.database.handle.db
    if (path.includes('subscribers')) {
      const [row] = await db
        .insert(newsletterSubscribers)
        .values({ email: `reader-${Math.random().toString(36).slice(2)}@example.org` })
        .returning({ id: newsletterSubscribers.id })
      return row?.id ?? ''
    }
    if (path.includes('/news/')) {
      const [row] = await db
        .insert(posts)
        .values({
          slug: `post-${Math.random().toString(36).slice(2)}`,
          title: 'A post',
          summary: 'S',
          status: 'published',
        })
        .returning({ id: posts.id })
      return row?.id ?? 0
    }
    if (path.includes('contact-submissions')) {
      const [row] = await db
        .insert(contactSubmissions)
        .values({ name: 'Test Sender', email: 'sender@example.org', subject: 'Subject', message: 'Message text' })
        .returning({ id: contactSubmissions.id })
      return row?.id ?? 0
    }
    if (path.includes('testimonials')) {
      const [row] = await db
        .insert(testimonials)
        .values({ name: 'Test Author', testimonial: 'A testimonial to change.' })
        .returning({ id: testimonials.id })
      return row?.id ?? 0
    }
    const [row] = await db
      .insert(educationalResources)
      .values({ title: 'A resource', category: 'Safety', fileUrl: '/downloads/none.pdf', fileType: 'PDF' })
      .returning({ id: educationalResources.id })
    return row?.id ?? 0
  }

  it(
    'admin REST writes with hostile ids and JSON: never a 5xx; a rejected id or body changes nothing and logs nothing',
    async () => {
      await fc.assert(
        fc.asyncProperty(
          fc
            .constantFrom(...writes)
            .chain((write) => fc.tuple(fc.constant(write), write.body as fc.Arbitrary<unknown>)),
          idInPath,
          async ([write, body], id) => {
            const target = id === 'EXISTING' ? String(await existing(write.path)) : id
            const request = jsonRequest(write.method, write.path.replace(':id', target), body, admin)
            if (body === undefined) delete request.headers?.['content-type']
            const before = await stored()
            const response = await send(request)
            const idSchema = write.path.includes('subscribers') ? SubscriberIdSchema : RowIdSchema
            const idOk = !write.path.includes(':id') || idSchema.safeParse(decodeURIComponent(target)).success
            const bodyOk = write.schema === null || write.schema.safeParse(overJson(body) ?? {}).success
            if (!idOk || !bodyOk) {
              expect(response.statusCode, describeRequest(request)).toBeGreaterThanOrEqual(400)
              await expectNothingStored(before, request, response)
            }
          },
        ),
        { numRuns: RUNS * 2 },
      )
    },
    TIMEOUT,
  )

  it(
    'admin lists with random query strings: never a 5xx; a bad filter or page is a 400',
    async () => {
      const lists = [
        '/api/admin/contact-submissions',
        '/api/admin/testimonials',
        '/api/admin/activity',
        '/api/admin/research-studies',
        '/api/admin/resources',
        '/api/admin/news',
        '/api/admin/subscribers',
        '/api/admin/news/recipients',
        '/api/admin/subscribers.csv',
        '/api/admin/subscribers/suppressed.csv',
        '/api/admin/team',
        '/api/admin/sessions',
      ]
      await fc.assert(
        fc.asyncProperty(fc.constantFrom(...lists), queryString, async (path, query) => {
          const response = await send({
            method: 'GET',
            url: `${path}?${query}`,
            headers: { ...SAME_ORIGIN, cookie: admin },
          })
          expect([200, 400], `${path}?${query}`).toContain(response.statusCode)
        }),
        { numRuns: RUNS },
      )
    },
    TIMEOUT,
  )
})

describe('the team API with hostile input', () => {
  const writes = [
    { method: 'POST', path: '/api/admin/team/invitations', schema: InviteInputSchema, body: bodyLike(inviteLike) },
    { method: 'DELETE', path: '/api/admin/team/invitations/:id', schema: null, body: fc.constant(undefined) },
    { method: 'PATCH', path: '/api/admin/team/members/:id', schema: RoleChangeSchema, body: bodyLike(roleLike) },
    { method: 'DELETE', path: '/api/admin/team/members/:id', schema: null, body: fc.constant(undefined) },
    { method: 'DELETE', path: '/api/admin/team/members/:id/sessions', schema: null, body: fc.constant(undefined) },
    { method: 'DELETE', path: '/api/admin/sessions/:id', schema: null, body: fc.constant(undefined) },
  ] as const
  const idInPath = fc.oneof(
    fc.uuid(),
    studyIdText.map(encode),
    hostileText.filter((text) => text.length < 3000).map(encode),
  )

  it(
    'team writes with hostile ids and JSON: never a 5xx; a rejected id or body changes nothing',
    async () => {
      await fc.assert(
        fc.asyncProperty(
          fc
            .constantFrom(...writes)
            .chain((write) => fc.tuple(fc.constant(write), write.body as fc.Arbitrary<unknown>)),
          idInPath,
          async ([write, body], id) => {
            const request = jsonRequest(write.method, write.path.replace(':id', id), body, admin)
            if (body === undefined) delete request.headers?.['content-type']
            const before = await stored()
            const response = await send(request)
            const idOk = !write.path.includes(':id') || OpaqueIdSchema.safeParse(decodeURIComponent(id)).success
            const bodyOk = write.schema === null || write.schema.safeParse(overJson(body) ?? {}).success
            if (!idOk || !bodyOk) {
              expect(response.statusCode, describeRequest(request)).toBeGreaterThanOrEqual(400)
              await expectNothingStored(before, request, response)
            }
          },
        ),
        { numRuns: RUNS },
      )
    },
    TIMEOUT,
  )

  it(
    'sign-in posts with hostile bodies: never a 5xx, and never a session',
    async () => {
      await fc.assert(
        fc.asyncProperty(
          fc.constantFrom('/api/team/join', '/api/login/email', '/api/login/link'),
          rawBody,
          async (url, raw) => {
            const request: Sent = {
              method: 'POST',
              url,
              headers: {
                ...SAME_ORIGIN,
                ...(raw.contentType === undefined ? {} : { 'content-type': raw.contentType }),
              },
              payload: raw.body,
            }
            const response = await send(request)
            expect(response.statusCode, describeRequest(request)).toBeLessThan(500)
            expect(response.cookies.find((cookie) => cookie.name === 'mhbot.sid')).toBeUndefined()
          },
        ),
        { numRuns: RUNS },
      )
    },
    TIMEOUT,
  )
})

describe('the FAQ with hostile bodies', () => {
  it(
    'the FAQ: never a 5xx; a body its schema rejects changes nothing; the public FAQ answers after each',
    async () => {
      const writes = fc.oneof(
        bodyLike(faqDraftLike).map((body) => ({
          method: 'PUT' as const,
          url: '/api/admin/faq/draft',
          body,
          schema: FaqDraftInputSchema,
        })),
        bodyLike(fc.record({ version: faqVersionLike }, { requiredKeys: [] })).map((body) => ({
          method: 'POST' as const,
          url: '/api/admin/faq/publish',
          body,
          schema: FaqPublishInputSchema,
        })),
        fc
          .tuple(
            fc.oneof(fc.constant('0'), fragment),
            bodyLike(fc.record({ version: faqVersionLike }, { requiredKeys: [] })),
          )
          .map(([revision, body]) => ({
            method: 'POST' as const,
            url: `/api/admin/faq/revisions/${encode(revision)}/restore`,
            body,
            schema: null,
          })),
      )
      await fc.assert(
        fc.asyncProperty(writes, fc.oneof(fc.constant('0'), fragment), async (write, revision) => {
          const request = jsonRequest(write.method, write.url, write.body, admin)
          const before = await stored()
          const response = await send(request)
          expect(response.statusCode, describeRequest(request)).toBeLessThan(500)
          if (write.schema && !write.schema.safeParse(overJson(write.body) ?? {}).success) {
            expect(response.statusCode, describeRequest(request)).toBeGreaterThanOrEqual(400)
            await expectNothingStored(before, request, response)
          }
          for (const url of [
            '/api/faq',
            '/api/admin/faq',
            '/api/admin/faq/revisions',
            `/api/admin/faq/revisions/${encode(revision)}`,
          ]) {
            const read = await send({ method: 'GET', url, headers: { cookie: admin } })
            expect([200, 400, 404], url).toContain(read.statusCode)
          }
        }),
        { numRuns: RUNS },
      )
    },
    TIMEOUT,
  )
})

describe('the pages with hostile bodies', () => {
  it(
    'the pages: never a 5xx; a body its schema rejects changes nothing; the public page answers after each',
    async () => {
      const pageName = fc.oneof({ weight: 3, arbitrary: fc.constant('safety') }, { weight: 1, arbitrary: fragment })
      const body = (value: unknown) => (value !== null && typeof value === 'object' ? value : {})
      const writes = fc.oneof(
        fc.tuple(pageName, bodyLike(pageDraftLike)).map(([name, sent]) => ({
          method: 'PUT' as const,
          url: `/api/admin/pages/${encode(name)}/draft`,
          body: sent,
          schema: name === 'safety' ? PageDraftInputSchema : null,
          name,
        })),
        fc
          .tuple(pageName, bodyLike(fc.record({ content: pageContentLike }, { requiredKeys: [] })))
          .map(([name, sent]) => ({
            method: 'POST' as const,
            url: `/api/admin/pages/${encode(name)}/preview`,
            body: sent,
            schema: name === 'safety' ? PagePreviewInputSchema : null,
            name,
          })),
        fc
          .tuple(pageName, bodyLike(fc.record({ version: faqVersionLike }, { requiredKeys: [] })))
          .map(([name, sent]) => ({
            method: 'POST' as const,
            url: `/api/admin/pages/${encode(name)}/publish`,
            body: sent,
            schema: name === 'safety' ? PagePublishInputSchema : null,
            name,
          })),
        fc
          .tuple(
            pageName,
            fc.oneof(fc.constant('0'), fragment),
            bodyLike(fc.record({ version: faqVersionLike }, { requiredKeys: [] })),
          )
          .map(([name, revision, sent]) => ({
            method: 'POST' as const,
            url: `/api/admin/pages/${encode(name)}/revisions/${encode(revision)}/restore`,
            body: sent,
            schema: null,
            name,
          })),
      )
      await fc.assert(
        fc.asyncProperty(writes, fc.oneof(fc.constant('0'), fragment), async (write, revision) => {
          const request = jsonRequest(write.method, write.url, write.body, admin)
          const before = await stored()
          const response = await send(request)
          expect(response.statusCode, describeRequest(request)).toBeLessThan(500)
          const sent = overJson(write.body)
          if (write.schema && !write.schema.safeParse({ ...body(sent), key: 'safety' }).success) {
            expect(response.statusCode, describeRequest(request)).toBeGreaterThanOrEqual(400)
            await expectNothingStored(before, request, response)
          }
          for (const url of [
            `/api/pages/${encode(write.name)}`,
            '/api/admin/pages',
            `/api/admin/pages/${encode(write.name)}`,
            `/api/admin/pages/${encode(write.name)}/revisions/${encode(revision)}`,
          ]) {
            const read = await send({ method: 'GET', url, headers: { cookie: admin } })
            expect([200, 400, 404], url).toContain(read.statusCode)
          }
          const page = await send({ method: 'GET', url: '/api/pages/safety' })
          expect(page.statusCode).toBe(200)
        }),
        { numRuns: RUNS },
      )
    },
    TIMEOUT,
  )
})

describe('the council settings with hostile bodies', () => {
  it(
    'PUT /api/admin/settings: never a 5xx; a body its schema rejects changes nothing; GET answers after each',
    async () => {
      await fc.assert(
        fc.asyncProperty(bodyLike(settingsLike), async (body) => {
          const request = jsonRequest('PUT', '/api/admin/settings', body, admin)
          const before = await stored()
          const response = await send(request)
          if (!CouncilSettingsInputSchema.safeParse(overJson(body) ?? {}).success) {
            expect(response.statusCode, describeRequest(request)).toBeGreaterThanOrEqual(400)
            await expectNothingStored(before, request, response)
          }
          const read = await send({ method: 'GET', url: '/api/admin/settings', headers: { cookie: admin } })
          expect(read.statusCode).toBe(200)
        }),
        { numRuns: RUNS },
      )
    },
    TIMEOUT,
  )
})

describe('newsletter links with hostile input', () => {
  const statuses = async () =>
    JSON.stringify(
      await setup.database.handle.db
        .select({ id: newsletterSubscribers.id, status: newsletterSubscribers.status })
        .from(newsletterSubscribers)
        .orderBy(newsletterSubscribers.id),
    )
  const token = fc.oneof(
    hostileText.filter((text) => text.length < 2000),
    fc.uuid().map((id) => `${id}.AAAA`),
  )
  const targets = fc.oneof(
    token.map((value) => ({ url: `/newsletter/unsubscribe?token=${encode(value)}`, value: null as string | null })),
    token.map((value) => ({ url: '/api/newsletter/unsubscribe', value })),
    token.map((value) => ({ url: '/api/newsletter/confirm', value })),
  )

  it(
    'newsletter links with hostile tokens and bodies: never a 5xx; no token of ours, so nothing changes',
    async () => {
      await fc.assert(
        fc.asyncProperty(targets, rawBody, fc.boolean(), async (target, raw, asJson) => {
          const request: Sent =
            target.value !== null && asJson
              ? jsonRequest('POST', target.url, { token: target.value })
              : {
                  method: 'POST',
                  url: target.url,
                  headers: {
                    ...SAME_ORIGIN,
                    ...(raw.contentType === undefined ? {} : { 'content-type': raw.contentType }),
                  },
                  payload:
                    target.value !== null && raw.contentType === 'application/x-www-form-urlencoded'
                      ? `token=${encode(target.value)}`
                      : raw.body,
                }
          const before = await stored()
          const states = await statuses()
          const response = await send(request)
          expect(response.statusCode, describeRequest(request)).toBeGreaterThanOrEqual(400)
          await expectNothingStored(before, request, response)
          expect(await statuses()).toBe(states)
        }),
        { numRuns: RUNS },
      )
    },
    TIMEOUT,
  )

  it(
    'mail provider events with hostile bodies: never a 5xx; a call without the secret is refused; no address changes',
    async () => {
      const provider = fc.oneof(fc.constantFrom('generic', 'ses', 'postmark'), fragment)
      // Half the calls carry the secret, so the parsing behind the check is reached too.
      const proof = fc.constantFrom('none', 'secret', 'wrong')
      await fc.assert(
        fc.asyncProperty(provider, rawBody, proof, async (name, raw, with_) => {
          const body = typeof raw.body === 'string' ? raw.body : String(raw.body ?? '')
          const secret = with_ === 'secret' ? MAIL_EVENTS_SECRET : 'not-the-secret-not-the-secret-0000'
          const request: Sent = {
            method: 'POST',
            url: `/api/mail/events/${encode(name)}`,
            headers: {
              ...(raw.contentType === undefined ? {} : { 'content-type': raw.contentType }),
              ...(with_ === 'none'
                ? {}
                : {
                    authorization: `Basic ${Buffer.from(`x:${secret}`).toString('base64')}`,
                    'x-mail-events-signature': signGeneric(secret, body, Date.now()),
                  }),
            },
            payload: body,
          }
          const states = await statuses()
          const response = await send(request)
          expect(response.statusCode, describeRequest(request)).toBeLessThan(500)
          // Refused: a malformed request (a body with no type, say) may be a 400 before the secret is looked at.
          if (with_ !== 'secret')
            expect([400, 401, 404, 413, 415], describeRequest(request)).toContain(response.statusCode)
          expect(await statuses()).toBe(states)
        }),
        { numRuns: RUNS },
      )
    },
    TIMEOUT,
  )
})

// ---------------------------------------------------------------------------------------------
// Reads: query strings, path parameters, pages
// ---------------------------------------------------------------------------------------------

/** A query string: random keys and values, encoded or raw, repeated keys, bracket syntax. */
const queryString = fc.oneof(
  fc
    .array(
      fc.tuple(
        fc.oneof(
          fc.constantFrom('token', 'code', 'state', 'error', 'error_description', 'input', 'batch', 'q', 'page', 'x'),
          fragment,
          shortText(10),
        ),
        fc.oneof(
          hostileText.filter((text) => text.length < 20_000),
          fc.constant(''),
        ),
      ),
      { maxLength: 5 },
    )
    .map((pairs) => pairs.map(([key, value]) => `${encode(key)}=${encode(value)}`).join('&')),
  fc.constantFrom('%', '%zz', '%00', '&&&', '=', 'a[b][c]=1', 'a[]=1&a[]=2', '__proto__[x]=1', 'token=a&token=b', '?'),
  fc.string({ unit: 'grapheme-ascii', maxLength: 60 }).map((text) => text.replace(/[#\s]/g, '')),
)

describe('GET routes with hostile input', () => {
  const plainGets = Object.keys(REST_ENDPOINTS)
    .filter((key) => REST_ENDPOINTS[key] === 'GET routes with random query strings')
    .map((key) => key.slice('GET '.length))

  it(
    'GET routes with random query strings: never a 5xx, and a sign-in link never signs anyone in',
    async () => {
      await fc.assert(
        fc.asyncProperty(fc.constantFrom(...plainGets), queryString, async (path, query) => {
          const request: Sent = { method: 'GET', url: `${path}?${query}` }
          const response = await send(request)
          if (path === '/api/login/link') {
            expect(response.statusCode).toBe(400)
            expect(response.cookies.find((cookie) => cookie.name === 'mhbot.sid')).toBeUndefined()
          }
        }),
        { numRuns: RUNS },
      )
    },
    TIMEOUT,
  )

  const segment = fc.oneof(
    fc.uuid(),
    fc.constantFrom('', '.', '..', '%2e%2e', '..%2f..%2fetc%2fpasswd', '%00', 'a%2fb'),
    hostileText.filter((text) => text.length < 3000).map(encode),
  )
  const withSuffix = fc.tuple(segment, fc.constantFrom('', '.pdf', '.PDF', '.pdf.pdf')).map(([a, b]) => `${a}${b}`)

  it(
    'GET routes with random path parameters: never a 5xx; unknown files and documents are 404',
    async () => {
      await fc.assert(
        fc.asyncProperty(
          fc.oneof(
            fc.tuple(segment, withSuffix).map(([id, name]) => `/files/${id}/${name}`),
            withSuffix.map((file) => `/downloads/${file}`),
            segment.map((slug) => `/api/news/${slug}`),
          ),
          fc.option(queryString, { nil: undefined }),
          async (path, query) => {
            const request: Sent = { method: 'GET', url: query === undefined ? path : `${path}?${query}` }
            const response = await send(request)
            expect([200, 304, 400, 404], describeRequest(request)).toContain(response.statusCode)
          },
        ),
        { numRuns: RUNS },
      )
    },
    TIMEOUT,
  )

  it(
    'pages at random paths and with random query strings: never a 5xx, no markup from the URL alive in the page',
    async () => {
      const pages = ['/', '/research', '/resources', '/faq', '/contact', '/about', '/admin', '/sitemap', '/news']
      await fc.assert(
        fc.asyncProperty(
          fc.oneof(
            fc.constantFrom(...pages),
            fc
              .array(hostileText.filter((text) => text.length < 500).map(encode), { minLength: 1, maxLength: 4 })
              .map((segments) => `/${segments.join('/')}`),
            fc.constantFrom('//evil.example/x', '/\\evil.example', '/%2F%2Fevil.example', '/..', '/%2e%2e/%2e%2e/etc'),
          ),
          fc.option(queryString, { nil: undefined }),
          async (path, query) => {
            await send({ method: 'GET', url: query === undefined ? path : `${path}?${query}` })
          },
        ),
        { numRuns: RUNS },
      )
    },
    TIMEOUT,
  )

  it(
    'hostile headers (cookies, origin, conditional and proxy headers) on any route: never a 5xx',
    async () => {
      const ascii = fc.oneof(
        fc.string({ unit: 'grapheme-ascii', maxLength: 80 }),
        fc.constantFrom(...FRAGMENTS.filter((text) => /^[\x20-\x7e]*$/.test(text))),
      )
      const headers = fc.record(
        {
          cookie: fc.oneof(
            ascii,
            ascii.map((value) => `mhbot.sid=${value}`),
            ascii.map((value) => `mhbot.sid=s%3A${encode(value)}.invalidsignature`),
          ),
          origin: fc.oneof(ascii, fc.constantFrom('null', 'http://localhost:3000', 'http://localhost:3000/')),
          'sec-fetch-site': fc.oneof(ascii, fc.constantFrom('same-origin', 'none', 'cross-site')),
          'if-none-match': ascii,
          'x-forwarded-for': ascii,
          'x-forwarded-host': ascii,
          'x-forwarded-proto': ascii,
          'x-request-id': ascii,
          'accept-encoding': ascii,
          accept: ascii,
        },
        { requiredKeys: [] },
      )
      const targets: fc.Arbitrary<Sent> = fc.constantFrom<Sent>(
        { method: 'GET', url: '/' },
        { method: 'GET', url: '/research' },
        { method: 'GET', url: '/api/research-studies' },
        { method: 'GET', url: '/api/auth/user' },
        { method: 'GET', url: '/api/logout' },
        { method: 'GET', url: '/downloads/position-statement.pdf' },
        { method: 'GET', url: '/trpc/auth.me' },
        {
          method: 'POST',
          url: '/api/newsletter/subscribe',
          headers: { 'content-type': 'application/json' },
          payload: '{"email":"headers@example.org"}',
        },
        {
          method: 'POST',
          url: '/trpc/researchStudies.remove',
          headers: { 'content-type': 'application/json' },
          payload: '{"json":{"id":1}}',
        },
      )
      await fc.assert(
        fc.asyncProperty(targets, headers, async (target, extra) => {
          const before = await stored()
          const request = { ...target, headers: { ...target.headers, ...(extra as Record<string, string>) } }
          const response = await send(request)
          if (target.url === '/trpc/researchStudies.remove') {
            // No hostile cookie is an admin's session.
            expect(response.statusCode, describeRequest(request)).toBeGreaterThanOrEqual(400)
            await expectNothingStored(before, request, response)
          }
        }),
        { numRuns: RUNS },
      )
    },
    TIMEOUT,
  )
})

describe('GET /api/callback with a configured issuer', () => {
  let issuer: TestIssuer
  let oidcApp: FastifyInstance
  let pending: { cookie: string; state: string }

  beforeAll(async () => {
    issuer = await startTestIssuer()
    oidcApp = await buildTestApp(setup.database.handle, {
      env: { ADMIN_EMAILS: ADMIN_EMAIL, OIDC_ISSUER: issuer.url, OIDC_CLIENT_ID, OIDC_CLIENT_SECRET },
    })
    const login = await oidcApp.inject({ method: 'GET', url: '/api/login' })
    const state = new URL(String(login.headers.location)).searchParams.get('state') ?? ''
    pending = { cookie: login.cookies.map((cookie) => `${cookie.name}=${cookie.value}`).join('; '), state }
  })
  afterAll(async () => {
    await oidcApp?.close()
    await issuer?.stop()
  })

  it(
    'random callbacks, with or without the pending cookie: never a 5xx, nobody signed in, the reason shown as text',
    async () => {
      const value = fc.oneof(
        hostileText.filter((text) => text.length < 5000),
        fc.constant('STATE'),
      )
      const query = fc.array(
        fc.tuple(fc.constantFrom('code', 'state', 'error', 'error_description', 'iss', 'x'), value),
        { maxLength: 5 },
      )
      const cookie = fc.constantFrom('pending', 'none', 'garbage', 'tampered')
      await fc.assert(
        fc.asyncProperty(query, cookie, async (pairs, which) => {
          const search = pairs
            .map(([key, text]) => `${key}=${encode(text === 'STATE' ? pending.state : text)}`)
            .join('&')
          const cookies = {
            pending: pending.cookie,
            none: '',
            garbage: 'mhbot.oidc=%7B%22state%22%3A1%7D',
            tampered: pending.cookie.replace(/\.[^.;]+/, '.AAAA'),
          }[which]
          const request: Sent = { method: 'GET', url: `/api/callback?${search}`, headers: { cookie: cookies } }
          const response = await send(request, oidcApp)
          expect(response.statusCode, describeRequest(request)).toBe(400)
          expect(response.cookies.find((each) => each.name === 'mhbot.sid')).toBeUndefined()
        }),
        { numRuns: Math.ceil(RUNS / 2) },
      )
    },
    TIMEOUT,
  )
})

// ---------------------------------------------------------------------------------------------
// tRPC
// ---------------------------------------------------------------------------------------------

/** The input a procedure would get from this envelope, or a marker that superjson refuses it. */
function decodedInput(envelope: unknown): unknown {
  try {
    return superjson.deserialize(envelope as Parameters<typeof superjson.deserialize>[0])
  } catch {
    return Symbol('undecodable')
  }
}

describe('tRPC procedures with hostile input', () => {
  const envelope = (input: fc.Arbitrary<unknown>) =>
    fc.oneof(
      { weight: 6, arbitrary: input.map((json) => ({ json })) },
      {
        weight: 1,
        arbitrary: fc.tuple(input, hostileValue).map(([json, meta]) => ({ json, meta })),
      },
      {
        weight: 1,
        arbitrary: input.map((json) => ({
          json,
          meta: { values: { '__proto__.polluted': ['undefined'], 'constructor.prototype.polluted': ['Date'] } },
        })),
      },
      { weight: 1, arbitrary: hostileValue },
    )

  const call = fc.oneof(
    ...PROCEDURES.map(({ path, type }) =>
      fc.record({
        path: fc.constant(path),
        type: fc.constant(type),
        envelope: envelope(MUTATIONS[path]?.input ?? hostileValue),
        form: fc.constantFrom('proper', 'proper', 'proper', 'batch', 'wrong-method', 'raw'),
        raw: rawBody,
        signedIn: fc.boolean(),
      }),
    ),
  )

  function trpcRequest(value: ValueOf<typeof call>): Sent {
    const { path, type, envelope: sentEnvelope, form, raw, signedIn } = value
    const headers: Record<string, string> = { ...SAME_ORIGIN, ...(signedIn ? { cookie: admin } : {}) }
    const asQuery = (type === 'query') !== (form === 'wrong-method')
    const batched = form === 'batch'
    const input = JSON.stringify(batched ? { 0: sentEnvelope } : sentEnvelope)
    const url = `/trpc/${path}${batched ? '?batch=1' : ''}`
    if (form === 'raw') {
      return asQuery
        ? { method: 'GET', url: `/trpc/${path}?input=${encode(raw.body.toString())}`, headers }
        : {
            method: 'POST',
            url,
            headers: { ...headers, ...(raw.contentType === undefined ? {} : { 'content-type': raw.contentType }) },
            payload: raw.body,
          }
    }
    if (asQuery) {
      const separator = batched ? '&' : '?'
      return { method: 'GET', url: input === undefined ? url : `${url}${separator}input=${encode(input)}`, headers }
    }
    return {
      method: 'POST',
      url,
      headers: { ...headers, 'content-type': 'application/json' },
      ...(input === undefined ? {} : { payload: input }),
    }
  }

  it(
    'every procedure, in every form: never a 5xx; a mutation input its schema rejects stores nothing',
    async () => {
      await fc.assert(
        fc.asyncProperty(call, async (value) => {
          const request = trpcRequest(value)
          const before = await stored()
          const response = await send(request)
          const mutation = MUTATIONS[value.path]
          const mayStore =
            mutation !== undefined &&
            value.form !== 'raw' &&
            value.form !== 'wrong-method' &&
            mutation.schema.safeParse(decodedInput(overJson(value.envelope))).success
          if (!mayStore) await expectNothingStored(before, request, response)
        }),
        { numRuns: RUNS * 2 },
      )
    },
    TIMEOUT,
  )

  it(
    'malformed batches: unknown, empty, prototype and repeated paths, any input: never a 5xx, nothing stored',
    async () => {
      const path = fc.oneof(
        fc.constantFrom(...PROCEDURES.map((procedure) => procedure.path)),
        fc.constantFrom('', 'a', ',', '__proto__', 'constructor', 'toString', 'hasOwnProperty', 'researchStudies'),
        fc.constantFrom('researchStudies.list.x', 'researchStudies.__proto__', 'auth.me.constructor', '..'),
        shortText(20).map(encode),
      )
      const batch = fc.record({
        paths: fc.oneof(
          fc.array(path, { maxLength: 12 }),
          fc.tuple(path, fc.integer({ min: 50, max: 1000 })).map(([one, times]) => Array<string>(times).fill(one)),
        ),
        flag: fc.constantFrom('1', 'true', '0', '', 'x', '1&batch=1', undefined),
        input: fc.oneof(
          fc.constant(undefined),
          hostileValue.map((value) => JSON.stringify(value)),
          fc
            .dictionary(fc.oneof(fc.nat({ max: 20 }).map(String), fragment), hostileValue, { maxKeys: 4 })
            .map((entries) =>
              JSON.stringify(Object.fromEntries(Object.entries(entries).map(([k, v]) => [k, { json: v }]))),
            ),
          shortText(50),
        ),
        method: fc.constantFrom('GET', 'POST'),
        signedIn: fc.boolean(),
      })
      await fc.assert(
        fc.asyncProperty(batch, async ({ paths, flag, input, method, signedIn }) => {
          const query = [
            flag === undefined ? '' : `batch=${flag}`,
            method === 'GET' && input !== undefined ? `input=${encode(input)}` : '',
          ]
            .filter(Boolean)
            .join('&')
          const request: Sent = {
            method: method as 'GET' | 'POST',
            url: `/trpc/${paths.join(',')}${query ? `?${query}` : ''}`,
            headers: {
              ...SAME_ORIGIN,
              ...(signedIn ? { cookie: admin } : {}),
              ...(method === 'POST' ? { 'content-type': 'application/json' } : {}),
            },
            ...(method === 'POST' && input !== undefined ? { payload: input } : {}),
          }
          const before = await stored()
          const response = await send(request)
          // A batch of hostile inputs may still hold a valid call; only refused answers must store nothing.
          if (response.statusCode >= 400 && !paths.some((each) => MUTATIONS[each])) {
            await expectNothingStored(before, request, response)
          }
        }),
        { numRuns: RUNS },
      )
    },
    TIMEOUT,
  )
})

// ---------------------------------------------------------------------------------------------
// What a page shows back stays text
// ---------------------------------------------------------------------------------------------

/** Each tag's name and attribute names, in order: markup from data would add to it or change it. */
function shapeOf(html: string): string[] {
  const shape: string[] = []
  for (const match of html.matchAll(/<(\/?)([a-zA-Z][a-zA-Z0-9-]*)((?:\s+[^\s"'>/=]+(?:="[^"]*")?)*)\s*\/?>/g)) {
    const attributes = (match[3] ?? '')
      .replace(/="[^"]*"/g, '')
      .trim()
      .split(/\s+/)
      .filter(Boolean)
    shape.push(`${match[1]}${match[2]}[${attributes.join(',')}]`)
  }
  return shape
}

/** The text inside each <script> element. */
const scriptsOf = (html: string) =>
  [...html.matchAll(/<script\b[^>]*>([\s\S]*?)<\/script>/gi)].map((match) => match[1] ?? '')

/** React's escaping of text and attribute values. */
const escapeLikeReact = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#x27;' })[char] ?? char,
  )

/**
 * A page showing hostile text has the same elements and attributes as the same page showing
 * plain text, its data scripts hold no '<' that the plain page's did not, and the text is there,
 * escaped.
 */
function expectSameMarkup(html: string, baseline: string, shown: string[], what: string) {
  expect(shapeOf(html), what).toEqual(shapeOf(baseline))
  const lessThans = (page: string) => scriptsOf(page).map((script) => script.split('<').length - 1)
  expect(lessThans(html), what).toEqual(lessThans(baseline))
  expect(
    scriptsOf(html).some((script) => /<!--|<\/?script/i.test(script)),
    what,
  ).toBe(false)
  expectNoActiveMarkup(html, what)
  for (const text of shown)
    expect(html.includes(escapeLikeReact(text)), `${JSON.stringify(text)} shown in ${what}`).toBe(true)
}

/** Text a database can store (what storableText asks of input): no U+0000, lone surrogates as U+FFFD. */
const storable = (text: string) => wellFormed(text).replaceAll('\u0000', '')

/** Storable text with fragments, never empty once trimmed (it starts with a letter). */
const visibleText = (maxLength: number) =>
  fc
    .array(fc.oneof(fragment, shortText(12)), { minLength: 1, maxLength: 6 })
    .map((pieces) => storable(`T ${pieces.join('')}`.slice(0, maxLength)))

describe('what a page shows back stays text', () => {
  it(
    '/research shows studies saved through REST and tRPC with markup in every field as text',
    async () => {
      await setup.database.handle.db.delete(researchStudies)
      const plain = {
        title: 'Plain title',
        authors: 'Plain authors',
        journal: 'Plain journal',
        year: '2020',
        category: 'General Wellness',
        url: 'https://example.org/plain',
        summary: 'Plain summary',
      }
      const created = await send(jsonRequest('POST', '/api/research-studies', plain, admin))
      const id = (created.json() as { id: number }).id
      const baseline = (await send({ method: 'GET', url: '/research' })).body

      const hostileStudy = fc
        .record({
          title: visibleText(TEXT_LIMITS.title),
          authors: visibleText(TEXT_LIMITS.authors),
          journal: visibleText(TEXT_LIMITS.journal),
          year: fc.constant('2020'),
          category: fc.constant('General Wellness'),
          url: shortText(30).map((text) => `https://example.org/${storable(text)}`),
          summary: visibleText(TEXT_LIMITS.summary),
        })
        .filter((study) => ResearchStudyInputSchema.safeParse(study).success)

      await fc.assert(
        fc.asyncProperty(hostileStudy, fc.boolean(), async (study, overTrpc) => {
          const request = overTrpc
            ? jsonRequest('POST', '/trpc/researchStudies.update', { json: { id, data: study } }, admin)
            : jsonRequest('PATCH', `/api/research-studies/${id}`, study, admin)
          const saved = await send(request)
          expect(saved.statusCode, describeRequest(request)).toBe(200)
          const [row] = await setup.database.handle.db.select().from(researchStudies).where(eq(researchStudies.id, id))
          if (!row) throw new Error('the study is gone')
          const page = await send({ method: 'GET', url: '/research' })
          const what = describeRequest(request)
          expectSameMarkup(page.body, baseline, [row.title, row.authors ?? '', `${row.journal}, ${row.year}`], what)
          expect(page.body.includes(escapeLikeReact(row.summary ?? '')), what).toBe(true)
          expect(page.body.includes(`href="${escapeLikeReact(row.url)}"`), what).toBe(true)
        }),
        { numRuns: RUNS },
      )
    },
    TIMEOUT,
  )

  it(
    '/ shows approved testimonials with markup in every field as text',
    async () => {
      const db = setup.database.handle.db
      const showOnly = async (values: { name: string; location: string; testimonial: string }) => {
        await db.delete(testimonials)
        await db.insert(testimonials).values({ ...values, isApproved: true })
        await setup.app.contentEvents.settle()
      }
      await showOnly({ name: 'Plain name', location: 'Plain place', testimonial: 'Plain words.' })
      const baseline = (await send({ method: 'GET', url: '/' })).body

      await fc.assert(
        fc.asyncProperty(
          fc.record({ name: visibleText(120), location: visibleText(120), testimonial: visibleText(2000) }),
          async (values) => {
            await showOnly(values)
            const [row] = await db.select().from(testimonials)
            if (!row) throw new Error('the testimonial is gone')
            const page = await send({ method: 'GET', url: '/' })
            expectSameMarkup(
              page.body,
              baseline,
              [row.name, row.location ?? '', row.testimonial],
              `testimonial ${JSON.stringify(values)}`,
            )
          },
        ),
        { numRuns: RUNS },
      )
    },
    TIMEOUT,
  )
})

describe('standards with hostile numbers, versions and bodies', () => {
  beforeAll(async () => {
    const db = setup.database.handle.db
    await seedStandards(db, setup.app.site)
    // A version in review, so a comment has somewhere to go.
    await createDraft(db, { email: ADMIN_EMAIL }, 'MHBOT-SC/G-002', { version: '1.1', changeSummary: 'A change.' })
    await openReview(db, { email: ADMIN_EMAIL }, 'MHBOT-SC/G-002', '1.1', {
      closesAt: new Date(Date.now() + 30 * 86_400_000),
    })
  })

  const part = fc.oneof(
    fc.constantFrom(
      'MHBOT-SC-G-002',
      'MHBOT-SC%2FG-002',
      'mhbot-sc-g-002',
      '1.0',
      '1.1',
      '9.9',
      '',
      '..',
      '%00',
      'a%2fb',
    ),
    hostileText.filter((text) => text.length < 2000).map(encode),
  )
  const number = fc.oneof({ weight: 3, arbitrary: fc.constant('MHBOT-SC-G-002') }, part)
  const version = fc.oneof({ weight: 3, arbitrary: fc.constantFrom('1.0', '1.1') }, part)
  const body = (write: fc.Arbitrary<unknown>) => fc.oneof({ weight: 3, arbitrary: write }, hostileValue)

  type Write = { method: Sent['method']; path: string; schema: z.ZodType | null; body: fc.Arbitrary<unknown> }
  const WRITES: Write[] = [
    {
      method: 'POST',
      path: '/api/standards/N/versions/V/comments',
      schema: CommentInputSchema,
      body: body(commentLike),
    },
    { method: 'POST', path: '/api/admin/standards/N/versions', schema: DraftInputSchema, body: body(draftLike) },
    { method: 'POST', path: '/api/admin/standards', schema: DocumentInputSchema, body: body(documentLike) },
    {
      method: 'PATCH',
      path: '/api/admin/standards/N/versions/V',
      schema: VersionPatchSchema,
      body: body(versionPatchLike),
    },
    {
      method: 'POST',
      path: '/api/admin/standards/N/versions/V/review',
      schema: ReviewInputSchema,
      body: body(reviewLike),
    },
    {
      method: 'POST',
      path: '/api/admin/standards/N/versions/V/publish',
      schema: PublishInputSchema,
      body: body(publishLike),
    },
    { method: 'POST', path: '/api/admin/standards/N/versions/V/withdraw', schema: null, body: fc.constant(undefined) },
    { method: 'POST', path: '/api/admin/standards/N/versions/V/announce', schema: null, body: fc.constant(undefined) },
    { method: 'PATCH', path: '/api/admin/comments/I/answer', schema: AnswerInputSchema, body: body(answerLike) },
    { method: 'PATCH', path: '/api/admin/comments/I/hidden', schema: HideInputSchema, body: body(hideLike) },
  ]
  const READS = [
    '/api/standards/N',
    '/api/standards/N/versions/V',
    '/api/standards/N/versions/V/comments',
    '/api/standards/N/compare?from=V&to=V',
    '/api/standards/N/versions/V/changes',
    '/api/admin/standards/N/versions/V',
    '/api/admin/standards/N/versions/V/comments',
    '/downloads/N-vV.pdf',
  ]
  const fill = (path: string, n: string, v: string, id: string) =>
    path.replace('N', n).replaceAll('V', v).replace('/I', `/${id}`)

  it(
    'standards with hostile numbers, versions and bodies: never a 5xx; a rejected body stores nothing',
    async () => {
      await fc.assert(
        fc.asyncProperty(
          fc.oneof(
            fc.record({ kind: fc.constant('read' as const), path: fc.constantFrom(...READS) }),
            fc
              .constantFrom(...WRITES)
              .chain((write) =>
                fc.record({ kind: fc.constant('write' as const), write: fc.constant(write), body: write.body }),
              ),
          ),
          number,
          version,
          fc.oneof(studyIdText, fc.constant('1')),
          async (call, n, v, id) => {
            if (call.kind === 'read') {
              const request: Sent = { method: 'GET', url: fill(call.path, n, v, id), headers: { cookie: admin } }
              const response = await send(request)
              expect([200, 301, 302, 304, 400, 404], describeRequest(request)).toContain(response.statusCode)
              return
            }
            const { write, body: sent } = call
            const request = jsonRequest(write.method, fill(write.path, n, v, id), sent, admin)
            if (sent === undefined) delete request.headers?.['content-type']
            const before = await stored()
            const response = await send(request)
            const bodyOk = write.schema === null || write.schema.safeParse(overJson(sent) ?? {}).success
            if (!bodyOk) {
              expect(response.statusCode, describeRequest(request)).toBeGreaterThanOrEqual(400)
              await expectNothingStored(before, request, response)
            }
          },
        ),
        { numRuns: RUNS * 2 },
      )
    },
    TIMEOUT,
  )
})

describe('the registry with hostile numbers, ids and bodies', () => {
  let listing = ''
  let evidence = ''
  beforeAll(async () => {
    const db = setup.database.handle.db
    await seedStandards(db, setup.app.site)
    const file = await storeEvidence(db, { email: ADMIN_EMAIL }, { filename: 'evidence.pdf', bytes: await makePdf() })
    evidence = file.id
    const made = await createListing(
      db,
      { email: ADMIN_EMAIL },
      ListingInputSchema.parse({
        kind: 'facility',
        organisationName: 'Example Wellness Centre',
        contactEmail: 'centre@example.org',
        street: '1 Example Street',
        city: 'Austin',
        region: 'TX',
        postalCode: '78701',
        documentIds: [evidence],
      }),
      { listingDays: 365 },
    )
    listing = made.id
  })

  const number = fc.oneof(
    fc.constantFrom('MHBOT-SC-L-0001', 'mhbot-sc-l-0001', 'l%201', '0001', 'MHBOT-SC%2FL-0001', 'MHBOT-SC-L-9999'),
    fc.constantFrom('', '..', '%00', 'a%2fb', '0', '0000', '1234567', 'MHBOT-SC-G-001'),
    // Any length: one past the router's 500-character parameter falls through to the pages, which
    // answer it (a path outside ASCII too: tests/integration/hardening.test.ts).
    hostileText.map(encode),
  )
  const READS = ['/api/registry/N', '/registry/N/badge.svg', '/api/admin/registry/documents/I']
  const id = fc.oneof(fc.constant('EVIDENCE'), fc.uuid(), studyIdText.map(encode))

  it(
    'the registry with hostile numbers, ids and bodies: never a 5xx; reads change nothing',
    async () => {
      await fc.assert(
        fc.asyncProperty(fc.constantFrom(...READS), number, id, fc.boolean(), async (path, n, i, signedIn) => {
          const url = path.replace('N', n).replace('I', i === 'EVIDENCE' ? evidence : i)
          const request: Sent = { method: 'GET', url, headers: signedIn ? { cookie: admin } : {} }
          const before = await stored()
          const response = await send(request)
          expect([200, 301, 302, 304, 308, 400, 401, 404], describeRequest(request)).toContain(response.statusCode)
          await expectNothingStored(before, request, response)
        }),
        { numRuns: RUNS * 2 },
      )
    },
    TIMEOUT,
  )

  it(
    'registry writes with almost-valid input: never a 5xx; what the schema refuses stores nothing',
    async () => {
      const write = fc.oneof(
        fc.record({ path: fc.constant('registry.admin.create'), input: bodyLike(listingLike) }),
        fc.record({
          path: fc.constant('registry.admin.update'),
          input: fc.tuple(listingLike, fc.record({ id: listingIdValue })).map(([a, b]) => ({ ...a, ...b })),
        }),
        fc.record({ path: fc.constant('registry.admin.changeStatus'), input: bodyLike(statusChangeLike) }),
      )
      await fc.assert(
        fc.asyncProperty(write, async ({ path, input }) => {
          const withId =
            input &&
            typeof input === 'object' &&
            !Array.isArray(input) &&
            (input as { id?: unknown }).id === 'EXISTING-LISTING'
              ? { ...(input as Record<string, unknown>), id: listing }
              : input
          const request = jsonRequest('POST', `/trpc/${path}`, { json: withId }, admin)
          const before = await stored()
          const response = await send(request)
          const schema = MUTATIONS[path]?.schema
          if (schema && !schema.safeParse(overJson(withId)).success) {
            // 400 from the schema; 413 from Fastify for a body past its limit.
            expect(response.statusCode, describeRequest(request)).toBeGreaterThanOrEqual(400)
            await expectNothingStored(before, request, response)
          }
        }),
        { numRuns: RUNS * 2 },
      )
    },
    TIMEOUT,
  )
})

describe('registry applications and concerns with hostile bodies', () => {
  let listingKeyText = ''
  let applicant = ''
  let application = ''
  let concern = ''
  beforeAll(async () => {
    const db = setup.database.handle.db
    await seedStandards(db, setup.app.site)
    const made = await createListing(
      db,
      { email: ADMIN_EMAIL },
      ListingInputSchema.parse({
        kind: 'facility',
        organisationName: 'Hostile Test Facility',
        contactEmail: 'hostile-centre@example.org',
        street: '1 Example Street',
        city: 'Austin',
        region: 'TX',
        postalCode: '78701',
      }),
      { listingDays: 365 },
    )
    listingKeyText = made.key
    const created = await submitApplication(
      db,
      ApplicationInputSchema.parse({
        kind: 'facility',
        organisationName: 'Hostile Test Applicant',
        contactName: 'Test Applicant',
        contactEmail: 'hostile-applicant@example.org',
        street: '1 Example Street',
        city: 'Austin',
        region: 'TX',
        postalCode: '78701',
        declarations: [{ number: 'MHBOT-SC/G-002', version: '1.0' }],
        signatoryName: 'Test Signatory',
        signatoryTitle: 'Director',
        declaration: true,
      }),
      [],
      { secret: setup.app.sessionSecret, publicUrl: setup.app.site.publicUrl, mailEnabled: false, listingDays: 365 },
    )
    application = created.id
    applicant = `${APPLICANT_COOKIE}=${applicationToken(setup.app.sessionSecret, created.id)}`
    await raiseConcern(
      db,
      made.number,
      {
        name: 'Test Visitor',
        email: 'visitor@example.org',
        whatHappened: 'Something happened.',
        when: 'Today',
        consent: true,
      },
      { mailEnabled: false },
    )
    const [row] = await db.select({ id: registryConcerns.id }).from(registryConcerns)
    concern = row?.id ?? ''
  })

  const token = fc.oneof(fc.constant('VALID'), fc.constantFrom('', 'x.y', 'a'.repeat(400)), hostileText)
  const cookieOf = (t: string) => (t === 'VALID' ? applicant : `${APPLICANT_COOKIE}=${encode(t)}`)

  it(
    'the public side: applications, concerns and the applicant’s routes never answer 5xx; what the schema refuses stores nothing',
    async () => {
      const request = fc.oneof(
        fc.record({ kind: fc.constant('apply' as const), body: bodyLike(applicationLike) }),
        fc.record({
          kind: fc.constant('concern' as const),
          body: bodyLike(concernLike),
          number: fc.oneof(fc.constant('KEY'), hostileText.map(encode)),
        }),
        fc.record({
          kind: fc.constant('answer' as const),
          body: bodyLike(fc.record({ body: fieldOf(fc.constant('An answer.')) }, { requiredKeys: [] })),
          token,
        }),
        fc.record({ kind: fc.constant('read' as const), token, open: fc.boolean() }),
      )
      await fc.assert(
        fc.asyncProperty(request, async (sent) => {
          const before = await stored()
          if (sent.kind === 'read') {
            const t = sent.token === 'VALID' ? applicationToken(setup.app.sessionSecret, application) : sent.token
            const read: Sent = sent.open
              ? { method: 'GET', url: `/registry/application/open?token=${encode(t)}` }
              : { method: 'GET', url: '/api/registry/application', headers: { cookie: cookieOf(sent.token) } }
            const response = await send(read)
            expect([200, 400, 401, 404], describeRequest(read)).toContain(response.statusCode)
            await expectNothingStored(before, read, response)
            return
          }
          const [url, schema, cookie] =
            sent.kind === 'apply'
              ? ['/api/registry/applications', ApplicationInputSchema, undefined]
              : sent.kind === 'concern'
                ? [
                    `/api/registry/${sent.number === 'KEY' ? listingKeyText : sent.number}/concerns`,
                    ConcernInputSchema,
                    undefined,
                  ]
                : ['/api/registry/application/answers', ApplicantAnswerSchema, cookieOf(sent.token)]
          const sentRequest = jsonRequest('POST', url, sent.body, cookie)
          const response = await send(sentRequest)
          if (!schema.safeParse(overJson(sent.body)).success) {
            expect(response.statusCode, describeRequest(sentRequest)).toBeGreaterThanOrEqual(400)
            await expectNothingStored(before, sentRequest, response)
          }
        }),
        { numRuns: RUNS * 2 },
      )
    },
    TIMEOUT,
  )

  it(
    'the council’s side with hostile ids and bodies: never a 5xx; what the schema refuses stores nothing',
    async () => {
      const id = fc.oneof(fc.constant('EXISTING'), fc.uuid(), studyIdText.map(encode))
      const write = fc.oneof(
        fc.record({
          path: fc.constantFrom('applications/I/questions'),
          body: bodyLike(threadLike),
          schema: fc.constant(CouncilQuestionSchema),
        }),
        fc.record({
          path: fc.constantFrom('applications/I/decline'),
          body: bodyLike(reasonLike),
          schema: fc.constant(DeclineApplicationSchema),
        }),
        fc.record({
          path: fc.constantFrom('concerns/C/close'),
          body: bodyLike(closeLike),
          schema: fc.constant(CloseConcernSchema),
        }),
        fc.record({
          path: fc.constantFrom('applications/I', 'concerns/C', 'applications', 'concerns'),
          body: fc.constant(undefined),
          schema: fc.constant(undefined),
        }),
      )
      await fc.assert(
        fc.asyncProperty(write, id, async ({ path, body, schema }, i) => {
          const url = `/api/admin/registry/${path
            .replace('I', i === 'EXISTING' ? application : i)
            .replace('C', i === 'EXISTING' ? concern : i)}`
          const request: Sent =
            body === undefined
              ? { method: 'GET', url, headers: { ...SAME_ORIGIN, cookie: admin } }
              : jsonRequest('POST', url, body, admin)
          const before = await stored()
          const response = await send(request)
          const withId =
            body && typeof body === 'object' && !Array.isArray(body) ? { ...(body as object), id: application } : body
          if (body === undefined || (schema && !schema.safeParse(overJson(withId)).success)) {
            if (body !== undefined) expect(response.statusCode, describeRequest(request)).toBeGreaterThanOrEqual(400)
            await expectNothingStored(before, request, response)
          }
        }),
        { numRuns: RUNS * 2 },
      )
    },
    TIMEOUT,
  )
})
