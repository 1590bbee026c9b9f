import { z } from 'zod'
import { MessageListQuerySchema, MessagePatchSchema, RowIdSchema } from '../../../shared/schemas/admin'
import { countNewMessages, deleteMessage, listMessages, openMessage, setMessageStatus } from '../../services/messages'
import { permitted, router } from '../init'
import { listProcedure } from '../paging'

export const messagesRouter = router({
  list: listProcedure('visitors', MessageListQuerySchema, listMessages),

  countNew: permitted('visitors').query(({ ctx }) => countNewMessages(ctx.db)),

  open: permitted('visitors')
    .input(z.object({ id: RowIdSchema }))
    .mutation(({ ctx, input }) => openMessage(ctx.db, ctx.user, input.id)),

  setStatus: permitted('visitors')
    .input(MessagePatchSchema.extend({ id: RowIdSchema }))
    .mutation(({ ctx, input }) => setMessageStatus(ctx.db, ctx.user, input.id, input.status)),

  remove: permitted('visitors')
    .input(z.object({ id: RowIdSchema }))
    .mutation(({ ctx, input }) => deleteMessage(ctx.db, ctx.user, input.id)),
})
