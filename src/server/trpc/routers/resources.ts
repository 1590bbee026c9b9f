import { listResources } from '../../services/resources'
import { publicProcedure, router } from '../init'

export const resourcesRouter = router({
  list: publicProcedure.query(({ ctx }) => listResources(ctx.db)),
})
