import { useSyncExternalStore } from 'react'

const noSubscription = () => () => {}

/**
 * False in the server's render and in the browser's hydration of it, true in every render after:
 * for markup that must work before the page's code runs (decision 032) and change once it does.
 * React renders again right after hydrating when the two snapshots differ.
 */
export const useHydrated = (): boolean =>
  useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  )
