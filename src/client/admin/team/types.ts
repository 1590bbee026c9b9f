import type { Role } from '../../../shared/permissions'
import type { RouterOutputs } from '../../lib/trpc'

/**
 * The team screen's shared types, in a module of their own that imports none of the folder's files: each file
 * takes its types from here, so no two files of the folder import each other, not even for a type
 * (tests/unit/boundaries.test.ts).
 */

export type TeamMember = RouterOutputs['team']['list'][number]

export type InviteValues = { email: string; role: Role }

/** An invitation that could not be mailed: its link, shown this once. */
export type ShownLink = { email: string; link: string }
