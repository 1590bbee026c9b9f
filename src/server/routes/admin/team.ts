import type { FastifyPluginAsync } from 'fastify'
import { InviteInputSchema, MemberIdParamsSchema, RoleChangeSchema } from '../../../shared/schemas/team'
import { memberActor } from '../../auth/access'
import {
  changeMemberRole,
  endMemberSessions,
  invitationPost,
  listTeam,
  removeMember,
  revokeInvitation,
  sendInvitation,
} from '../../services/team'

/** The team (README, API): owners only, by the permission the admin index states for this group. */
export const adminTeamRoutes: FastifyPluginAsync = async (app) => {
  app.get('/api/admin/team', async () => listTeam(app.db, await app.configOwners()))

  app.post('/api/admin/team/invitations', async (request, reply) => {
    const input = InviteInputSchema.parse(request.body ?? {})
    const sent = await sendInvitation(
      app.db,
      invitationPost(app),
      memberActor(request.user),
      await app.configOwners(),
      input,
    )
    return reply.code(201).header('cache-control', 'no-store, private').send(sent)
  })

  app.delete<{ Params: { id: string } }>('/api/admin/team/invitations/:id', async (request) => {
    const { id } = MemberIdParamsSchema.parse(request.params)
    return revokeInvitation(app.db, memberActor(request.user), id)
  })

  app.patch<{ Params: { id: string } }>('/api/admin/team/members/:id', async (request) => {
    const { id } = MemberIdParamsSchema.parse(request.params)
    const { role } = RoleChangeSchema.parse(request.body ?? {})
    return changeMemberRole(app.db, memberActor(request.user), await app.configOwners(), id, role)
  })

  app.delete<{ Params: { id: string } }>('/api/admin/team/members/:id', async (request) => {
    const { id } = MemberIdParamsSchema.parse(request.params)
    return removeMember(app.db, memberActor(request.user), await app.configOwners(), id)
  })

  app.delete<{ Params: { id: string } }>('/api/admin/team/members/:id/sessions', async (request) => {
    const { id } = MemberIdParamsSchema.parse(request.params)
    return endMemberSessions(app.db, memberActor(request.user), id)
  })
}
