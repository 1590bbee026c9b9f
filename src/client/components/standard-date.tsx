/** Dates as the council's documents print them (docs/decisions/028-standards-as-versioned-documents.md). */

/** A calendar date ('2025-10-31') or an instant, printed as the council's documents print dates, in UTC. */
export function standardDate(value: Date | string | null | undefined): string {
  if (!value) return ''
  const date =
    typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value) ? new Date(`${value}T00:00:00Z`) : new Date(value)
  if (Number.isNaN(date.getTime())) return ''
  return date.toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' })
}

/** The machine form of the same day, for <time dateTime>. */
export function standardIsoDate(value: Date | string | null | undefined): string | undefined {
  if (!value) return undefined
  if (typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value)) return value
  const date = new Date(value)
  return Number.isNaN(date.getTime()) ? undefined : date.toISOString().slice(0, 10)
}

export function StandardDate({ value }: { value: Date | string | null | undefined }) {
  return <time dateTime={standardIsoDate(value)}>{standardDate(value)}</time>
}
