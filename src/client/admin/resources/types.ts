import type { RouterOutputs } from '../../lib/trpc'

/**
 * The resources screen's shared types, in a module of their own that imports none of the folder's files: each file
 * takes its types from here, so no two files of the folder import each other, not even for a type
 * (tests/unit/boundaries.test.ts).
 */

export type Resource = RouterOutputs['resources']['adminList']['items'][number]

export type ResourceValues = { title: string; description: string; category: string | null }
