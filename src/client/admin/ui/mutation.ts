import { type QueryKey, type UseMutationOptions, useMutation, useQueryClient } from '@tanstack/react-query'
import { toast } from '../../lib/toast'
import { useTRPC } from '../../lib/trpc'
import { useAdminFailureToast } from '../session'

type Said<TData, TVariables> = string | ((data: TData, variables: TVariables) => string)

export type AdminMutationTexts<TData, TVariables> = {
  /** The success toast's text (title 'Success'); none (or '') for a change that shows itself. */
  success?: Said<TData, TVariables>
  /**
   * The failure toast's text (title 'Error'); an expired session gets its own toast and a new sign-in.
   * A function also gets the error, so that a refusal the server explains (409) can say why (`refusalOf`).
   */
  failure: string | ((variables: TVariables, error: unknown) => string)
  /** The queries this change shows in; the activity log is refreshed after every change. */
  refresh?: QueryKey[]
  /** An Undo button in the success toast, for its 5 s. */
  undo?: (data: TData, variables: TVariables) => () => void
  /** A form whose fields take the server's messages when it refuses one. */
  form?: { setErrors: (errors: Record<string, string>) => void }
  /** Before the lists are fetched again (a form back to add mode). */
  onSuccess?: (data: TData, variables: TVariables) => void
  /** Once they are (a dialog that closes onto a row that exists). */
  afterRefresh?: (data: TData, variables: TVariables) => void
  onError?: (error: unknown, variables: TVariables) => void
}

/** The server's reason when it refused a change that cannot be made (409 Conflict), else null. */
export function refusalOf(error: unknown): string | null {
  const status = (error as { data?: { httpStatus?: number } } | null)?.data?.httpStatus
  return status === 409 && error instanceof Error && error.message ? error.message : null
}

const fieldsOf = (error: unknown) => (error as { data?: { fields?: Record<string, string> } } | null)?.data?.fields

/**
 * Every admin change ends alike: a toast saying what happened, the screen's lists and the activity
 * log fetched again, the server's field messages on the form, and an expired session sent to sign in
 * again (docs/product.md#errors-the-user-sees). `options` is a procedure's `mutationOptions()`.
 */
export function useAdminMutation<TData, TError, TVariables, TContext>(
  options: UseMutationOptions<TData, TError, TVariables, TContext>,
  texts: AdminMutationTexts<TData, TVariables>,
) {
  const trpc = useTRPC()
  const queryClient = useQueryClient()
  const failed = useAdminFailureToast()
  return useMutation({
    ...options,
    onSuccess: async (data, variables) => {
      const message = typeof texts.success === 'function' ? texts.success(data, variables) : texts.success
      if (message) {
        const undo = texts.undo?.(data, variables)
        toast({
          title: 'Success',
          message,
          variant: 'success',
          ...(undo ? { action: { label: 'Undo', onClick: undo } } : {}),
        })
      }
      texts.onSuccess?.(data, variables)
      const keys = [...(texts.refresh ?? []), trpc.activity.pathKey()]
      await Promise.all(keys.map((queryKey) => queryClient.invalidateQueries({ queryKey })))
      texts.afterRefresh?.(data, variables)
    },
    onError: (error, variables) => {
      const fields = fieldsOf(error)
      if (fields && texts.form) texts.form.setErrors(fields)
      texts.onError?.(error, variables)
      failed(error, typeof texts.failure === 'function' ? texts.failure(variables, error) : texts.failure)
    },
  })
}
