import { startTransition, useEffect, useState } from 'react'
import { whenApproached } from './intent'

export type DeferredUi = typeof import('../components/deferred-ui')

let loaded: DeferredUi | null = null
let loading: Promise<DeferredUi> | null = null
const listeners = new Set<() => void>()

/** Fetches the deferred frame parts (once); a failed fetch (offline) is tried again on the next call. */
export function loadDeferredUi(): Promise<DeferredUi> {
  loading ??= import('../components/deferred-ui').then(
    (module) => {
      loaded = module
      for (const listener of listeners) listener()
      return module
    },
    (error: unknown) => {
      loading = null
      throw error
    },
  )
  return loading
}

/** Starts the fetch without waiting for it, e.g. when a visitor points at the About button. */
export function requestDeferredUi(): void {
  loadDeferredUi().catch(() => {})
}

/**
 * The deferred frame parts once they are here, else null. Null on the server and while the page
 * hydrates, so the HTML and the first render agree. The fetch starts when the visitor approaches a
 * part that uses them (lib/intent.ts), or when one is asked for (a toast, a hover on About); the
 * admin asks at once.
 * They arrive as a transition: React mounts them in slices between the browser's own work, so a
 * phone's main thread is never held by the menus and toasts that nobody has opened yet (a store
 * subscription would render them in one synchronous pass; decision 022).
 */
export function useDeferredUi(): DeferredUi | null {
  const [ui, setUi] = useState<DeferredUi | null>(null)
  useEffect(() => {
    if (loaded) {
      setUi(loaded)
      return
    }
    const show = () => startTransition(() => setUi(loaded))
    listeners.add(show)
    whenApproached(requestDeferredUi)
    return () => {
      listeners.delete(show)
    }
  }, [])
  return ui
}
