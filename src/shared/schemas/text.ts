import { z } from 'zod'
import { storableTextMessages } from '../text-rules'
import { LONE_SURROGATE } from '../unicode'

export { LONE_SURROGATE }

/**
 * Text that can be stored. Postgres text cannot hold U+0000 (the insert fails), and a lone UTF-16
 * surrogate (JSON allows "\ud800") is no character at all: the embedded PGlite fails on it, and
 * Postgres would keep U+FFFD in its place. Either way the request would end as a 500, so every
 * stored text field refuses both, with a message naming the field.
 */
export function storableText(schema: z.ZodString, label: string): z.ZodString {
  const messages = storableTextMessages(label)
  return schema
    .refine((value) => !value.includes('\u0000'), messages.nullCharacter)
    .refine((value) => !LONE_SURROGATE.test(value), messages.invalidUnicode)
}

/** Text a form must have: trimmed, at least one character, at most `max`, storable. */
export const requiredText = (max: number, label: string) =>
  storableText(
    z
      .string({ error: `${label} is required` })
      .trim()
      .min(1, `${label} is required`)
      .max(max, `${label} must be at most ${max} characters`),
    label,
  )
