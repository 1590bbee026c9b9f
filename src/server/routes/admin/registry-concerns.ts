import type { FastifyPluginAsync, FastifyRequest } from 'fastify'
import {
  CloseConcernSchema,
  ConcernQueueSchema,
  RecordIdParamsSchema,
} from '../../../shared/schemas/registry-applications'
import { memberActor } from '../../auth/access'
import { NotFoundError } from '../../errors'
import { adminConcern, adminConcernQueue, closeConcern, lookIntoConcern } from '../../services/registry/concerns'

type WithId = { Params: { id: string } }

/** The registrars' concerns (registered with the `registry` permission; docs/api.md, Registry). */
export const adminRegistryConcernRoutes: FastifyPluginAsync = async (app) => {
  const idOf = (request: FastifyRequest<WithId>) => {
    const parsed = RecordIdParamsSchema.safeParse(request.params)
    if (!parsed.success) throw new NotFoundError('No such concern')
    return parsed.data.id
  }
  const base = '/api/admin/registry/concerns'
  app.get(base, async (request) => adminConcernQueue(app.db, ConcernQueueSchema.parse(request.query ?? {})))
  app.get<WithId>(`${base}/:id`, async (request) => adminConcern(app.db, idOf(request)))
  app.post<WithId>(`${base}/:id/look`, async (request) =>
    lookIntoConcern(app.db, memberActor(request.user), { id: idOf(request) }),
  )
  app.post<WithId>(`${base}/:id/close`, async (request) =>
    closeConcern(
      app.db,
      memberActor(request.user),
      CloseConcernSchema.parse({ ...(request.body as object), id: idOf(request) }),
    ),
  )
}
