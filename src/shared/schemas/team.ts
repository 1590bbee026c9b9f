import { z } from 'zod'
import { ROLES } from '../permissions'

/** The team screen's inputs (docs/decisions/025-roles-and-the-team.md), for the form and both adapters. */

export const RoleSchema = z.enum(ROLES, { error: 'Choose a role: owner, editor, moderator or registrar' })

/** An address a member types in the admin (an invitation, a test send), in the admin's words. */
export const StaffEmailSchema = z
  .string({ error: 'Enter an e-mail address' })
  .trim()
  .toLowerCase()
  .min(1, 'Enter an e-mail address')
  .max(254, 'E-mail must be at most 254 characters')
  .email('Enter a valid e-mail address')

export const InviteInputSchema = z.object({ email: StaffEmailSchema, role: RoleSchema })
export type InviteInput = z.infer<typeof InviteInputSchema>

/** A member's user id, an invitation's id, or a session's handle: short opaque text. */
export const OpaqueIdSchema = z
  .string({ error: 'Id is required' })
  .trim()
  .min(1, 'Id is required')
  .max(64, 'Id must be at most 64 characters')
  .regex(/^[0-9a-f-]+$/i, 'Id is not valid')

export const MemberIdParamsSchema = z.object({ id: OpaqueIdSchema })
export const RoleChangeSchema = z.object({ role: RoleSchema })
