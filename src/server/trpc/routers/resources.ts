import { z } from 'zod'
import { ResourceInputSchema, ResourceListQuerySchema, RowIdSchema } from '../../../shared/schemas/admin'
import {
  createResource,
  deleteResource,
  listResources,
  listResourcesForAdmin,
  updateResource,
} from '../../services/resources'
import { change, publicProcedure, router } from '../init'
import { listProcedure } from '../paging'

export const resourcesRouter = router({
  list: publicProcedure.query(({ ctx }) => listResources(ctx.db)),

  /** The admin's list: searched by title or description, a page at a time. */
  adminList: listProcedure('content', ResourceListQuerySchema, listResourcesForAdmin),

  create: change('content', ResourceInputSchema, createResource),
  update: change('content', z.object({ id: RowIdSchema, data: ResourceInputSchema }), (db, actor, { id, data }) =>
    updateResource(db, actor, id, data),
  ),
  remove: change('content', z.object({ id: RowIdSchema }), (db, actor, { id }) => deleteResource(db, actor, id)),
})
