import { z } from 'zod'
import { ResourceInputSchema, RowIdSchema } from '../../../shared/schemas/admin'
import { createResource, deleteResource, listResources, updateResource } from '../../services/resources'
import { adminProcedure, publicProcedure, router } from '../init'

export const resourcesRouter = router({
  list: publicProcedure.query(({ ctx }) => listResources(ctx.db)),

  create: adminProcedure
    .input(ResourceInputSchema)
    .mutation(({ ctx, input }) => createResource(ctx.db, ctx.user, input)),

  update: adminProcedure
    .input(z.object({ id: RowIdSchema, data: ResourceInputSchema }))
    .mutation(({ ctx, input }) => updateResource(ctx.db, ctx.user, input.id, input.data)),

  remove: adminProcedure
    .input(z.object({ id: RowIdSchema }))
    .mutation(({ ctx, input }) => deleteResource(ctx.db, ctx.user, input.id)),
})
