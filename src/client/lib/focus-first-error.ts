import type { FormEvent } from 'react'

/**
 * For @mantine/form's onSubmit failure handler: the keyboard focus moves to the first field that
 * got a message, so a keyboard or screen reader user lands on what to fix instead of staying on
 * the submit button.
 */
export function focusFirstError(_errors: unknown, _values: unknown, event?: FormEvent<HTMLFormElement>) {
  focusFirstInvalid(event?.currentTarget)
}

/** The same for messages set some other way, such as the fields a server refused. */
export function focusFirstInvalid(form: HTMLFormElement | null | undefined) {
  if (!form) return
  // The messages are rendered after this runs, hence the frame's wait.
  requestAnimationFrame(() => form.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus())
}
