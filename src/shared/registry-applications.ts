/**
 * Applications to the registry, renewals and concerns (issue 38; docs/registry.md, "Applications"
 * and "Concerns"; docs/decisions/048-registry-applications.md): the words, states and rules the
 * pages, the server, the mail and the tests share, so a sentence is written once and a test can look
 * for the very words a person reads. Plain literals and functions only: the public pages import
 * this without zod.
 */

/** A first application, or the renewal of a listing (which may have expired). */
export const APPLICATION_PURPOSES = ['new', 'renewal'] as const
export type ApplicationPurpose = (typeof APPLICATION_PURPOSES)[number]

/**
 * Received (waiting for the council), questions (the council asked; waiting for the applicant),
 * approved (listed, or renewed) and declined (with the council's reason). The last two are final.
 */
export const APPLICATION_STATES = ['received', 'questions', 'approved', 'declined'] as const
export type ApplicationState = (typeof APPLICATION_STATES)[number]
export const APPLICATION_STATE_LABELS: Record<ApplicationState, string> = {
  received: 'Received',
  questions: 'Questions from the council',
  approved: 'Approved',
  declined: 'Declined',
}
/** The states in which the applicant may still answer and add documents, and the council act. */
export const OPEN_APPLICATION_STATES = ['received', 'questions'] as const satisfies readonly ApplicationState[]
export const isOpenApplication = (state: ApplicationState) =>
  (OPEN_APPLICATION_STATES as readonly ApplicationState[]).includes(state)

/** Who wrote a message in an application's thread. */
export const THREAD_AUTHORS = ['council', 'applicant'] as const
export type ThreadAuthor = (typeof THREAD_AUTHORS)[number]

/** New (nobody has looked), looking into it, closed with an outcome. Never public. */
export const CONCERN_STATES = ['new', 'looking', 'closed'] as const
export type ConcernState = (typeof CONCERN_STATES)[number]
export const CONCERN_STATE_LABELS: Record<ConcernState, string> = {
  new: 'New',
  looking: 'Looking into it',
  closed: 'Closed',
}

/**
 * The registry's notices to a listing's contact, each sent once for what it is about (across
 * replicas and restarts: a row in registry_notices, unique per listing, kind and subject):
 * the expiry reminders 30 and 7 days before the expiry date (about that date), and the word that a
 * declared standard has a newer published version (about that version).
 */
export const REGISTRY_NOTICE_KINDS = ['expiry_30', 'expiry_7', 'superseded'] as const
export type RegistryNoticeKind = (typeof REGISTRY_NOTICE_KINDS)[number]
/** Days before the expiry date at which a reminder goes, earliest first. */
export const RENEWAL_REMINDER_DAYS = [30, 7] as const

/** Evidence documents one application (or one later addition) may carry. */
export const APPLICATION_DOCUMENTS_MAX = 10
/** The multipart field the documents come in (several files under one name). */
export const APPLICATION_DOCUMENTS_FIELD = 'documents'
/**
 * The application form's honeypot: hidden from people, filled by bots. Not `website`, which is the
 * organisation's own field here (the concern form keeps the other forms' `website`).
 */
export const APPLICATION_HONEYPOT = 'fax'

/** The application-link mail: at most one per address in this window; a later one waits for it. */
export const APPLICATION_LINK_MAIL_GAP_MS = 10 * 60 * 1000

/** The cookie that holds an applicant's signed link after its page's button was pressed. */
export const APPLICANT_COOKIE = 'mhbot_application'

/* Paths. */
export const APPLY_PATH = '/registry/apply'
/** The applicant's page (the cookie says which application). */
export const APPLICATION_PATH = '/registry/application'
/** Where the mailed link leads: a page with one button, which a mail scanner does not press. */
export const APPLICATION_OPEN_PATH = '/registry/application/open'
export const applicationOpenLink = (publicUrl: string, token: string) =>
  `${publicUrl}${APPLICATION_OPEN_PATH}?token=${encodeURIComponent(token)}`
/** The renewal form: the application form for one listing, its fields filled in. */
export const renewalLink = (publicUrl: string, token: string) =>
  `${publicUrl}${APPLY_PATH}?renew=${encodeURIComponent(token)}`

/* The sentences. */

/** What the applicant declares (the checkbox's label). */
export const DECLARATION_TEXT =
  'I declare that the details given here are true, and that the organisation follows the versions of the council’s standards declared above.'
export const DECLARATION_REQUIRED = 'Tick the declaration to apply'

/** The page after applying, and the JSON answer's message. */
export const APPLICATION_RECEIVED =
  'Thank you: the council has received the application. It reviews each application and its evidence, and may ask questions before it decides.'
export const APPLICATION_LINK_MAILED =
  'We have e-mailed a private link to the application’s page to the contact address. Open it to follow the application, answer the council’s questions and add documents.'
/** Without mail: the link is shown once, with this line. */
export const KEEP_THIS_LINK =
  'Keep this link: it is the only way back to the application’s page, and it is shown only once. Anyone who has it can read the application and answer for you.'

/** A link that is malformed, forged, or for an application that no longer exists. */
export const APPLICATION_LINK_INVALID = 'This link to an application is not valid'
/** The applicant's page and routes without a valid link. */
export const APPLICATION_SIGN_IN =
  'Open the link from the e-mail the council sent about your application to see its page.'
/** Acting on an application the council has decided. */
export const APPLICATION_CLOSED = 'This application has been decided; nothing more can be added to it'

/** A renewal link that is not valid, or for a withdrawn listing (which cannot be renewed). */
export const RENEWAL_LINK_INVALID = 'This renewal link is not valid'
export const RENEWAL_WITHDRAWN = 'A withdrawn listing cannot be renewed'
/** Approving the renewal of a suspended listing. */
export const RENEWAL_SUSPENDED = 'A suspended listing is reinstated before it is renewed'

/** The reason written in the listing's public history when a renewal is approved. */
export const RENEWED_REASON = 'Renewed by the council after reviewing the renewal application'
/** The reason of a listing's first history row when it comes from an application. */
export const LISTED_FROM_APPLICATION_REASON = 'Listed by the council after reviewing the application'

/** The listing page's link and the concern form's heading. */
export const RAISE_CONCERN = 'Raise a concern about this listing'
export const CONCERN_INTRO =
  'Tell the council what happened at this facility or with this chamber model. Concerns are read by the council’s registrars, never published, and may lead it to suspend or withdraw a listing.'
export const CONCERN_CONSENT = 'The council may contact me about this concern'
export const CONCERN_RECEIVED =
  'Thank you: the council has received your concern and will look into it. We have sent an acknowledgement to your e-mail address.'
export const CONCERN_RECEIVED_NO_MAIL = 'Thank you: the council has received your concern and will look into it.'

/** /registry's and each standard's invitation to apply. */
export const APPLY_INVITATION = 'Apply to be listed'
export const APPLY_INTRO =
  'A facility that gives mild hyperbaric sessions, or the maker of a mild chamber model, may apply to be listed. Declare the published versions of the council’s standards you follow, attach the evidence (PDF), and sign the declaration. The council reviews every application and may ask questions before it decides.'
