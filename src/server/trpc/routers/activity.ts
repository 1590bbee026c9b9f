import { ActivityQuerySchema } from '../../../shared/schemas/admin'
import { describeActivity, listActivity, listActivityPeople } from '../../services/audit'
import { permitted, router } from '../init'
import { listProcedure } from '../paging'

export const activityRouter = router({
  /** The rows with who made them by name and what the changed thing is called now (REST keeps the raw rows). */
  list: listProcedure('activity', ActivityQuerySchema, async (db, query) =>
    describeActivity(db, await listActivity(db, query)),
  ),

  people: permitted('activity').query(({ ctx }) => listActivityPeople(ctx.db)),
})
