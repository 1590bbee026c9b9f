import { z } from 'zod'
import { MessageListQuerySchema, MessagePatchSchema, RowIdSchema } from '../../../shared/schemas/admin'
import { countNewMessages, deleteMessage, listMessages, openMessage, setMessageStatus } from '../../services/messages'
import { adminProcedure, router } from '../init'
import { cursor, page } from '../paging'

export const messagesRouter = router({
  list: adminProcedure
    .input(MessageListQuerySchema.omit({ before: true }).extend(cursor))
    .query(async ({ ctx, input }) =>
      page(await listMessages(ctx.db, { ...input, before: input.cursor ?? undefined }), input.limit),
    ),

  countNew: adminProcedure.query(({ ctx }) => countNewMessages(ctx.db)),

  open: adminProcedure
    .input(z.object({ id: RowIdSchema }))
    .mutation(({ ctx, input }) => openMessage(ctx.db, ctx.user, input.id)),

  setStatus: adminProcedure
    .input(MessagePatchSchema.extend({ id: RowIdSchema }))
    .mutation(({ ctx, input }) => setMessageStatus(ctx.db, ctx.user, input.id, input.status)),

  remove: adminProcedure
    .input(z.object({ id: RowIdSchema }))
    .mutation(({ ctx, input }) => deleteMessage(ctx.db, ctx.user, input.id)),
})
