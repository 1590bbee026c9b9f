import { listResources, resourceRecords } from '../../services/resources'
import { publicProcedure, router } from '../init'
import { recordProcedures } from '../records'

export const resourcesRouter = router({
  list: publicProcedure.query(({ ctx }) => listResources(ctx.db)),

  /** The admin's list (searched by title or description, a page at a time) and its changes. */
  ...recordProcedures('content', resourceRecords),
})
