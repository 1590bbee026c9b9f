import { type RefObject, useEffect, useRef } from 'react'

/**
 * A public page's code starts when the visitor reaches for the page, often by moving into a field
 * and typing (docs/decisions/032-code-when-the-visitor-reaches-for-it.md). React hydrates a
 * controlled field without writing over what is in it, but its state still holds the server's
 * value, and the next render would put that back. Once the form has hydrated, this hands what the
 * fields hold (text, or a box's tick) to `take`, which keeps what differs; it runs once.
 */
export function useTypedBeforeCode(
  formRef: RefObject<HTMLFormElement | null>,
  take: (fields: Record<string, string | boolean>) => void,
) {
  // The first render's `take` is the one the hydrated state belongs to.
  const first = useRef(take)
  useEffect(() => {
    const form = formRef.current
    if (!form) return
    const fields: Record<string, string | boolean> = {}
    for (const element of Array.from(form.elements)) {
      if (element instanceof HTMLTextAreaElement && element.name) fields[element.name] = element.value
      else if (element instanceof HTMLInputElement && element.name && element.type !== 'hidden')
        fields[element.name] = element.type === 'checkbox' ? element.checked : element.value
    }
    first.current(fields)
  }, [formRef])
}
