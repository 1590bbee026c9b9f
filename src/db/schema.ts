import { sql } from 'drizzle-orm'
import {
  bigserial,
  boolean,
  check,
  customType,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
  uuid,
  varchar,
} from 'drizzle-orm/pg-core'
import {
  AUDIT_ENTITIES,
  CONSENT_SOURCES,
  DISPOSITIONS,
  MAIL_KINDS,
  MAIL_STATES,
  MESSAGE_STATUSES,
  POST_STATUSES,
  RESOURCE_CATEGORIES,
  STANDARD_KINDS,
  STUDY_CATEGORIES,
  SUBSCRIBER_STATUSES,
  TESTIMONIAL_SOURCES,
  VERSION_STATES,
} from '../shared/constants'
import { ROLES } from '../shared/permissions'

const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({
  dataType: () => 'bytea',
})

const oneOf = (column: string, values: readonly string[]) =>
  sql.raw(`${column} in (${values.map((value) => `'${value.replaceAll("'", "''")}'`).join(', ')})`)

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow()

/** Uploaded study attachments live in the database so replicas keep nothing on disk (docs/decisions/006-attachments-stored-in-postgres.md). */
export const attachments = pgTable(
  'attachments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    filename: text('filename').notNull(),
    contentType: text('content_type').notNull(),
    size: integer('size').notNull(),
    sha256: text('sha256').notNull(),
    data: bytea('data').notNull(),
    createdAt: createdAt(),
  },
  (table) => [check('attachments_size_check', sql`${table.size} >= 0`)],
)

export const researchStudies = pgTable(
  'research_studies',
  {
    id: serial('id').primaryKey(),
    title: text('title').notNull(),
    authors: text('authors'),
    journal: text('journal'),
    year: text('year'),
    /** As cited; none is guessed for a study that came without them. */
    volume: text('volume'),
    issue: text('issue'),
    pages: text('pages'),
    category: text('category').notNull(),
    url: text('url').notNull(),
    summary: text('summary'),
    attachmentUrl: text('attachment_url'),
    attachmentFileId: uuid('attachment_file_id').references(() => attachments.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (table) => [
    check('research_studies_category_check', oneOf('category', STUDY_CATEGORIES)),
    check('research_studies_title_check', sql`length(trim(${table.title})) > 0`),
    index('research_studies_attachment_file_id_idx').on(table.attachmentFileId),
  ],
)

export const educationalResources = pgTable(
  'educational_resources',
  {
    id: serial('id').primaryKey(),
    title: text('title').notNull(),
    description: text('description'),
    category: text('category').notNull(),
    /** Built by the server from the file's row (or a built-in document's address), never taken from a request. */
    fileUrl: text('file_url').notNull(),
    fileType: text('file_type').notNull(),
    /** The stored file; null only for rows that still point at a built-in document. */
    fileId: uuid('file_id').references(() => attachments.id, { onDelete: 'restrict' }),
    createdAt: createdAt(),
  },
  (table) => [
    check('educational_resources_category_check', oneOf('category', RESOURCE_CATEGORIES)),
    index('educational_resources_file_id_idx').on(table.fileId),
  ],
)

export const testimonials = pgTable(
  'testimonials',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    location: text('location'),
    testimonial: text('testimonial').notNull(),
    isApproved: boolean('is_approved').notNull().default(false),
    /**
     * When the author agreed that the council may publish the name, location and words: the visitor
     * ticking the box, or the admin recording consent given by other means. Null only for rows from
     * before consent was asked.
     */
    consentedAt: timestamp('consented_at', { withTimezone: true }),
    /**
     * 'visitor' (sent through the site: the name, location and words are the visitor's and no one
     * else may change them) or 'council' (entered by an admin from a letter or e-mail). A row of
     * unknown origin counts as a visitor's, the side that protects the author.
     */
    source: text('source', { enum: TESTIMONIAL_SOURCES }).notNull().default('visitor'),
    createdAt: createdAt(),
  },
  (table) => [
    index('testimonials_approved_created_idx').on(table.isApproved, table.createdAt),
    check('testimonials_source_check', oneOf('source', TESTIMONIAL_SOURCES)),
  ],
)

export const newsletterSubscribers = pgTable(
  'newsletter_subscribers',
  {
    id: text('id').primaryKey().default(sql`gen_random_uuid()::text`),
    email: text('email').notNull(),
    subscribedAt: timestamp('subscribed_at', { withTimezone: true }).notNull().defaultNow(),
    /**
     * pending (waiting for the address to confirm, when mail is on), active, or unsubscribed
     * (docs/decisions/017-newsletter-subscriptions.md).
     */
    status: text('status').notNull().default('active'),
    /** Follows status, so the two can never disagree; the specification's isActive. */
    isActive: boolean('is_active').notNull().generatedAlwaysAs(sql`status = 'active'`),
    /** When status last changed: a confirmation link names it, so a newer request voids older links. */
    statusChangedAt: timestamp('status_changed_at', { withTimezone: true }).notNull().defaultNow(),
    /**
     * When the subscription asked for last was confirmed (the link's button pressed), or, with mail
     * off, became active; null while it waits, and for rows whose moment is not known.
     */
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
    /** How that subscription came about: form, resubscribe or mail_off (CONSENT_SOURCES). */
    consentSource: text('consent_source'),
    /**
     * When a confirmation mail was last queued for the address: the next waits 10 minutes after it,
     * whoever asks. In the row, so every replica sees it and a deleted address leaves nothing behind.
     */
    confirmationQueuedAt: timestamp('confirmation_queued_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('newsletter_subscribers_email_lower_idx').on(sql`lower(${table.email})`),
    check('newsletter_subscribers_status_check', oneOf('status', SUBSCRIBER_STATUSES)),
    check('newsletter_subscribers_consent_source_check', oneOf('consent_source', CONSENT_SOURCES)),
    index('newsletter_subscribers_subscribed_at_idx').on(table.subscribedAt, table.id),
  ],
)

export const contactSubmissions = pgTable(
  'contact_submissions',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    subject: text('subject').notNull(),
    message: text('message').notNull(),
    status: text('status').notNull().default('new'),
    createdAt: createdAt(),
  },
  (table) => [
    check('contact_submissions_status_check', oneOf('status', MESSAGE_STATUSES)),
    index('contact_submissions_status_created_idx').on(table.status, table.createdAt),
  ],
)

/**
 * The council's news: one post is a page on the site and, once sent, a newsletter issue
 * (docs/decisions/026-news-and-newsletter-issues.md). The body is Markdown, rendered by one
 * renderer for the page and the mail.
 */
export const posts = pgTable(
  'posts',
  {
    id: serial('id').primaryKey(),
    /** The address (/news/{slug}): unique, and fixed once the post is published. */
    slug: text('slug').notNull(),
    title: text('title').notNull(),
    summary: text('summary').notNull(),
    body: text('body').notNull().default(''),
    status: text('status', { enum: POST_STATUSES }).notNull().default('draft'),
    /** When a scheduled post is to be published. */
    publishAt: timestamp('publish_at', { withTimezone: true }),
    /** When it was published (set once; the date the page and the feed show). */
    publishedAt: timestamp('published_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    /** When the post was sent to the subscribers, and by whom: a post is sent once. */
    sentAt: timestamp('sent_at', { withTimezone: true }),
    sentBy: text('sent_by'),
  },
  (table) => [
    uniqueIndex('posts_slug_idx').on(table.slug),
    check('posts_status_check', oneOf('status', POST_STATUSES)),
    index('posts_status_published_idx').on(table.status, table.publishedAt),
    index('posts_status_publish_at_idx').on(table.status, table.publishAt),
  ],
)

/**
 * The council's standards: a document keeps its number for life, and its text lives in versions
 * (docs/decisions/028-standards-as-versioned-documents.md).
 */
export const standardDocuments = pgTable(
  'standard_documents',
  {
    id: serial('id').primaryKey(),
    /** The council's identifier as printed: MHBOT-SC/001, MHBOT-SC/G-002. */
    number: text('number').notNull(),
    /** The number as a URL writes it, `/` as `-` (MHBOT-SC-G-002); unique like the number. */
    key: text('key').notNull(),
    title: text('title').notNull(),
    kind: text('kind', { enum: STANDARD_KINDS }).notNull(),
    description: text('description').notNull().default(''),
    /** The PDF's name before documents were versioned (/downloads/{slug}.pdf keeps working). */
    legacySlug: text('legacy_slug'),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex('standard_documents_number_idx').on(table.number),
    uniqueIndex('standard_documents_key_idx').on(table.key),
    uniqueIndex('standard_documents_legacy_slug_idx').on(table.legacySlug),
    check('standard_documents_kind_check', oneOf('kind', STANDARD_KINDS)),
  ],
)

export const standardVersions = pgTable(
  'standard_versions',
  {
    id: serial('id').primaryKey(),
    documentId: integer('document_id')
      .notNull()
      .references(() => standardDocuments.id, { onDelete: 'restrict' }),
    /** Digits and dots: 1.0, 1.1, 2.0. */
    version: text('version').notNull(),
    state: text('state', { enum: VERSION_STATES }).notNull().default('draft'),
    /** The date the version took (or takes) effect; set when it is published. */
    effectiveDate: date('effective_date', { mode: 'string' }),
    changeSummary: text('change_summary').notNull().default(''),
    /** The text, in Markdown, rendered by the one Markdown renderer (services/markdown.ts). */
    body: text('body').notNull(),
    reviewOpenedAt: timestamp('review_opened_at', { withTimezone: true }),
    reviewClosesAt: timestamp('review_closes_at', { withTimezone: true }),
    publishedAt: timestamp('published_at', { withTimezone: true }),
    /** The news post that told the subscribers of this version's review: they are told once. */
    noticePostId: integer('notice_post_id').references(() => posts.id, { onDelete: 'set null' }),
    createdBy: text('created_by'),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('standard_versions_label_idx').on(table.documentId, table.version),
    // One current text per document, and one version in the works at a time.
    uniqueIndex('standard_versions_one_published_idx').on(table.documentId).where(sql`state = 'published'`),
    uniqueIndex('standard_versions_one_open_idx').on(table.documentId).where(sql`state in ('draft', 'review')`),
    check('standard_versions_state_check', oneOf('state', VERSION_STATES)),
  ],
)

/** A visitor's comment on a version in public review, and the council's written answer to it. */
export const standardComments = pgTable(
  'standard_comments',
  {
    id: serial('id').primaryKey(),
    versionId: integer('version_id')
      .notNull()
      .references(() => standardVersions.id, { onDelete: 'restrict' }),
    name: text('name').notNull(),
    organisation: text('organisation'),
    /** Never shown: for the council to write back. */
    email: text('email').notNull(),
    section: text('section').notNull(),
    comment: text('comment').notNull(),
    proposedChange: text('proposed_change'),
    /** Whether the name and organisation may be published with the comment. */
    consent: boolean('consent').notNull().default(false),
    /** Spam stays in the record, hidden, with the reason and who hid it. */
    hidden: boolean('hidden').notNull().default(false),
    hiddenReason: text('hidden_reason'),
    hiddenBy: text('hidden_by'),
    disposition: text('disposition', { enum: DISPOSITIONS }),
    response: text('response'),
    disposedBy: text('disposed_by'),
    disposedAt: timestamp('disposed_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [
    index('standard_comments_version_idx').on(table.versionId, table.id),
    check('standard_comments_disposition_check', sql`disposition is null or ${oneOf('disposition', DISPOSITIONS)}`),
  ],
)

/** Slugs of deleted posts: their address answers 410 Gone, and no new post takes them. */
export const retiredSlugs = pgTable('retired_slugs', {
  slug: text('slug').primaryKey(),
  retiredAt: timestamp('retired_at', { withTimezone: true }).notNull().defaultNow(),
})

/**
 * Mail waiting to go out, and what became of it (docs/decisions/016-mail-outbox.md). A row names
 * what the mail is about, never its text: the mail is written when it is sent, so deleting the
 * message or the subscriber deletes everything the outbox knew of them.
 */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    kind: text('kind').notNull(),
    messageId: integer('message_id').references(() => contactSubmissions.id, { onDelete: 'cascade' }),
    subscriberId: text('subscriber_id').references(() => newsletterSubscribers.id, { onDelete: 'cascade' }),
    /** The post a newsletter issue carries: one row per post and subscriber, ever. */
    postId: integer('post_id').references(() => posts.id, { onDelete: 'cascade' }),
    state: text('state').notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    /** Not before this time: the backoff after a failed attempt. */
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    /** While sending, the claim of one process; past it, the row is free again (that process died). */
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    lastError: text('last_error'),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [
    check('mail_outbox_kind_check', oneOf('kind', MAIL_KINDS)),
    check('mail_outbox_state_check', oneOf('state', MAIL_STATES)),
    index('mail_outbox_due_idx').on(table.state, table.nextAttemptAt),
    index('mail_outbox_message_id_idx').on(table.messageId),
    index('mail_outbox_subscriber_id_idx').on(table.subscriberId),
    uniqueIndex('mail_outbox_post_subscriber_idx').on(table.postId, table.subscriberId),
  ],
)

/**
 * Who changed what in the admin: one row per change, written in the change's own transaction
 * (src/server/services/audit.ts). Append-only: a trigger refuses updates and deletes
 * (docs/decisions/014-audit-log.md).
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    actorEmail: text('actor_email').notNull(),
    action: text('action').notNull(),
    entity: text('entity').notNull(),
    entityId: text('entity_id').notNull(),
    before: jsonb('before'),
    after: jsonb('after'),
  },
  (table) => [
    check('audit_log_entity_check', oneOf('entity', AUDIT_ENTITIES)),
    index('audit_log_at_idx').on(table.at, table.id),
    index('audit_log_entity_at_idx').on(table.entity, table.at, table.id),
  ],
)

export const sessions = pgTable(
  'sessions',
  {
    sid: varchar('sid').primaryKey(),
    sess: jsonb('sess').notNull(),
    expire: timestamp('expire', { precision: 6 }).notNull(),
    /**
     * Whose session it is, copied from `sess` when the store writes it, so that removing a member
     * or ending their sessions is one indexed delete (docs/decisions/025-roles-and-the-team.md).
     */
    userId: varchar('user_id'),
    /** The browser's User-Agent at sign-in: how the member tells their sessions apart. */
    userAgent: text('user_agent'),
    createdAt: timestamp('created_at', { withTimezone: true }).defaultNow(),
    /** The last request the session made, written at most once a minute. */
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).defaultNow(),
  },
  (table) => [index('IDX_session_expire').on(table.expire), index('sessions_user_id_idx').on(table.userId)],
)

export const users = pgTable(
  'users',
  {
    id: varchar('id').primaryKey().default(sql`gen_random_uuid()::text`),
    email: varchar('email').unique(),
    firstName: varchar('first_name'),
    lastName: varchar('last_name'),
    profileImageUrl: varchar('profile_image_url'),
    /**
     * The OpenID Connect identity (issuer and subject) bound to this e-mail at its first sign-in; a
     * later sign-in with the same e-mail from another identity is refused.
     */
    oidcIssuer: text('oidc_issuer'),
    oidcSubject: text('oidc_subject'),
    createdAt: timestamp('created_at', { withTimezone: true }).defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).defaultNow(),
    /**
     * The member's role on the council's team (ROLES), given by accepting an invitation; null for
     * everyone else. ADMIN_EMAILS makes an address an owner whatever this says.
     */
    role: text('role', { enum: ROLES }),
    /** Who invited the member (an e-mail), for the team screen. */
    invitedBy: text('invited_by'),
    lastSignInAt: timestamp('last_sign_in_at', { withTimezone: true }),
  },
  () => [check('users_role_check', oneOf('role', ROLES))],
)

/**
 * An invitation to the team: valid for 7 days and once (docs/decisions/025-roles-and-the-team.md).
 * Only the token's hash is kept; a new invitation to the same address replaces the old one.
 */
export const invitations = pgTable(
  'invitations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    email: text('email').notNull(),
    role: text('role', { enum: ROLES }).notNull(),
    tokenHash: text('token_hash').notNull(),
    invitedBy: text('invited_by').notNull(),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('invitations_token_hash_idx').on(table.tokenHash),
    uniqueIndex('invitations_email_idx').on(table.email),
    check('invitations_role_check', oneOf('role', ROLES)),
  ],
)

/** Single-use sign-in links printed in the log when no OIDC issuer is configured; only hashes are kept. */
export const loginTokens = pgTable('login_tokens', {
  tokenHash: text('token_hash').primaryKey(),
  email: text('email').notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  usedAt: timestamp('used_at', { withTimezone: true }),
  createdAt: createdAt(),
})

/** Small key/value facts about the database itself, such as whether starter data was ever inserted. */
export const appMeta = pgTable('app_meta', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
})

/**
 * Request counts per rate-limit budget and client address, shared by every replica; a row's window
 * ends at reset_at, and the housekeeping removes rows whose window is long over.
 */
export const rateLimitCounters = pgTable(
  'rate_limit_counters',
  {
    key: text('key').primaryKey(),
    count: integer('count').notNull(),
    resetAt: timestamp('reset_at', { withTimezone: true }).notNull(),
  },
  (table) => [index('rate_limit_counters_reset_at_idx').on(table.resetAt)],
)
