import { z } from 'zod'
import { ResourceInputSchema, ResourceListQuerySchema, RowIdSchema } from '../../../shared/schemas/admin'
import {
  createResource,
  deleteResource,
  listResources,
  listResourcesForAdmin,
  updateResource,
} from '../../services/resources'
import { permitted, publicProcedure, router } from '../init'
import { listProcedure } from '../paging'

export const resourcesRouter = router({
  list: publicProcedure.query(({ ctx }) => listResources(ctx.db)),

  /** The admin's list: searched by title or description, a page at a time. */
  adminList: listProcedure('content', ResourceListQuerySchema, listResourcesForAdmin),

  create: permitted('content')
    .input(ResourceInputSchema)
    .mutation(({ ctx, input }) => createResource(ctx.db, ctx.user, input)),

  update: permitted('content')
    .input(z.object({ id: RowIdSchema, data: ResourceInputSchema }))
    .mutation(({ ctx, input }) => updateResource(ctx.db, ctx.user, input.id, input.data)),

  remove: permitted('content')
    .input(z.object({ id: RowIdSchema }))
    .mutation(({ ctx, input }) => deleteResource(ctx.db, ctx.user, input.id)),
})
