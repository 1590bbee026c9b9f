import { loadDeferredUi } from './deferred-ui'
import type { ToastOptions } from './toast'

/**
 * A toast from a public page's form. The toast stack comes with the deferred frame parts after the
 * page has loaded (lib/deferred-ui.ts), and the toast's own code with it: no page carries it in its
 * first load, where it cost the form pages 1.4 KB gzip (docs/decisions/021-first-load-budget.md).
 * Toasts asked for in a row show in that order, the newest winning as before; the admin, whose
 * first load has no budget, calls lib/toast.tsx directly.
 */
export function showToast(options: ToastOptions): void {
  loadDeferredUi().then(
    (ui) => ui.toast(options),
    () => {
      // Offline before the toast stack ever arrived: no toast could show anyway; the form says the rest.
    },
  )
}
