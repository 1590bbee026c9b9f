/** Business constants (docs/product.md#constants), shared by the client, the server and the database. */

export const STUDY_CATEGORIES = [
  'Athletic Performance',
  'Cognitive Health',
  'Safety Standards',
  'General Wellness',
] as const
export type StudyCategory = (typeof STUDY_CATEGORIES)[number]

export const RESOURCE_CATEGORIES = ['Safety', 'Education', 'Professional'] as const
export type ResourceCategory = (typeof RESOURCE_CATEGORIES)[number]

/** A contact message starts 'new'; opening it makes it 'read'; the council may archive it. */
export const MESSAGE_STATUSES = ['new', 'read', 'archived'] as const
export type MessageStatus = (typeof MESSAGE_STATUSES)[number]

/** A subscription waits for its address to confirm (when mail is on), is active, or was ended. */
export const SUBSCRIBER_STATUSES = ['pending', 'active', 'unsubscribed', 'suppressed'] as const
export type SubscriberStatus = (typeof SUBSCRIBER_STATUSES)[number]

/**
 * What the mail provider reported of an address (docs/decisions/052-mail-provider-events.md): a
 * bounce that will not pass, one that may pass later, or the reader marking the mail as spam.
 */
export const MAIL_EVENT_KINDS = ['hard_bounce', 'soft_bounce', 'complaint'] as const
export type MailEventKind = (typeof MAIL_EVENT_KINDS)[number]

/** Why the newsletter stopped going to an address without its owner asking: a hard bounce, too many soft ones, a complaint. */
export const SUPPRESSION_REASONS = ['hard_bounce', 'soft_bounces', 'complaint'] as const
export type SuppressionReason = (typeof SUPPRESSION_REASONS)[number]

/** The providers whose calls `POST /api/mail/events/{provider}` reads: a generic JSON shape, Amazon SES through SNS, Postmark. */
export const MAIL_EVENT_PROVIDERS = ['generic', 'ses', 'postmark'] as const
export type MailEventProvider = (typeof MAIL_EVENT_PROVIDERS)[number]

/**
 * How a subscription came about, kept beside the moment it was confirmed
 * (docs/decisions/017-newsletter-subscriptions.md):
 * - `form`: a new address subscribed on the form (with mail on, it then confirms the mailed link);
 * - `resubscribe`: an address that had unsubscribed subscribed again, and confirms again;
 * - `mail_off`: subscribed while the site sent no mail, so active at once, with no confirmation.
 * Null only for rows from before this was recorded whose origin the data cannot tell.
 */
export const CONSENT_SOURCES = ['form', 'resubscribe', 'mail_off'] as const
export type ConsentSource = (typeof CONSENT_SOURCES)[number]

/**
 * The mail the site sends through the outbox: the council's notice of a contact message, a
 * subscriber's confirmation link, the welcome once an address is confirmed, and a news post sent
 * to each subscriber as a newsletter issue.
 */
export const MAIL_KINDS = [
  'contact_notice',
  // To the visitor who wrote: what they sent and when to expect a reply.
  'contact_receipt',
  'subscription_confirm',
  'newsletter_welcome',
  'newsletter_issue',
  // The registry's (docs/registry.md, "Mail"): to an applicant, to the council's notice address,
  // to a listing's contact, to a person who raised a concern.
  'registry_application_link',
  'registry_application_notice',
  'registry_question',
  'registry_answer_notice',
  'registry_approved',
  'registry_declined',
  'registry_renewal_reminder',
  'registry_superseded',
  'registry_concern_ack',
  'registry_concern_notice',
  // A public comment on a standard in review (docs/standards.md, "Mail"): the commenter's receipt,
  // the council's notice of it, and, when the version is published, the commenter's answers.
  'comment_receipt',
  'comment_notice',
  'comment_answer',
] as const
export type MailKind = (typeof MAIL_KINDS)[number]
/**
 * An outbox row waits (pending, also between retries), is being sent, was sent, was given up, or
 * was cancelled before it went (a newsletter issue stopped by the council, or its reader gone).
 */
export const MAIL_STATES = ['pending', 'sending', 'sent', 'failed', 'cancelled'] as const
export type MailState = (typeof MAIL_STATES)[number]

/**
 * Who wrote a testimonial down: a visitor through the site's form (their words, which staff may
 * publish or not but never change), or the council from a letter or e-mail, with the author's consent.
 */
export const TESTIMONIAL_SOURCES = ['visitor', 'council'] as const
export type TestimonialSource = (typeof TESTIMONIAL_SOURCES)[number]

/** What the activity log records changes to. */
export const AUDIT_ENTITIES = [
  'research_study',
  'message',
  'testimonial',
  'resource',
  'subscriber',
  'file',
  'member',
  'post',
  'standard',
  'standard_comment',
  'listing',
  'registry_application',
  'registry_concern',
  'council_settings',
  // The council's own words edited in the admin: the FAQ (issue 39).
  'site_text',
] as const
export type AuditEntity = (typeof AUDIT_ENTITIES)[number]

/**
 * A news post is a draft, scheduled (published by the server at its time), or published. Deleting
 * one leaves its slug retired, so its address answers 410 Gone.
 */
export const POST_STATUSES = ['draft', 'scheduled', 'published'] as const
export type PostStatus = (typeof POST_STATUSES)[number]
export const POST_SUMMARY_MAX = 300
export const NEWS_PAGE_SIZE = 10
export const NEWS_FEED_SIZE = 20
export const NEWS_ON_HOME = 3

/** At most one confirmation mail per address in this time, whoever asks (anyone can type an address). */
export const CONFIRMATION_MAIL_INTERVAL_MS = 10 * 60 * 1000

/** The longest search an admin list takes. */
export const ADMIN_SEARCH_MAX = 200

/** Page sizes of the admin lists. */
export const ADMIN_PAGE_SIZE = {
  studies: 50,
  resources: 50,
  testimonials: 50,
  messages: 50,
  activity: 50,
  subscribers: 100,
  news: 50,
} as const

export const HEADER_SCROLL_THRESHOLD_PX = 20
export const TESTIMONIALS_ON_HOME = 3
export const STUDY_PLACEHOLDER_CARDS = 4
export const RESOURCE_PLACEHOLDER_CARDS = 3
export const ADMIN_LIST_MAX_HEIGHT_PX = 600
export const SESSION_EXPIRED_REDIRECT_MS = 500
export const UNAUTHENTICATED_REDIRECT_MS = 1000
export const TOAST_DURATION_MS = 5000
/** The browser gives up on a request the server has not answered within this (the forms then show their failure). */
export const REQUEST_TIMEOUT_MS = 15_000
export const TOAST_SWIPE_THRESHOLD_PX = 50
export const ATTACHMENT_EXTENSIONS = ['.pdf', '.doc', '.docx'] as const
/** Why a file is refused, in the same words whether the browser or the server refuses it. */
export const ATTACHMENT_TYPE_MESSAGE = 'Only PDF (.pdf) and Word (.doc, .docx) files are accepted'
export const attachmentTooLargeMessage = (maxMb: number) => `The file is larger than ${maxMb} MB`

/** Upper bounds for stored text, so a single request cannot fill the database. */
export const TEXT_LIMITS = {
  name: 120,
  email: 254,
  subject: 200,
  message: 5000,
  title: 300,
  authors: 1000,
  journal: 300,
  /** A journal's volume, issue and pages as cited ("12", "3", "45-67" or an article number). */
  volume: 50,
  issue: 50,
  pages: 50,
  url: 2048,
  summary: 5000,
  location: 120,
  testimonial: 2000,
  description: 2000,
  organisation: 200,
  section: 100,
  comment: 5000,
} as const

/** Calls one tRPC request may batch: the browser's link and the server's limit share this. */
export const TRPC_MAX_BATCH = 10

/**
 * The council's standards (docs/decisions/028-standards-as-versioned-documents.md). A version is a
 * draft (the editors' only), in public review (readable, open to comment until its closing date),
 * published (the document's current text), superseded (by a later published version) or withdrawn
 * (left unpublished after it was drafted or reviewed). Nothing is deleted: the record is the point.
 */
export const STANDARD_KINDS = ['position statement', 'guide'] as const
export type StandardKind = (typeof STANDARD_KINDS)[number]
export const VERSION_STATES = ['draft', 'review', 'published', 'superseded', 'withdrawn'] as const
export type VersionState = (typeof VERSION_STATES)[number]
export const VERSION_STATE_LABELS: Record<VersionState, string> = {
  draft: 'Draft',
  review: 'Public review',
  published: 'Published',
  superseded: 'Superseded',
  withdrawn: 'Withdrawn',
}
/** The written answer to a comment, as standards bodies record it. */
export const DISPOSITIONS = ['accepted', 'accepted_with_changes', 'not_accepted'] as const
export type Disposition = (typeof DISPOSITIONS)[number]
export const DISPOSITION_LABELS: Record<Disposition, string> = {
  accepted: 'Accepted',
  accepted_with_changes: 'Accepted with changes',
  not_accepted: 'Not accepted',
}
