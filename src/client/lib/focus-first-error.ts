import type { FormEvent } from 'react'

/**
 * For @mantine/form's onSubmit failure handler: the keyboard focus moves to the first field that
 * got a message, so a keyboard or screen reader user lands on what to fix instead of staying on
 * the submit button. The messages are rendered after this runs, hence the frame's wait.
 */
export function focusFirstError(_errors: unknown, _values: unknown, event?: FormEvent<HTMLFormElement>) {
  const form = event?.currentTarget
  if (!form) return
  requestAnimationFrame(() => form.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus())
}
