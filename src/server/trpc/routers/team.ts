import { z } from 'zod'
import { InviteInputSchema, OpaqueIdSchema, RoleSchema } from '../../../shared/schemas/team'
import {
  changeMemberRole,
  endMemberSessions,
  endOwnSession,
  invitationPost,
  listOwnSessions,
  listTeam,
  removeMember,
  revokeInvitation,
  sendInvitation,
} from '../../services/team'
import { change, permitted, router } from '../init'

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

  revoke: change('team', ById, (db, actor, { id }) => revokeInvitation(db, actor, id)),

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

  endSessions: change('team', ById, (db, actor, { id }) => endMemberSessions(db, actor, id)),

  mySessions: permitted('account').query(({ ctx }) =>
    listOwnSessions(ctx.db, ctx.user.id, ctx.request.session.sessionId),
  ),

  endMySession: change('account', ById, (db, actor, { id }) => endOwnSession(db, actor.id, id)),
})
