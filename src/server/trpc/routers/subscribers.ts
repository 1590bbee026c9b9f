import { z } from 'zod'
import { SubscriberIdSchema, SubscriberListQuerySchema, SubscriberPatchSchema } from '../../../shared/schemas/admin'
import { countSubscribers, deleteSubscriber, listSubscribers, setSubscriberActive } from '../../services/subscribers'
import { permitted, router } from '../init'
import { listProcedure } from '../paging'

/** The subscribers screen; the CSV export is a REST download (GET /api/admin/subscribers.csv). */
export const subscribersRouter = router({
  list: listProcedure('visitors', SubscriberListQuerySchema, listSubscribers),
  count: permitted('visitors')
    .input(SubscriberListQuerySchema.pick({ q: true }))
    .query(({ ctx, input }) => countSubscribers(ctx.db, input.q)),

  setActive: permitted('visitors')
    .input(SubscriberPatchSchema.extend({ id: SubscriberIdSchema }))
    .mutation(({ ctx, input }) => setSubscriberActive(ctx.db, ctx.user, input.id, input.isActive)),

  remove: permitted('visitors')
    .input(z.object({ id: SubscriberIdSchema }))
    .mutation(({ ctx, input }) => deleteSubscriber(ctx.db, ctx.user, input.id)),
})
