import { z } from 'zod'
import { TEXT_LIMITS } from '../constants'
import { HONEYPOT_MAX } from '../form-rules'
import type { ListingKind, ListingStatus } from '../registry'
import { LISTING_ITEMS_MAX } from '../registry'
import {
  APPLICATION_HONEYPOT,
  APPLICATION_STATES,
  type ApplicationPurpose,
  type ApplicationState,
  CONCERN_STATES,
  type ConcernState,
  DECLARATION_REQUIRED,
  type ThreadAuthor,
} from '../registry-applications'
import {
  chamberFields,
  commonFields,
  facilityFields,
  type ListingDeclaration,
  ListingIdSchema,
  registryDate,
  STATUS_REASON_MAX,
  STATUS_REASON_MIN,
} from './registry'
import { requiredText, storableText } from './text'

/*
 * Applications, renewals and concerns (the contract: docs/registry.md and docs/api.md, Registry).
 * One schema reads a JSON body and a form's fields alike: a form sends every value as text, a
 * repeated field (checkboxes, several files) as a list, a checkbox as "on" or nothing, so the
 * preprocessing below turns those into what JSON would carry before the same rules apply.
 */

/** One value or several, as a list; nothing as an empty list. */
const asList = (value: unknown): unknown =>
  value === undefined || value === null || value === '' ? [] : Array.isArray(value) ? value : [value]

/** A checkbox: true from JSON, or the "on" (or any value) a ticked box sends. */
const checkbox = (value: unknown) => value === true || (typeof value === 'string' && value !== '' && value !== 'false')

/**
 * A declared version as a form's checkbox writes it: the standard's number or key, a space or a
 * colon, the version ("MHBOT-SC-001:1.0", "MHBOT-SC/001 1.0"); JSON may send the object itself.
 */
export const declarationValue = (number: string, version: string) => `${number}:${version}`
const readDeclaration = (value: unknown) => {
  if (typeof value !== 'string') return value
  const match = /^\s*(\S+)[\s:]+(\S+)\s*$/.exec(value)
  return match ? { number: match[1], version: match[2] } : { number: value, version: '' }
}

/** A number typed into a form ("1.3"); blank is absent. */
const formNumber = (value: unknown) => {
  if (typeof value !== 'string') return value
  const trimmed = value.trim()
  return trimmed === '' ? undefined : Number(trimmed)
}

/** A facility's chamber models: one per line in the form (a listing number, or the model's name). */
const chamberLines = (value: unknown) =>
  typeof value === 'string'
    ? value
        .split(/\r?\n/)
        .map((line) => line.trim())
        .filter((line) => line !== '')
    : asList(value)

const applicantFields = {
  contactName: requiredText(TEXT_LIMITS.name, 'Contact name'),
  contactEmail: commonFields.contactEmail,
  organisationName: commonFields.organisationName,
  website: commonFields.website,
  declarations: z.preprocess(
    (value) => (asList(value) as unknown[]).map(readDeclaration),
    commonFields.declarations.refine((items) => items.length > 0, 'Declare at least one standard'),
  ),
  signatoryName: requiredText(TEXT_LIMITS.name, 'Signatory’s name'),
  signatoryTitle: requiredText(TEXT_LIMITS.name, 'Signatory’s title'),
  declaration: z.preprocess(checkbox, z.literal(true, { error: DECLARATION_REQUIRED })),
  /** The renewal link's token, when this is a renewal (the listing it names, its kind too). */
  renew: z.string().max(300).optional(),
  [APPLICATION_HONEYPOT]: z.string().max(HONEYPOT_MAX).optional(),
}

const applicationFacility = z.object({
  kind: z.literal('facility'),
  ...applicantFields,
  street: facilityFields.street,
  city: facilityFields.city,
  region: facilityFields.region,
  postalCode: facilityFields.postalCode,
  country: facilityFields.country,
  /** Each a listed chamber model's number (linked on approval) or a model's name as typed. */
  chambers: z.preprocess(
    chamberLines,
    z
      .array(requiredText(200, 'Chamber model'), { error: 'Chambers must be a list' })
      .max(LISTING_ITEMS_MAX, `At most ${LISTING_ITEMS_MAX} chamber models may be named`),
  ),
})

const applicationChamber = z.object({
  kind: z.literal('chamber'),
  ...applicantFields,
  manufacturer: chamberFields.manufacturer,
  modelName: chamberFields.modelName,
  maxPressureAta: z.preprocess(formNumber, chamberFields.maxPressureAta),
  fda510k: chamberFields.fda510k,
  statedStandards: z.preprocess(asList, chamberFields.statedStandards),
})

/**
 * An application (POST /api/registry/applications, as JSON or as the form's multipart fields; the
 * documents come as files beside it). A renewal is the same with `renew`, the renewal link's token.
 */
export const ApplicationInputSchema = z.discriminatedUnion('kind', [applicationFacility, applicationChamber], {
  error: 'Kind must be facility or chamber',
})
export type ApplicationInput = z.output<typeof ApplicationInputSchema>
export type ApplicationInputValues = z.input<typeof ApplicationInputSchema>

/** What an application stores of the listing-to-be (everything but the applicant's own fields). */
export type ApplicationDetails =
  | (Pick<
      Extract<ApplicationInput, { kind: 'facility' }>,
      'kind' | 'organisationName' | 'website' | 'street' | 'city' | 'region' | 'postalCode' | 'country' | 'chambers'
    > & { declarations: { number: string; version: string }[] })
  | (Pick<
      Extract<ApplicationInput, { kind: 'chamber' }>,
      | 'kind'
      | 'organisationName'
      | 'website'
      | 'manufacturer'
      | 'modelName'
      | 'maxPressureAta'
      | 'fda510k'
      | 'statedStandards'
    > & { declarations: { number: string; version: string }[] })

export const THREAD_MESSAGE_MIN = 2
export const THREAD_MESSAGE_MAX = TEXT_LIMITS.message

const threadMessage = (label: string) =>
  storableText(
    z
      .string({ error: `${label} is required` })
      .trim()
      .min(THREAD_MESSAGE_MIN, `${label} must be at least ${THREAD_MESSAGE_MIN} characters`)
      .max(THREAD_MESSAGE_MAX, `${label} must be at most ${THREAD_MESSAGE_MAX} characters`),
    label,
  )

/** The applicant's answer (POST /api/registry/application/answers). */
export const ApplicantAnswerSchema = z.object({ body: threadMessage('Answer') })

/** The council's question (registry.admin.applications.ask). */
export const CouncilQuestionSchema = z.object({ id: ListingIdSchema, body: threadMessage('Question') })

/** Approving: the listing's dates, when the council sets them (the defaults as for a new listing). */
export const ApproveApplicationSchema = z.object({
  id: ListingIdSchema,
  expiresOn: z.preprocess((value) => (value === '' ? undefined : value), registryDate('Expires on').optional()),
})

const publicReason = (label: string) =>
  storableText(
    z
      .string({ error: `${label} is required` })
      .trim()
      .min(STATUS_REASON_MIN, `${label} must be at least ${STATUS_REASON_MIN} characters`)
      .max(STATUS_REASON_MAX, `${label} must be at most ${STATUS_REASON_MAX} characters`),
    label,
  )

/** Declining, with the reason the applicant is sent. */
export const DeclineApplicationSchema = z.object({ id: ListingIdSchema, reason: publicReason('Reason') })

const statesOrAll = <T extends readonly [string, ...string[]]>(states: T, label: string) =>
  z.preprocess(
    (value) => (value === '' || value === undefined ? undefined : value),
    z
      .enum([...states, 'open', 'all'] as [string, ...string[]], { error: `${label} is not one of the states` })
      .default('open'),
  )

const page = z.preprocess(
  (value) => (value === '' || value === undefined ? undefined : value),
  z.coerce
    .number({ error: 'Page must be a whole number from 1' })
    .int('Page must be a whole number from 1')
    .min(1, 'Page must be a whole number from 1')
    .max(10_000, 'Page must be at most 10000')
    .default(1),
)

/** The queue: `open` (received and questions: the default), one state, or all; oldest first. */
export const ApplicationQueueSchema = z.object({ state: statesOrAll(APPLICATION_STATES, 'State'), page })
export const ConcernQueueSchema = z.object({ state: statesOrAll(CONCERN_STATES, 'State'), page })

/** A concern (POST /api/registry/{number}/concerns, as JSON or the form's fields). */
export const ConcernInputSchema = z.object({
  name: requiredText(TEXT_LIMITS.name, 'Name'),
  email: z
    .string({ error: 'E-mail is required' })
    .trim()
    .min(1, 'E-mail is required')
    .max(TEXT_LIMITS.email, `E-mail must be at most ${TEXT_LIMITS.email} characters`)
    .email('E-mail must be an e-mail address'),
  whatHappened: threadMessage('What happened'),
  /** When it happened, as the person says it ("last Tuesday", "March 2027"). */
  when: requiredText(200, 'When'),
  consent: z.preprocess(checkbox, z.boolean()),
  website: z.string().max(HONEYPOT_MAX).optional(),
})
export type ConcernInput = z.output<typeof ConcernInputSchema>

/** Looking into a concern (new → looking). */
export const ConcernLookSchema = z.object({ id: ListingIdSchema })

/**
 * Closing a concern: the outcome (the council's, never public) and, when it leads to one, a status
 * change of the listing with its public reason, in the same transaction.
 */
export const CloseConcernSchema = z.object({
  id: ListingIdSchema,
  outcome: storableText(
    z
      .string({ error: 'Outcome is required' })
      .trim()
      .min(2, 'Outcome must be at least 2 characters')
      .max(TEXT_LIMITS.message, `Outcome must be at most ${TEXT_LIMITS.message} characters`),
    'Outcome',
  ),
  statusChange: z
    .object({
      action: z.enum(['suspend', 'withdraw'], { error: 'A concern may lead to suspend or withdraw' }),
      reason: publicReason('Public reason'),
    })
    .optional(),
})

export const RecordIdParamsSchema = z.object({ id: ListingIdSchema })

/** A renewal link's token (the renewal form's address: /registry/apply?renew=…). */
export const RenewalTokenSchema = z.object({
  token: z
    .string({ error: 'The renewal link has no token' })
    .trim()
    .min(1, 'The renewal link has no token')
    .max(300, 'This renewal link is not valid'),
})

/* The answers. Moments are ISO strings; dates YYYY-MM-DD. */

export type ThreadMessage = { id: number; author: ThreadAuthor; body: string; at: string }
export type ApplicationDocument = { id: string; filename: string; size: number; addedAt: string }

/** What the applicant's page shows (GET /api/registry/application, registry.application). */
export type ApplicantView = {
  id: string
  /** "Application 12", the council's reference in mail and on the page. */
  reference: string
  purpose: ApplicationPurpose
  state: ApplicationState
  kind: ListingKind
  organisationName: string
  contactName: string
  details: ApplicationDetails
  /** The declared versions as on a listing (title, superseded). */
  declarations: ListingDeclaration[]
  signatoryName: string
  signatoryTitle: string
  receivedAt: string
  documents: ApplicationDocument[]
  /** Oldest first. */
  thread: ThreadMessage[]
  /** Approved: the listing's number and key (its page, its badge); else null. */
  listing: { number: string; key: string; status: ListingStatus } | null
  /** Declined: the council's reason; else null. */
  declineReason: string | null
  decidedAt: string | null
  /**
   * The application's open link, only while mail is off (nobody could be mailed it): the page after
   * applying shows it once, to keep. Null whenever mail is on.
   */
  link: string | null
}

/** The council's view of one application: the applicant's, with what only the team sees. */
export type AdminApplication = ApplicantView & {
  contactEmail: string
  /** For a renewal, the listing renewed (also before approval). */
  renews: { id: string; number: string; key: string; status: ListingStatus; expiresOn: string } | null
  decidedBy: string | null
}

export type ApplicationSummary = {
  id: string
  reference: string
  purpose: ApplicationPurpose
  state: ApplicationState
  kind: ListingKind
  organisationName: string
  receivedAt: string
  /** The last message or change: how long it has waited. */
  lastActivityAt: string
  documents: number
}

export type ApplicationQueue = {
  items: ApplicationSummary[]
  page: number
  pageSize: number
  total: number
  counts: Record<ApplicationState | 'open' | 'all', number>
}

/** What the renewal form starts from (registry.renewal, by the renewal link's token). */
export type RenewalStart = {
  listing: { number: string; key: string; status: ListingStatus; expiresOn: string }
  /** The form's values: the listing as it is, the contact name and signatory left to fill. */
  values: (ApplicationDetails extends infer Kind
    ? Kind extends unknown
      ? Omit<Kind, 'declarations'>
      : never
    : never) & {
    contactEmail: string
    declarations: { number: string; version: string }[]
  }
}

/** The answer to an application (201). `link` only when mail is off: shown once, to keep. */
export type ApplicationCreated = {
  id: string
  reference: string
  state: 'received'
  linkMailed: boolean
  link: string | null
  message: string
}

export type ConcernSummary = {
  id: string
  reference: string
  state: ConcernState
  listing: { number: string; key: string; name: string; status: ListingStatus }
  name: string
  receivedAt: string
}

export type AdminConcern = ConcernSummary & {
  email: string
  whatHappened: string
  when: string
  consent: boolean
  outcome: string | null
  /** The status change the closing made, if any. */
  statusChange: { action: 'suspend' | 'withdraw'; reason: string } | null
  closedAt: string | null
  closedBy: string | null
}

export type ConcernQueue = {
  items: ConcernSummary[]
  page: number
  pageSize: number
  total: number
  counts: Record<ConcernState | 'open' | 'all', number>
}

/** The tabs' counts in the admin: applications waiting for the council, concerns not yet closed. */
export type RegistryQueueCounts = { applicationsWaiting: number; concernsOpen: number }
