import { z } from 'zod'
import { MessageListQuerySchema, MessagePatchSchema, RowIdSchema } from '../../../shared/schemas/admin'
import { countNewMessages, deleteMessage, listMessages, openMessage, setMessageStatus } from '../../services/messages'
import { change, permitted, router } from '../init'
import { listProcedure } from '../paging'

const ById = z.object({ id: RowIdSchema })

export const messagesRouter = router({
  list: listProcedure('visitors', MessageListQuerySchema, listMessages),

  countNew: permitted('visitors').query(({ ctx }) => countNewMessages(ctx.db)),

  open: change('visitors', ById, (db, actor, { id }) => openMessage(db, actor, id)),
  setStatus: change('visitors', MessagePatchSchema.extend({ id: RowIdSchema }), (db, actor, input) =>
    setMessageStatus(db, actor, input.id, input.status),
  ),
  remove: change('visitors', ById, (db, actor, { id }) => deleteMessage(db, actor, id)),
})
