import type { RouterOutputs } from '../../lib/trpc'

/**
 * The FAQ screen's shared types, in a module of their own that imports none of the folder's files
 * (tests/unit/boundaries.test.ts).
 */
export type FaqEditing = RouterOutputs['faq']['admin']
export type FaqCategory = FaqEditing['draft']['categories'][number]
export type FaqItem = FaqCategory['items'][number]
