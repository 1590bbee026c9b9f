import type { AuditEntity } from '../../../shared/constants'
import type { RouterOutputs } from '../../lib/trpc'

/**
 * The activity screen's shared types, in a module of their own that imports none of the folder's files: each file
 * takes its types from here, so no two files of the folder import each other, not even for a type
 * (tests/unit/boundaries.test.ts).
 */

export type ActivityRow = RouterOutputs['activity']['list']['items'][number]

export type ActivityFilters = {
  entity: AuditEntity | 'all'
  /** An e-mail address, or '' for anyone. */
  actor: string
  /** Days as the date fields give them (YYYY-MM-DD), or ''. */
  from: string
  until: string
}
