import type { z } from 'zod'
import { firstMessagePerField } from '../../shared/field-errors'

/**
 * @mantine/form validation from a shared zod schema: field → first message, by the same function
 * the server uses for its `fields` (shared/field-errors.ts). Admin code only: public pages check with
 * shared/form-rules.ts and never load zod (docs/decisions/021-first-load-budget.md).
 */
export function zodValidate<T extends z.ZodType>(schema: T) {
  return (values: unknown): Record<string, string> => {
    const result = schema.safeParse(values)
    return result.success ? {} : firstMessagePerField(result.error.issues)
  }
}
