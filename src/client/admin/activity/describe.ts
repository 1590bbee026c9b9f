import type { AuditEntity } from '../../../shared/constants'
import { fileName } from '../ui/attachment'
import type { ActivityRow } from './types'

type Snapshot = Record<string, unknown> | null
const asSnapshot = (value: unknown): Snapshot =>
  value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : null

const KINDS: Record<AuditEntity, { the: string; a: string; quoted: boolean; screen: string; many: string }> = {
  research_study: { the: 'the study', a: 'a study', quoted: true, screen: '/admin', many: 'Research studies' },
  resource: { the: 'the resource', a: 'a resource', quoted: true, screen: '/admin/resources', many: 'Resources' },
  message: { the: 'the message', a: 'a message', quoted: true, screen: '/admin/messages', many: 'Messages' },
  testimonial: {
    the: 'the testimonial of',
    a: 'a testimonial',
    quoted: false,
    screen: '/admin/testimonials',
    many: 'Testimonials',
  },
  subscriber: {
    the: 'the subscriber',
    a: 'a subscriber',
    quoted: false,
    screen: '/admin/subscribers',
    many: 'Subscribers',
  },
  file: { the: 'the file', a: 'a file', quoted: true, screen: '', many: 'Uploaded files' },
  post: { the: 'the post', a: 'a post', quoted: true, screen: '/admin/news', many: 'News' },
  standard: { the: 'the standard', a: 'a standard', quoted: false, screen: '/admin/standards', many: 'Standards' },
  standard_comment: {
    the: 'a public comment on',
    a: 'a public comment',
    quoted: true,
    screen: '/admin/standards',
    many: 'Public comments',
  },
  member: { the: 'the team member', a: 'a team member', quoted: false, screen: '/admin/team', many: 'Team' },
  listing: { the: 'the listing', a: 'a listing', quoted: false, screen: '/admin/registry', many: 'Registry' },
  registry_application: {
    the: 'the application',
    a: 'an application',
    quoted: false,
    screen: '/admin/registry',
    many: 'Registry applications',
  },
  registry_concern: {
    the: 'the concern',
    a: 'a concern',
    quoted: false,
    screen: '/admin/registry',
    many: 'Registry concerns',
  },
  // One of its kind, never named: "Anna edited the council's settings".
  council_settings: {
    the: 'the council’s settings',
    a: 'the council’s settings',
    quoted: false,
    screen: '/admin/settings',
    many: 'Council settings',
  },
  // The council's own words: "Anna published the FAQ".
  site_text: { the: 'the FAQ', a: 'the FAQ', quoted: false, screen: '/admin/faq', many: 'FAQ' },
}

export const ENTITY_NAMES = Object.fromEntries(
  Object.entries(KINDS).map(([entity, kind]) => [entity, kind.many]),
) as Record<AuditEntity, string>

const kindOf = (row: Pick<ActivityRow, 'entity'>) => KINDS[row.entity as AuditEntity] ?? KINDS.research_study

/** What was done to a member's access: invited, joined, a role changed, sessions ended, removed. */
function memberVerb(action: string, before: Record<string, unknown>, after: Record<string, unknown>): string {
  if (action === 'create') return `invited (as ${String(after.role)})`
  if (action === 'delete') return before.state === 'invited' ? 'withdrew the invitation of' : 'removed'
  if (after.state === 'active') return `accepted an invitation (as ${String(after.role)}):`
  if (typeof after.role === 'string') return `made ${after.role}:`
  if (after.sessions === 0) return 'ended the sessions of'
  return 'changed'
}

/** What was done to a standard's version, or to a comment on one (services/standards/versions.ts and comments.ts write these rows). */
function standardVerb(row: ActivityRow, before: Record<string, unknown>, after: Record<string, unknown>): string {
  if (row.entity === 'standard_comment') {
    if (typeof after.disposition === 'string') return 'answered'
    if (after.hidden === true) return 'hid as spam'
    if (after.hidden === false) return 'showed again'
    return 'edited'
  }
  const version = typeof after.version === 'string' ? `version ${after.version} of` : ''
  if (row.action === 'create') return `drafted ${version}`.trim()
  if (after.state === 'review') return `opened the public review of ${version}`.trim()
  if (after.state === 'published') return `published ${version}`.trim()
  if (after.state === 'withdrawn') return `withdrew ${version}`.trim()
  if (before.state === undefined && Array.isArray(after.edited)) return `edited ${version}`.trim()
  return 'edited'
}

/** What was done to a registry listing (services/registry writes these rows; `move` names a status change). */
const LISTING_MOVES: Record<string, string> = {
  suspend: 'suspended',
  reinstate: 'reinstated',
  withdraw: 'withdrew',
  renew: 'renewed',
  expire: 'recorded the expiry of',
}
function listingVerb(row: ActivityRow, after: Record<string, unknown>): string {
  if (row.action === 'create') return 'listed'
  if (typeof after.move === 'string') return LISTING_MOVES[after.move] ?? 'changed the status of'
  return 'edited'
}

/** What was done, as a verb: "approved", "archived", "edited"… */
function verb(row: ActivityRow): string {
  const before = asSnapshot(row.before) ?? {}
  const after = asSnapshot(row.after) ?? {}
  if (row.entity === 'member') return memberVerb(row.action, before, after)
  if (row.entity === 'standard' || row.entity === 'standard_comment') return standardVerb(row, before, after)
  if (row.entity === 'listing') return listingVerb(row, after)
  if (row.action === 'create') return row.entity === 'file' ? 'uploaded' : 'added'
  if (row.action === 'delete') return 'deleted'
  if (row.entity === 'testimonial' && typeof after.isApproved === 'boolean') {
    const approval = after.isApproved ? 'approved' : 'unapproved'
    return Array.isArray(after.edited) ? `${approval} and edited` : approval
  }
  if (row.entity === 'message' && typeof after.status === 'string') {
    if (after.status === 'archived') return 'archived'
    if (after.status === 'read') return before.status === 'archived' ? 'restored' : 'opened'
  }
  if (row.entity === 'subscriber' && typeof after.status === 'string') {
    return after.status === 'active' ? 'reactivated' : 'deactivated'
  }
  return 'edited'
}

/**
 * A row of the log as a sentence, "Anna approved the testimonial of J. Smith": who (by name when the
 * sign-in gave one), what they did, and to what, named as it is now, with a link to it on its screen
 * while it exists. Never an internal id: a thing that is gone is "a message".
 */
export function describeChange(row: ActivityRow) {
  const kind = kindOf(row)
  const who = row.actorName ?? row.actorEmail
  const named = row.label === null ? null : kind.quoted ? `“${row.label}”` : row.label
  const link = row.exists && row.label !== null && kind.screen ? { to: kind.screen, search: { q: row.label } } : null
  return { who, verb: verb(row), thing: named ? `${kind.the} ` : kind.a, named, link }
}

const LABELS: Record<string, string> = {
  isApproved: 'Published',
  edited: 'Changed',
  attachmentUrl: 'Attachment',
  fileUrl: 'File',
  fileType: 'File type',
}
/** Ids of rows and stored files: internal, and meaningless to the reader. */
const HIDDEN = new Set(['id', 'attachmentFileId', 'fileId'])
const FIELD_WORDS: Record<string, string> = { testimonial: 'words' }

const capitalized = (text: string) => text.charAt(0).toUpperCase() + text.slice(1)

/** "attachmentFileId" → "Attachment file id": the stored keys, readable. */
const fieldName = (key: string) =>
  LABELS[key] ??
  capitalized(
    key
      .replace(/_/g, ' ')
      .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
      .toLowerCase(),
  )

const MAX_VALUE_CHARS = 200

/** Strings as written; yes and no; a file by its name, never its path; long texts cut. */
function formatValue(key: string, value: unknown): string {
  if (value === undefined || value === null) return '(none)'
  if (value === '') return '(empty)'
  if (typeof value === 'boolean') return value ? 'yes' : 'no'
  if ((key === 'attachmentUrl' || key === 'fileUrl') && typeof value === 'string') return fileName(value)
  if (Array.isArray(value)) return value.map((item) => FIELD_WORDS[String(item)] ?? String(item)).join(', ')
  const text = typeof value === 'string' ? value : JSON.stringify(value)
  return text.length > MAX_VALUE_CHARS ? `${text.slice(0, MAX_VALUE_CHARS)}…` : text
}

/**
 * The fields a row touched: on an update only those whose value moved, with the old value and the
 * new; on an add the new values; on a delete what was there.
 */
export function changedEntries(row: Pick<ActivityRow, 'before' | 'after'>) {
  const before = asSnapshot(row.before)
  const after = asSnapshot(row.after)
  // Alphabetical: jsonb hands keys back shortest first, an order no reader would guess.
  const keys = [...new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})])].sort()
  return keys
    .filter((key) => !HIDDEN.has(key))
    .filter((key) => !before || !after || JSON.stringify(before[key]) !== JSON.stringify(after[key]))
    .map((key) => ({
      key,
      label: fieldName(key),
      // Which fields of a testimonial were edited is news only after; their words are never logged.
      before: before && key !== 'edited' ? formatValue(key, before[key]) : null,
      after: after ? formatValue(key, after[key]) : null,
    }))
}
