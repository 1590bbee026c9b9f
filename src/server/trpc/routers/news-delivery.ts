import { PostRefSchema, TestSendInputSchema } from '../../../shared/schemas/news-delivery'
import { cancelDelivery, countRecipients, deliveryStatus, sendPost, testSendPost } from '../../services/news-delivery'
import { change, permitted, router } from '../init'

/** Sending a news post (docs/decisions/027-newsletter-issues-through-the-outbox.md): the same services as REST /api/admin/news/:id/… */
export const newsDeliveryRouter = router({
  recipients: permitted('content').query(({ ctx }) => countRecipients(ctx.db)),
  status: permitted('content')
    .input(PostRefSchema)
    .query(({ ctx, input }) => deliveryStatus(ctx.db, input.id)),
  testSend: permitted('content')
    .input(PostRefSchema.extend(TestSendInputSchema.shape))
    .mutation(({ ctx, input }) => testSendPost(ctx.db, ctx.request.server.mail, ctx.site, input.id, input.email)),
  send: permitted('content')
    .input(PostRefSchema)
    .mutation(({ ctx, input }) =>
      sendPost(ctx.db, { enabled: ctx.mailEnabled }, ctx.user, input.id, ctx.site.publicUrl),
    ),
  cancel: change('content', PostRefSchema, (db, actor, { id }) => cancelDelivery(db, actor, id)),
})
