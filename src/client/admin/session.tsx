import { partialMatchKey, type QueryKey, useQueryClient } from '@tanstack/react-query'
import { createContext, type ReactNode, useCallback, useContext, useEffect, useRef } from 'react'
import { SESSION_EXPIRED_REDIRECT_MS } from '../../shared/constants'
import { isUnauthorizedError } from '../../shared/http-error'
import type { Permission, Role } from '../../shared/permissions'
import { toHttpError } from '../lib/api'
import { toast } from '../lib/toast'

/** Leaves for the server-side sign-in; the delay lets the visitor read the toast first. */
export function useRedirectToLogin(): (delayMs: number) => void {
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null)
  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current)
    },
    [],
  )
  return useCallback((delayMs: number) => {
    if (timer.current) return
    timer.current = setTimeout(() => window.location.assign('/api/login'), delayMs)
  }, [])
}

export type AdminSession = {
  redirectToLogin: (delayMs: number) => void
  /** The member's role and what it permits, from `auth.me`: the navigation and the screens read them. */
  role: Role
  permissions: readonly Permission[]
}

const AdminSessionContext = createContext<AdminSession | null>(null)

/** Given by the admin layout to every admin screen, once the visitor is known to be an admin. */
export function AdminSessionProvider({ value, children }: { value: AdminSession; children: ReactNode }) {
  return <AdminSessionContext.Provider value={value}>{children}</AdminSessionContext.Provider>
}

function useAdminSession(): AdminSession {
  const session = useContext(AdminSessionContext)
  if (!session) throw new Error('admin hooks must be used inside the admin layout')
  return session
}

/** Leaves for a new sign-in, as an expired session does (a member who ended this browser's own session). */
export function useSignInAgain(): () => void {
  return useSessionExpired(useAdminSession().redirectToLogin)
}

/** What the signed-in member may do: their role and its permissions. */
export function useAdminPermissions(): Pick<AdminSession, 'role' | 'permissions'> {
  const { role, permissions } = useAdminSession()
  return { role, permissions }
}

/** The session is over (it expired, or an owner removed the member): say so once, and sign in again. */
function useSessionExpired(redirectToLogin: (delayMs: number) => void): () => void {
  return useCallback(() => {
    // Keyed by the layout's redirect, not by this hook: a refused save and the screen's queries
    // it refreshes both end here, through different hooks, and the toast is said once.
    if (!expiryTold.has(redirectToLogin)) {
      expiryTold.add(redirectToLogin)
      toast({ title: 'Unauthorized', message: 'Your session expired. Logging in again...', variant: 'destructive' })
    }
    redirectToLogin(SESSION_EXPIRED_REDIRECT_MS)
  }, [redirectToLogin])
}

const expiryTold = new WeakSet<(delayMs: number) => void>()

/**
 * A screen's data refused with 401 (the session ended since the screen opened: expired, or the
 * member was removed or given another role) ends like a refused save: the toast and a new sign-in,
 * rather than a list that "could not be loaded". `except`: the sign-in check's own query, which the
 * layout answers itself.
 */
export function useSignInAgainOnUnauthorized(
  redirectToLogin: (delayMs: number) => void,
  { active, except }: { active: boolean; except: QueryKey },
) {
  const queryClient = useQueryClient()
  const expired = useSessionExpired(redirectToLogin)
  useEffect(() => {
    if (!active) return
    return queryClient.getQueryCache().subscribe((event) => {
      if (event.type !== 'updated' || event.action.type !== 'error') return
      if (partialMatchKey(event.query.queryKey, except)) return
      if (isUnauthorizedError(toHttpError(event.action.error))) expired()
    })
  }, [queryClient, expired, active, except])
}

/**
 * How every admin save, upload or delete reports a failure: an expired session gets the
 * 'Unauthorized' toast and a new sign-in after 500 ms; anything else gets the screen's own message
 * (docs/product.md#errors-the-user-sees).
 */
export function useAdminFailureToast(): (error: unknown, message: string) => void {
  const expired = useSessionExpired(useAdminSession().redirectToLogin)
  return useCallback(
    (error: unknown, message: string) => {
      if (isUnauthorizedError(toHttpError(error))) {
        expired()
        return
      }
      toast({ title: 'Error', message, variant: 'destructive' })
    },
    [expired],
  )
}
