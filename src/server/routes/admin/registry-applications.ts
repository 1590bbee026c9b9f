import type { FastifyPluginAsync, FastifyRequest } from 'fastify'
import {
  ApplicationQueueSchema,
  ApproveApplicationSchema,
  CouncilQuestionSchema,
  DeclineApplicationSchema,
  RecordIdParamsSchema,
} from '../../../shared/schemas/registry-applications'
import { memberActor } from '../../auth/access'
import { NotFoundError } from '../../errors'
import {
  adminApplication,
  adminApplicationQueue,
  approveApplication,
  askApplicant,
  declineApplication,
} from '../../services/registry/applications'

type WithId = { Params: { id: string } }

/**
 * The council's side of applications (registered with the `registry` permission): the queue, an
 * application, a question, approval and decline (docs/api.md, Registry). The evidence is read back
 * at GET /api/admin/registry/documents/{id}, as a listing's is.
 */
export const adminRegistryApplicationRoutes: FastifyPluginAsync = async (app) => {
  const settings = () => ({
    secret: app.sessionSecret,
    publicUrl: app.site.publicUrl,
    mailEnabled: app.mail.enabled,
    listingDays: app.env.REGISTRY_LISTING_DAYS,
  })
  /** An id that cannot be an application's names none: not found, not a field to correct. */
  const idOf = (request: FastifyRequest<WithId>) => {
    const parsed = RecordIdParamsSchema.safeParse(request.params)
    if (!parsed.success) throw new NotFoundError('No such application')
    return parsed.data.id
  }
  const base = '/api/admin/registry/applications'

  app.get(base, async (request) => adminApplicationQueue(app.db, ApplicationQueueSchema.parse(request.query ?? {})))

  app.get<WithId>(`${base}/:id`, async (request) => adminApplication(app.db, idOf(request), settings()))

  app.post<WithId>(`${base}/:id/questions`, async (request, reply) => {
    const input = CouncilQuestionSchema.parse({ ...(request.body as object), id: idOf(request) })
    const message = await askApplicant(app.db, memberActor(request.user), input, settings())
    return reply.code(201).send(message)
  })

  app.post<WithId>(`${base}/:id/approve`, async (request) => {
    const input = ApproveApplicationSchema.parse({ ...(request.body as object), id: idOf(request) })
    return approveApplication(app.db, memberActor(request.user), input, settings())
  })

  app.post<WithId>(`${base}/:id/decline`, async (request) => {
    const input = DeclineApplicationSchema.parse({ ...(request.body as object), id: idOf(request) })
    return declineApplication(app.db, memberActor(request.user), input, settings())
  })
}
