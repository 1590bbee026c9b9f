import { createContext, type ReactNode, useCallback, useContext, useEffect, useRef } from 'react'
import { SESSION_EXPIRED_REDIRECT_MS } from '../../shared/constants'
import { isUnauthorizedError } from '../../shared/http-error'
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

type AdminSession = { redirectToLogin: (delayMs: number) => void }

const AdminSessionContext = createContext<AdminSession | null>(null)

/** Given by the admin layout to every admin screen, once the visitor is known to be an admin. */
export function AdminSessionProvider({ value, children }: { value: AdminSession; children: ReactNode }) {
  return <AdminSessionContext.Provider value={value}>{children}</AdminSessionContext.Provider>
}

/**
 * How every admin save, upload or delete reports a failure: an expired session gets the
 * 'Unauthorized' toast and a new sign-in after 500 ms; anything else gets the screen's own message
 * (docs/product.md#errors-the-user-sees).
 */
export function useAdminFailureToast(): (error: unknown, message: string) => void {
  const session = useContext(AdminSessionContext)
  if (!session) throw new Error('useAdminFailureToast must be used inside the admin layout')
  const { redirectToLogin } = session
  return useCallback(
    (error: unknown, message: string) => {
      if (isUnauthorizedError(toHttpError(error))) {
        toast({ title: 'Unauthorized', message: 'Your session expired. Logging in again...', variant: 'destructive' })
        redirectToLogin(SESSION_EXPIRED_REDIRECT_MS)
        return
      }
      toast({ title: 'Error', message, variant: 'destructive' })
    },
    [redirectToLogin],
  )
}
