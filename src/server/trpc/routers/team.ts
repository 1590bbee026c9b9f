import { z } from 'zod'
import { InviteInputSchema, OpaqueIdSchema, RoleSchema } from '../../../shared/schemas/team'
import { invitationPost, sendInvitation } from '../../services/invitations'
import {
  changeMemberRole,
  endMemberSessions,
  endOwnSession,
  listOwnSessions,
  listTeam,
  removeMember,
  revokeInvitation,
} from '../../services/team'
import { permitted, router } from '../init'

const ById = z.object({ id: OpaqueIdSchema })

/** The team screen (owners) and every member's own sessions. */
export const teamRouter = router({
  list: permitted('team').query(async ({ ctx }) => listTeam(ctx.db, await ctx.request.server.configOwners())),

  invite: permitted('team')
    .input(InviteInputSchema)
    .mutation(async ({ ctx, input }) =>
      sendInvitation(
        ctx.db,
        invitationPost(ctx.request.server),
        ctx.user,
        await ctx.request.server.configOwners(),
        input,
      ),
    ),

  revoke: permitted('team')
    .input(ById)
    .mutation(({ ctx, input }) => revokeInvitation(ctx.db, ctx.user, input.id)),

  changeRole: permitted('team')
    .input(ById.extend({ role: RoleSchema }))
    .mutation(async ({ ctx, input }) =>
      changeMemberRole(ctx.db, ctx.user, await ctx.request.server.configOwners(), input.id, input.role),
    ),

  remove: permitted('team')
    .input(ById)
    .mutation(async ({ ctx, input }) =>
      removeMember(ctx.db, ctx.user, await ctx.request.server.configOwners(), input.id),
    ),

  endSessions: permitted('team')
    .input(ById)
    .mutation(({ ctx, input }) => endMemberSessions(ctx.db, ctx.user, input.id)),

  mySessions: permitted('account').query(({ ctx }) =>
    listOwnSessions(ctx.db, ctx.user.id, ctx.request.session.sessionId),
  ),

  endMySession: permitted('account')
    .input(ById)
    .mutation(({ ctx, input }) => endOwnSession(ctx.db, ctx.user.id, input.id)),
})
