import { useEffect, useSyncExternalStore } from 'react'
import { afterPageLoad } from './after-load'

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

const subscribe = (listener: () => void) => {
  listeners.add(listener)
  return () => listeners.delete(listener)
}

/**
 * The deferred frame parts once they are here, else null. Null on the server and while the page
 * hydrates too (React takes the server snapshot then), so the HTML and the first render agree; the
 * fetch starts after the page's load event.
 */
export function useDeferredUi(): DeferredUi | null {
  const ui = useSyncExternalStore(
    subscribe,
    () => loaded,
    () => null,
  )
  useEffect(() => afterPageLoad(requestDeferredUi), [])
  return ui
}
