import { type ChangeEvent, type FormEvent, useRef, useState } from 'react'
import type { FormPostState } from '../../shared/form-post'
import { focusFirstInvalid } from './focus-first-error'
import type { FormNoticeText } from './form-post'
import { showToast } from './show-toast'
import { useTypedBeforeCode } from './typed-before-code'

/** What a tRPC mutation's failure carries here: `data` only when the server itself answered. */
type SubmitError = { message: string; data?: { fields?: Record<string, string> } | null }

type FieldValue = string | boolean
type Errors = Record<string, string>

/** What a field of a public form is given: its name (the form posts without script too), value and message. */
export type PublicInputProps = {
  name: string
  value?: string
  checked?: boolean
  error?: string
  /** The first field a refused post names takes the focus when the page opens (it works without script). */
  autoFocus?: boolean
  onChange: (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => void
  onBlur: () => void
}

/**
 * A public page's form that a tRPC mutation sends. The browser checks it with the shared rules, on
 * submit and on blur, the rules the server's schema is built from, so zod stays off the page
 * (docs/decisions/021-first-load-budget.md); the server parses with the schema itself.
 * `mutation` is for the mutation's options: a success clears the form and says `success`; should
 * the server still refuse a field, the field says why and the first such field takes the focus
 * (`formRef` goes on the form).
 *
 * The state is kept here rather than by @mantine/form, whose 6 KB gzip the two form pages could not
 * afford: the values, one message per field, a field's message cleared as it is typed in and
 * checked again when it is left, every field checked on submit.
 *
 * Without JavaScript the form posts itself (docs/decisions/030-forms-without-javascript.md): `post`
 * is the server's refusal of it, which the form starts from (what was typed, each field's message,
 * the toast's words above it), and `done` says the page is the outcome of a post that succeeded.
 * `notice` is that outcome, for FormNotice; a new submit clears it.
 */
export function usePublicForm<Values extends Record<string, FieldValue>>({
  initialValues,
  validate,
  success,
  failure,
  post,
  done = false,
}: {
  initialValues: Values
  validate: (values: Values) => Errors
  success: { title: string; message: string }
  /** The failure toast's text when the server gave none of its own. */
  failure: string
  post?: FormPostState
  done?: boolean
}) {
  const formRef = useRef<HTMLFormElement>(null)
  const [values, setValues] = useState(() => (post ? postedValues(initialValues, post) : initialValues))
  const [errors, setErrors] = useState<Errors>(() => post?.fields ?? {})
  const [notice, setNotice] = useState<FormNoticeText | null>(() =>
    post ? failureText(post.message, failure) : done ? success : null,
  )
  // The first field of the form that the post's refusal names.
  const focusFirst = post ? Object.keys(initialValues).find((name) => post.fields[name] !== undefined) : undefined

  useTypedBeforeCode(formRef, (fields) =>
    setValues((current) => {
      const typed = Object.entries(fields).filter(
        ([name, value]) => name in current && typeof value === typeof current[name] && value !== current[name],
      )
      return typed.length ? { ...current, ...Object.fromEntries(typed) } : current
    }),
  )

  // The field that held the focus when a sent form was emptied: the visitor did not leave it empty,
  // the reset did, so leaving it says nothing until it is typed in again (Enter in a field sends
  // the form with the focus still there).
  const emptiedUnderFocus = useRef<string | null>(null)

  const setError = (name: string, message: string | undefined) =>
    setErrors(({ [name]: _, ...others }) => (message ? { ...others, [name]: message } : others))

  const form = {
    values,
    setErrors,
    reset: () => {
      const focused = document.activeElement
      emptiedUnderFocus.current =
        focused instanceof HTMLElement && formRef.current?.contains(focused) ? focused.getAttribute('name') : null
      setValues(initialValues)
      setErrors({})
    },
    getInputProps: (name: keyof Values & string): PublicInputProps => {
      const value = values[name]
      return {
        name,
        ...(typeof value === 'boolean' ? { checked: value } : { value }),
        error: errors[name],
        ...(name === focusFirst ? { autoFocus: true } : {}),
        onChange: (event) => {
          const { checked, value: typed } = event.currentTarget as HTMLInputElement
          setValues((current) => ({ ...current, [name]: typeof current[name] === 'boolean' ? checked : typed }))
          setError(name, undefined)
          if (emptiedUnderFocus.current === name) emptiedUnderFocus.current = null
        },
        onBlur: () => {
          if (emptiedUnderFocus.current === name) emptiedUnderFocus.current = null
          else setError(name, validate(values)[name])
        },
      }
    },
    /** Checks every field; sends when all pass, else hands the messages to `onInvalid` (the focus moves there). */
    onSubmit:
      (
        send: (values: Values) => void,
        onInvalid: (errors: Errors, values: Values, event: FormEvent<HTMLFormElement>) => void,
      ) =>
      (event: FormEvent<HTMLFormElement>) => {
        event.preventDefault()
        setNotice(null)
        const found = validate(values)
        setErrors(found)
        if (Object.keys(found).length > 0) onInvalid(found, values, event)
        else send(values)
      },
  }

  const mutation = {
    onSuccess: () => {
      form.reset()
      showToast({ ...success, variant: 'success' }, () => setNotice(success))
    },
    onError: (error: SubmitError) => {
      if (error.data?.fields) {
        setErrors(error.data.fields)
        focusFirstInvalid(formRef.current)
      }
      // A message the server wrote (the tRPC error shape carries data) is shown as it is, such as a
      // 429's when to try again. A failure before the server answered (network down, a proxy's HTML
      // error page) has only a transport message such as a JSON parse error, which no visitor could
      // act on, so it gets the generic text instead.
      const text = failureText(error.data ? error.message : '', failure)
      showToast({ ...text, variant: 'destructive' }, () => setNotice(text))
    },
  }
  return { form, formRef, mutation, notice }
}

/** The failure toast's words: the server's message, or the form's generic text when it gave none. */
function failureText(serverMessage: string, failure: string): FormNoticeText {
  return { title: 'Submission Failed', message: serverMessage || failure, failed: true }
}

/** The form's fields as the refused post sent them, each of the type the form keeps it in. */
function postedValues<Values extends Record<string, FieldValue>>(initial: Values, post: FormPostState): Values {
  const values: Record<string, FieldValue> = { ...initial }
  for (const [name, value] of Object.entries(post.values))
    if (name in initial && typeof value === typeof initial[name]) values[name] = value
  return values as Values
}
