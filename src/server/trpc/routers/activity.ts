import { ActivityQuerySchema } from '../../../shared/schemas/admin'
import { listActivity } from '../../services/audit'
import { adminProcedure, router } from '../init'
import { cursor, page } from '../paging'

export const activityRouter = router({
  list: adminProcedure
    .input(ActivityQuerySchema.omit({ before: true }).extend(cursor))
    .query(async ({ ctx, input }) =>
      page(await listActivity(ctx.db, { ...input, before: input.cursor ?? undefined }), input.limit),
    ),
})
