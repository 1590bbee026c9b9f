import type { FastifyReply, FastifyRequest } from 'fastify'

/** preHandler for admin-only REST routes: 401 signed out, 403 signed in but not on ADMIN_EMAILS. */
export async function requireAdmin(request: FastifyRequest, reply: FastifyReply) {
  if (!request.user) return reply.code(401).send({ error: 'Unauthorized', message: 'Unauthorized' })
  if (!request.user.isAdmin) {
    return reply.code(403).send({ error: 'Forbidden', message: 'Your account does not have access to the admin' })
  }
}
