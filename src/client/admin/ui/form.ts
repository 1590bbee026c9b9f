import { type UseFormReturnType, useForm } from '@mantine/form'
import type { z } from 'zod'
import { zodValidate } from '../../lib/zod-form'

/**
 * The admin forms' one validator path: the shared zod schema the server parses with, checked in the
 * browser by zodValidate (one issue-to-field function on both sides, shared/field-errors.ts). The
 * server's own refusals reach the same fields through useAdminMutation's `form`.
 */
export function useAdminForm<Values extends Record<string, unknown>>(
  schema: z.ZodType,
  initialValues: Values,
): UseFormReturnType<Values> {
  return useForm<Values>({ mode: 'controlled', initialValues, validate: (values) => zodValidate(schema)(values) })
}

export type AdminForm<Values> = UseFormReturnType<Values>
