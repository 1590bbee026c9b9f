import type { z } from 'zod'

/** Mantine form validation from a shared zod schema: field → first message. */
export function zodValidate<T extends z.ZodType>(schema: T) {
  return (values: unknown): Record<string, string> => {
    const result = schema.safeParse(values)
    if (result.success) return {}
    const errors: Record<string, string> = {}
    for (const issue of result.error.issues) {
      const key = issue.path.join('.')
      if (key && !(key in errors)) errors[key] = issue.message
    }
    return errors
  }
}
