import { type RefObject, useEffect, useRef } from 'react'

/**
 * A public page's code starts when the visitor reaches for the page, often by moving into a field
 * and typing (docs/decisions/032-code-when-the-visitor-reaches-for-it.md). React hydrates a
 * controlled field without writing over what is in it, but its state still holds the server's
 * value, and the next render would put that back; a select chosen meanwhile fires no change either.
 * Once the fields inside `containerRef` (a form, or a toolbar) have hydrated, this hands what each
 * named one holds (text, a choice, or a box's tick) to `take`, which keeps what differs; it runs once.
 */
export function useTypedBeforeCode(
  containerRef: RefObject<HTMLElement | null>,
  take: (fields: Record<string, string | boolean>) => void,
) {
  // The first render's `take` is the one the hydrated state belongs to.
  const first = useRef(take)
  useEffect(() => {
    const container = containerRef.current
    if (!container) return
    const fields: Record<string, string | boolean> = {}
    for (const element of Array.from(container.querySelectorAll('input, textarea, select'))) {
      if ((element instanceof HTMLTextAreaElement || element instanceof HTMLSelectElement) && element.name)
        fields[element.name] = element.value
      else if (element instanceof HTMLInputElement && element.name && element.type !== 'hidden')
        fields[element.name] = element.type === 'checkbox' ? element.checked : element.value
    }
    first.current(fields)
  }, [containerRef])
}
