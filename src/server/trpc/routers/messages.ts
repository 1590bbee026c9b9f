import { z } from 'zod'
import { MessageListQuerySchema, MessagePatchSchema, RowIdSchema } from '../../../shared/schemas/admin'
import { countNewMessages, deleteMessage, listMessages, openMessage, setMessageStatus } from '../../services/messages'
import { adminProcedure, router } from '../init'
import { listProcedure } from '../paging'

export const messagesRouter = router({
  list: listProcedure(MessageListQuerySchema, listMessages),

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
