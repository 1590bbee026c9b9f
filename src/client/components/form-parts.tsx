import { Button, Paper, Stack, Title } from '@mantine/core'
import { type FormEvent, type ReactNode, type RefObject, useId } from 'react'
import { FormNotice, type FormNoticeText } from '../lib/form-post'
import { WANTS_CODE } from '../lib/intent'
import type { PublicInputProps } from '../lib/public-form'
import classes from './form-parts.module.css'

/**
 * A public form's card: the heading that names the section, what the form is for, the outcome above
 * the form, and the form. The form is marked to fetch its code on approach (decision 033) and, without
 * JavaScript or before its code is here, the browser posts it to `action`, which answers with a page
 * (docs/decisions/030-forms-without-javascript.md). Paper rather than Card: the same look, and one
 * chunk of Mantine's code fewer.
 */
export function PublicFormCard({
  headingId,
  title,
  intro,
  notice,
  formRef,
  action,
  onSubmit,
  id,
  testId,
  children,
}: {
  headingId: string
  title: ReactNode
  intro?: ReactNode
  notice: FormNoticeText | null
  formRef: RefObject<HTMLFormElement | null>
  action: string
  onSubmit: (event: FormEvent<HTMLFormElement>) => void
  id?: string
  testId?: string
  children: ReactNode
}) {
  return (
    <Paper
      withBorder
      p={{ base: 'md', sm: 'xl' }}
      radius="md"
      component="section"
      aria-labelledby={headingId}
      id={id}
      data-testid={testId}
    >
      <Title order={2} size="h3" id={headingId}>
        {title}
      </Title>
      {intro}
      <FormNotice notice={notice} />
      <form ref={formRef} {...WANTS_CODE} method="post" action={action} onSubmit={onSubmit} noValidate>
        <Stack gap="sm" mt="md">
          {children}
        </Stack>
      </form>
    </Paper>
  )
}

/** Honeypot: off-screen and hidden from assistive technology; people never fill it, bots do. */
export function Honeypot({ inputProps }: { inputProps: PublicInputProps }) {
  return (
    <div aria-hidden="true" style={{ position: 'absolute', left: '-10000px', width: 1, height: 1, overflow: 'hidden' }}>
      <label>
        Leave this field empty
        <input type="text" tabIndex={-1} autoComplete="off" {...inputProps} />
      </label>
    </div>
  )
}

/**
 * A public form's submit button: disabled, and saying so, while the form is being sent.
 *
 * A press does not take the focus from the field being typed in (mousedown's default). Were it to,
 * the field's blur check would show its message, which moves the button down under a pointer still
 * pressed: a mouse button released over the old place is no click, so the form was never submitted
 * and the focus stayed on the button (a desktop visitor met this; a tap lands at once). The submit
 * checks every field, and the focus moves to the first one in error (lib/focus-first-error.ts).
 */
export function SubmitButton({ pending, children }: { pending: boolean; children: ReactNode }) {
  return (
    <Button
      type="submit"
      disabled={pending}
      mt="xs"
      style={{ alignSelf: 'flex-start' }}
      onMouseDown={(event) => event.preventDefault()}
    >
      {pending ? 'Sending...' : children}
    </Button>
  )
}

/**
 * A required box to tick, as the browser draws it: one native checkbox and its label, its message
 * tied to it (aria-describedby) and the box marked invalid while it has one. Mantine's Checkbox
 * brought 3 KB gzip of script to the one public page that asks for consent
 * (docs/decisions/021-first-load-budget.md).
 */
export function RequiredCheckbox(props: { label: string; inputProps: PublicInputProps }) {
  return <FormCheckbox {...props} required />
}

/**
 * A box to tick, native rather than Mantine's Checkbox (3 KB of script for one box; decision 021):
 * required, as the testimonial's consent, or optional with a line saying what leaving it means.
 */
export function FormCheckbox({
  label,
  inputProps,
  required = false,
  help,
}: {
  label: string
  inputProps: PublicInputProps
  required?: boolean
  help?: string
}) {
  const id = useId()
  const { name, error, checked, onChange, onBlur, autoFocus } = inputProps
  const errorId = `${id}-error`
  const helpId = `${id}-help`
  const describedBy = [help ? helpId : null, error ? errorId : null].filter(Boolean).join(' ')
  return (
    <div className={classes.consent}>
      <div className={classes.row}>
        <input
          id={id}
          name={name}
          type="checkbox"
          className={classes.box}
          required={required}
          checked={Boolean(checked)}
          onChange={onChange}
          onBlur={onBlur}
          // biome-ignore lint/a11y/noAutofocus: only on a page showing a refused post again, where the first refused field takes the focus as the script would move it (docs/decisions/030-forms-without-javascript.md)
          autoFocus={autoFocus}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy || undefined}
        />
        <label htmlFor={id} className={classes.label}>
          {label}
        </label>
      </div>
      {help ? (
        <p id={helpId} className={classes.help}>
          {help}
        </p>
      ) : null}
      {error ? (
        <p id={errorId} className={classes.error}>
          {error}
        </p>
      ) : null}
    </div>
  )
}
