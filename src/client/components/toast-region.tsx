import { useEffect, useRef } from 'react'
import { TOAST_DURATION_MS, TOAST_SWIPE_THRESHOLD_PX } from '../../shared/constants'
import { loadDeferredUi, useDeferredUi } from '../lib/deferred-ui'

/**
 * The notification area (docs/product.md#shared-frame): one toast at a time, 5000 ms, swipe right past 50 px to
 * dismiss, and F8 moves keyboard focus to it. Mantine's toast stack comes with the deferred frame
 * parts (lib/deferred-ui.ts), when the visitor approaches a form or a toast is asked for; a toast
 * asked for before they are here waits in Mantine's store and shows then.
 */
export function ToastRegion() {
  const region = useRef<HTMLElement>(null)
  const ui = useDeferredUi()

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'F8') return
      event.preventDefault()
      // A toast is not focusable by itself: make the visible one programmatically focusable so that
      // F8 lands on it (and a screen reader reads it); with no toast, the area itself takes focus.
      const first = region.current?.querySelector<HTMLElement>('[data-toast-id]')
      if (first && !first.hasAttribute('tabindex')) first.setAttribute('tabindex', '-1')
      ;(first ?? region.current)?.focus()
    }
    window.addEventListener('keydown', onKey)
    return () => window.removeEventListener('keydown', onKey)
  }, [])

  useEffect(() => {
    const element = region.current
    if (!element) return
    let start: { x: number; toast: HTMLElement; id: string } | null = null
    const onDown = (event: PointerEvent) => {
      const toast = (event.target as HTMLElement).closest<HTMLElement>('[data-toast-id]')
      const id = toast?.dataset.toastId
      if (toast && id) start = { x: event.clientX, toast, id }
    }
    const onMove = (event: PointerEvent) => {
      if (!start) return
      const dx = Math.max(0, event.clientX - start.x)
      start.toast.style.transform = `translateX(${dx}px)`
      start.toast.style.opacity = String(Math.max(0.3, 1 - dx / 200))
    }
    const onUp = (event: PointerEvent) => {
      if (!start) return
      const dx = event.clientX - start.x
      if (dx > TOAST_SWIPE_THRESHOLD_PX) {
        // A toast on screen means the toast stack is loaded: this resolves at once.
        const { id } = start
        void loadDeferredUi().then((deferred) => deferred.notifications.hide(id))
      } else {
        start.toast.style.transform = ''
        start.toast.style.opacity = ''
      }
      start = null
    }
    element.addEventListener('pointerdown', onDown)
    window.addEventListener('pointermove', onMove)
    window.addEventListener('pointerup', onUp)
    return () => {
      element.removeEventListener('pointerdown', onDown)
      window.removeEventListener('pointermove', onMove)
      window.removeEventListener('pointerup', onUp)
    }
  }, [])

  return (
    <section
      ref={region}
      aria-label="Notifications (F8)"
      tabIndex={-1}
      data-testid="toast-region"
      style={{ outline: 'none' }}
    >
      {ui ? (
        <ui.Notifications
          limit={1}
          autoClose={TOAST_DURATION_MS}
          position="bottom-right"
          zIndex={1000}
          withinPortal={false}
          style={{ touchAction: 'pan-y' }}
        />
      ) : null}
    </section>
  )
}
