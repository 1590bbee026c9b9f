import { type ChangeEvent, type FormEvent, useRef, useState } from 'react'
import { focusFirstInvalid } from './focus-first-error'
import { toast } from './toast'

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
 */
export function usePublicForm<Values extends Record<string, FieldValue>>({
  initialValues,
  validate,
  success,
  failure,
}: {
  initialValues: Values
  validate: (values: Values) => Errors
  success: { title: string; message: string }
  /** The failure toast's text when the server gave none of its own. */
  failure: string
}) {
  const formRef = useRef<HTMLFormElement>(null)
  const [values, setValues] = useState(initialValues)
  const [errors, setErrors] = useState<Errors>({})

  const setError = (name: string, message: string | undefined) =>
    setErrors(({ [name]: _, ...others }) => (message ? { ...others, [name]: message } : others))

  const form = {
    values,
    setErrors,
    reset: () => {
      setValues(initialValues)
      setErrors({})
    },
    getInputProps: (name: keyof Values & string): PublicInputProps => {
      const value = values[name]
      return {
        name,
        ...(typeof value === 'boolean' ? { checked: value } : { value }),
        error: errors[name],
        onChange: (event) => {
          const { checked, value: typed } = event.currentTarget as HTMLInputElement
          setValues((current) => ({ ...current, [name]: typeof current[name] === 'boolean' ? checked : typed }))
          setError(name, undefined)
        },
        onBlur: () => setError(name, validate(values)[name]),
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
        const found = validate(values)
        setErrors(found)
        if (Object.keys(found).length > 0) onInvalid(found, values, event)
        else send(values)
      },
  }

  const mutation = {
    onSuccess: () => {
      form.reset()
      toast({ ...success, variant: 'success' })
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
      const serverMessage = error.data ? error.message : ''
      toast({ title: 'Submission Failed', message: serverMessage || failure, variant: 'destructive' })
    },
  }
  return { form, formRef, mutation }
}
