import { ResourceInputSchema, ResourceListQuerySchema } from '../../../shared/schemas/admin'
import {
  createResource,
  deleteResource,
  listResources,
  listResourcesForAdmin,
  updateResource,
} from '../../services/resources'
import { publicProcedure, router } from '../init'
import { recordProcedures } from '../records'

export const resourcesRouter = router({
  list: publicProcedure.query(({ ctx }) => listResources(ctx.db)),

  /** The admin's list (searched by title or description, a page at a time) and its changes. */
  ...recordProcedures('content', {
    list: { query: ResourceListQuerySchema, run: listResourcesForAdmin },
    create: { body: ResourceInputSchema, run: createResource },
    update: { body: ResourceInputSchema, run: updateResource },
    remove: deleteResource,
  }),
})
