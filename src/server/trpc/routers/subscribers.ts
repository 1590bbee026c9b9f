import { SubscriberListQuerySchema } from '../../../shared/schemas/admin'
import { listSubscribers } from '../../services/subscribers'
import { adminProcedure, router } from '../init'

export const subscribersRouter = router({
  list: adminProcedure.input(SubscriberListQuerySchema).query(({ ctx, input }) => listSubscribers(ctx.db, input)),
})
