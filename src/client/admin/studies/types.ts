import type { RouterOutputs } from '../../lib/trpc'

/**
 * The studies screen's shared types, in a module of their own that imports none of the folder's files: each file
 * takes its types from here, so no two files of the folder import each other, not even for a type
 * (tests/unit/boundaries.test.ts).
 */

export type Study = RouterOutputs['researchStudies']['adminList']['items'][number]

export type StudyValues = {
  title: string
  authors: string
  journal: string
  year: string
  volume: string
  issue: string
  pages: string
  category: string | null
  url: string
  summary: string
}
