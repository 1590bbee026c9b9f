import { ForbiddenError, UnauthorizedError } from '../errors'

/** Who is asking, as the session plugin resolves it for every request. */
export type SessionUser = {
  id: string
  email: string
  firstName: string | null
  lastName: string | null
  isAdmin: boolean
}

/**
 * The one admin check. REST admin routes get it from their scope's hook and tRPC admin procedures
 * from adminProcedure, so neither adapter words its own refusal.
 */
export function requireAdmin(user: SessionUser | null): SessionUser {
  if (!user) throw new UnauthorizedError()
  if (!user.isAdmin) throw new ForbiddenError()
  return user
}

/** The admin behind a request, as the services' audit rows name them. */
export const adminActor = (user: SessionUser | null): { email: string } => ({ email: requireAdmin(user).email })
