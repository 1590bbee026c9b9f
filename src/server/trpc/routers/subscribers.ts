import { z } from 'zod'
import { SubscriberIdSchema, SubscriberListQuerySchema, SubscriberPatchSchema } from '../../../shared/schemas/admin'
import { deleteSubscriber, listSubscribers, setSubscriberActive } from '../../services/subscribers'
import { adminProcedure, router } from '../init'

/** The subscribers screen; the CSV export is a REST download (GET /api/admin/subscribers.csv). */
export const subscribersRouter = router({
  list: adminProcedure.input(SubscriberListQuerySchema).query(({ ctx, input }) => listSubscribers(ctx.db, input)),

  setActive: adminProcedure
    .input(SubscriberPatchSchema.extend({ id: SubscriberIdSchema }))
    .mutation(({ ctx, input }) => setSubscriberActive(ctx.db, ctx.user, input.id, input.isActive)),

  remove: adminProcedure
    .input(z.object({ id: SubscriberIdSchema }))
    .mutation(({ ctx, input }) => deleteSubscriber(ctx.db, ctx.user, input.id)),
})
