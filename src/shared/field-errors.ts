/**
 * The one way a list of validation issues becomes messages per field: the first message of each
 * field, keyed by its path joined with dots. The server answers a refused input with it (the
 * `fields` of errors.ts) and the admin forms check with it (client/admin/ui/form.ts), so a field
 * shows the same message whichever side refused it. Structural, so it needs no zod import.
 */
export type FieldIssue = { path: readonly PropertyKey[]; message: string }

/** `rootKey`: where an issue about the whole input goes (the server says '_'); without it, such issues are skipped. */
export function firstMessagePerField(issues: readonly FieldIssue[], rootKey?: string): Record<string, string> {
  const fields: Record<string, string> = {}
  for (const issue of issues) {
    const key = issue.path.length > 0 ? issue.path.map(String).join('.') : rootKey
    if (key !== undefined && !(key in fields)) fields[key] = issue.message
  }
  return fields
}
