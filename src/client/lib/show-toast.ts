import { loadDeferredUi } from './deferred-ui'
import type { ToastOptions } from './toast'

/**
 * A toast from a public page's form. The toast stack comes with the deferred frame parts after the
 * page has loaded (lib/deferred-ui.ts), and the toast's own code with it: no page carries it in its
 * first load, where it cost the form pages 1.4 KB gzip (docs/decisions/021-first-load-budget.md).
 * Toasts asked for in a row show in that order, the newest winning as before; the admin, whose
 * first load has no budget, calls lib/toast.tsx directly. `whenNoToast` runs when the stack cannot
 * be fetched (the network went away before it arrived).
 */
export function showToast(options: ToastOptions, whenNoToast?: () => void): void {
  loadDeferredUi().then(
    (ui) => ui.toast(options),
    () => {
      // Offline before the toast stack ever arrived: no toast can show, so the form writes the same
      // words into its own notice instead, or the visitor would hear nothing of the outcome.
      whenNoToast?.()
    },
  )
}
