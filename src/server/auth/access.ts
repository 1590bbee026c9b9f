import { can, type Permission, ROLE_PERMISSIONS, type Role } from '../../shared/permissions'
import { ForbiddenError, UnauthorizedError } from '../errors'

/** Who is asking, as the session plugin resolves it for every request. */
export type SessionUser = {
  id: string
  email: string
  firstName: string | null
  lastName: string | null
  /** A member of the council's team (any role); a signed-in stranger is not. */
  isAdmin: boolean
  /** The member's role, or null for a signed-in stranger (docs/decisions/025-roles-and-the-team.md). */
  role: Role | null
  /** What that role may do (src/shared/permissions.ts), so the client need not hold the table's logic. */
  permissions: readonly Permission[]
  /** The role comes from ADMIN_EMAILS (or the operator's first link) and no screen can change it. */
  roleFromConfig: boolean
}

/** A session user for a role (null: a stranger), with what follows from it. */
export function withRole(
  user: Pick<SessionUser, 'id' | 'email' | 'firstName' | 'lastName'>,
  role: Role | null,
  roleFromConfig: boolean,
): SessionUser {
  return { ...user, isAdmin: role !== null, role, permissions: role ? ROLE_PERMISSIONS[role] : [], roleFromConfig }
}

/**
 * The one permission check. REST admin routes get it from their scope's hook (with the permission
 * their plugin states) and tRPC procedures from `permitted(permission)`, so neither adapter words
 * its own refusal. Signed out is 401; signed in without the permission is 403.
 */
export function requirePermission(user: SessionUser | null, permission: Permission): SessionUser {
  if (!user) throw new UnauthorizedError()
  if (!user.role) throw new ForbiddenError()
  if (!can(user.role, permission)) throw new ForbiddenError(`Your role (${user.role}) does not allow this`)
  return user
}

/** The member behind a request, as the services' audit rows name them. */
export const memberActor = (user: SessionUser | null): { email: string } => {
  if (!user?.role) throw user ? new ForbiddenError() : new UnauthorizedError()
  return { email: user.email }
}
