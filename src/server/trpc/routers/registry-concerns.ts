import {
  CloseConcernSchema,
  ConcernLookSchema,
  ConcernQueueSchema,
  RecordIdParamsSchema,
} from '../../../shared/schemas/registry-applications'
import { adminConcern, adminConcernQueue, closeConcern, lookIntoConcern } from '../../services/registry/concerns'
import { change, permitted, router } from '../init'

/** registry.admin.concerns: the registrars' queue (permission `registry`; the REST twins in routes/admin). */
export const adminConcernsRouter = router({
  list: permitted('registry')
    .input(ConcernQueueSchema)
    .query(({ ctx, input }) => adminConcernQueue(ctx.db, input)),
  get: permitted('registry')
    .input(RecordIdParamsSchema)
    .query(({ ctx, input }) => adminConcern(ctx.db, input.id)),
  look: change('registry', ConcernLookSchema, lookIntoConcern),
  close: change('registry', CloseConcernSchema, closeConcern),
})
