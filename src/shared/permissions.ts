/**
 * Who may do what in the admin: one table, read by the server's guards (REST and tRPC) and by the
 * admin's navigation (docs/decisions/025-roles-and-the-team.md). A role is a fixed set of
 * permissions; a route or procedure names the one permission it needs, never a role.
 */

/** The council's roles, most powerful first. */
export const ROLES = ['owner', 'editor', 'moderator', 'registrar'] as const
export type Role = (typeof ROLES)[number]

export const PERMISSIONS = {
  /** The council's own content: research studies, resources and their files, news, and the standards' versions. */
  content: 'Edit the council’s content',
  /** What visitors send: messages, testimonials, subscribers (later public comments). */
  visitors: 'Handle what visitors send',
  /**
   * Read the public comments on the standards. Answering one needs 'content' as well, hiding spam
   * 'visitors' (docs/decisions/028-standards-as-versioned-documents.md).
   */
  comments: 'Read the public comments on standards',
  /** Read the activity log. */
  activity: 'Read the activity log',
  /** One's own signed-in sessions. */
  account: 'Manage one’s own sessions',
  /** The team: invitations, roles, removal, other members' sessions. */
  team: 'Manage the team',
  /** The public registry: listings, their status changes and their private evidence (docs/registry.md). */
  registry: 'Keep the registry of listings',
  /** The council's identity: its name, addresses, phone line and reply time (docs/decisions/050-council-settings.md). */
  settings: 'Edit the council’s identity',
} as const
export type Permission = keyof typeof PERMISSIONS

export const ROLE_PERMISSIONS: Record<Role, readonly Permission[]> = {
  owner: ['content', 'visitors', 'comments', 'activity', 'account', 'team', 'registry', 'settings'],
  editor: ['content', 'comments', 'activity', 'account'],
  moderator: ['visitors', 'comments', 'activity', 'account'],
  registrar: ['registry', 'activity', 'account'],
}

export const ROLE_LABELS: Record<Role, string> = {
  owner: 'Owner',
  editor: 'Editor',
  moderator: 'Moderator',
  registrar: 'Registrar',
}

/** What each role is for, in the words the team screen shows beside the choice. */
export const ROLE_DESCRIPTIONS: Record<Role, string> = {
  owner: 'Everything, including the team and the council’s identity.',
  editor: 'Research studies, resources, news and standards, and the answers to public comments.',
  moderator: 'Messages, testimonials, subscribers, and spam in public comments.',
  registrar: 'The registry: listings, their status and evidence.',
}

/** The one answer to "may this role do that"; no role (a signed-in stranger) may do nothing. */
export function can(role: Role | null | undefined, permission: Permission): boolean {
  return role ? ROLE_PERMISSIONS[role].includes(permission) : false
}

export const isRole = (value: unknown): value is Role =>
  typeof value === 'string' && (ROLES as readonly string[]).includes(value)
