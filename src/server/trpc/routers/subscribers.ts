import { z } from 'zod'
import { SubscriberIdSchema, SubscriberListQuerySchema, SubscriberPatchSchema } from '../../../shared/schemas/admin'
import { countSubscribers, deleteSubscriber, listSubscribers, setSubscriberActive } from '../../services/subscribers'
import { change, permitted, router } from '../init'
import { listProcedure } from '../paging'

/** The subscribers screen; the CSV export is a REST download (GET /api/admin/subscribers.csv). */
export const subscribersRouter = router({
  list: listProcedure('visitors', SubscriberListQuerySchema, listSubscribers),
  count: permitted('visitors')
    .input(SubscriberListQuerySchema.pick({ q: true }))
    .query(({ ctx, input }) => countSubscribers(ctx.db, input.q)),

  setActive: change('visitors', SubscriberPatchSchema.extend({ id: SubscriberIdSchema }), (db, actor, input) =>
    setSubscriberActive(db, actor, input.id, input.isActive),
  ),
  remove: change('visitors', z.object({ id: SubscriberIdSchema }), (db, actor, { id }) =>
    deleteSubscriber(db, actor, id),
  ),
})
