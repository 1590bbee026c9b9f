import { useForm } from '@mantine/form'
import { useRef } from 'react'
import { focusFirstInvalid } from './focus-first-error'
import { toast } from './toast'

/** What a tRPC mutation's failure carries here: `data` only when the server itself answered. */
type SubmitError = { message: string; data?: { fields?: Record<string, string> } | null }

/**
 * A public page's form that a tRPC mutation sends. The browser checks it with the shared rules, on
 * submit and on blur, the rules the server's schema is built from, so zod stays off the page
 * (docs/decisions/021-first-load-budget.md); the server parses with the schema itself.
 * `mutation` is for the mutation's options: a success clears the form and says `success`; should
 * the server still refuse a field, the field says why and the first such field takes the focus
 * (`formRef` goes on the form).
 */
export function usePublicForm<Values extends Record<string, unknown>>({
  initialValues,
  validate,
  success,
  failure,
}: {
  initialValues: Values
  validate: (values: Values) => Record<string, string>
  success: { title: string; message: string }
  /** The failure toast's text when the server gave none of its own. */
  failure: string
}) {
  const formRef = useRef<HTMLFormElement>(null)
  const form = useForm({ mode: 'controlled', initialValues, validate, validateInputOnBlur: true })
  const mutation = {
    onSuccess: () => {
      form.reset()
      toast({ ...success, variant: 'success' })
    },
    onError: (error: SubmitError) => {
      if (error.data?.fields) {
        form.setErrors(error.data.fields)
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
