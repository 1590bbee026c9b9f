import {
  type KeyboardEvent,
  type MouseEvent,
  type SyntheticEvent,
  useCallback,
  useEffect,
  useRef,
  useState,
} from 'react'

/**
 * A `<details>` disclosure that works from the first paint, before and without the page's code: the
 * browser opens and closes it, and React only follows. React never renders `open`, so hydration
 * keeps whatever the visitor chose before the code ran; `open` here is read from the element when
 * the page hydrates, then kept by its toggle events (and at once by a click on its summary, ahead of
 * the event, so that nothing swaps the element out between the click and the event).
 *
 * With the code there it closes as a menu does: on Escape (focus back on its summary), on a click
 * outside it, and when `closeOn` changes (give it the path: a navigation closes it).
 */
export function useNativeDisclosure(closeOn: unknown) {
  const ref = useRef<HTMLDetailsElement>(null)
  const [open, setOpen] = useState(false)
  const seen = useRef(closeOn)
  useEffect(() => {
    const details = ref.current
    if (seen.current === closeOn) {
      // The first run, when the page has just hydrated: opened before the code was here?
      if (details?.open) setOpen(true)
      return
    }
    seen.current = closeOn
    if (details) details.open = false
  }, [closeOn])
  useEffect(() => {
    if (!open) return
    const closeOutside = (event: Event) => {
      const details = ref.current
      if (details && !details.contains(event.target as Node)) details.open = false
    }
    document.addEventListener('click', closeOutside)
    return () => document.removeEventListener('click', closeOutside)
  }, [open])
  const close = useCallback(() => {
    if (ref.current) ref.current.open = false
  }, [])
  return {
    open,
    close,
    /** Props for the `<details>`. */
    details: {
      ref,
      onToggle: (event: SyntheticEvent<HTMLDetailsElement>) => setOpen(event.currentTarget.open),
      onKeyDown: (event: KeyboardEvent<HTMLDetailsElement>) => {
        const details = event.currentTarget
        if (event.key !== 'Escape' || !details.open) return
        details.open = false
        details.querySelector('summary')?.focus()
      },
    },
    /** Props for its `<summary>`. */
    summary: {
      onClick: (event: MouseEvent<HTMLElement>) => {
        const details = event.currentTarget.parentElement as HTMLDetailsElement
        setOpen(!details.open)
      },
    },
  }
}

/**
 * Keyboard focus across a swap: a native control (`standIn`, a ref) is replaced by its enhanced
 * version (`target`) once `ready`; should the native one have keyboard focus as it goes, the new one
 * takes it, so a keyboard user does not lose their place. React detaches a ref before it removes the
 * element, while the element still has focus.
 */
export function useFocusHandOver<T extends HTMLElement>(ready: boolean, unless = false) {
  const pending = useRef(false)
  const target = useRef<T>(null)
  const standIn = useCallback(
    (element: HTMLElement | null) => () => {
      if (element && element === document.activeElement) pending.current = true
    },
    [],
  )
  useEffect(() => {
    if (!ready || !pending.current) return
    pending.current = false
    if (!unless) target.current?.focus()
  }, [ready, unless])
  return { standIn, target }
}
