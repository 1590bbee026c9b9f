import type { z } from 'zod'

/** A high surrogate not followed by a low one, or a low one not preceded by a high one. */
export const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/

/**
 * Text that can be stored. Postgres text cannot hold U+0000 (the insert fails), and a lone UTF-16
 * surrogate (JSON allows "\ud800") is no character at all: the embedded PGlite fails on it, and
 * Postgres would keep U+FFFD in its place. Either way the request would end as a 500, so every
 * stored text field refuses both, with a message naming the field.
 */
export function storableText(schema: z.ZodString, label: string): z.ZodString {
  return schema
    .refine((value) => !value.includes('\u0000'), `${label} must not contain a null character`)
    .refine((value) => !LONE_SURROGATE.test(value), `${label} must be valid Unicode text`)
}
