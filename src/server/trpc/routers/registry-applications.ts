import {
  ApplicationQueueSchema,
  ApproveApplicationSchema,
  CouncilQuestionSchema,
  DeclineApplicationSchema,
  RecordIdParamsSchema,
} from '../../../shared/schemas/registry-applications'
import {
  adminApplication,
  adminApplicationQueue,
  approveApplication,
  askApplicant,
  declineApplication,
} from '../../services/registry/applications'
import type { Context } from '../context'
import { permitted, router } from '../init'

/** What the applications' services need from the server: its secret, address, mail and term. */
const settingsOf = (ctx: Context) => ({
  secret: ctx.request.server.sessionSecret,
  publicUrl: ctx.request.server.site.publicUrl,
  mailEnabled: ctx.request.server.mail.enabled,
  listingDays: ctx.request.server.env.REGISTRY_LISTING_DAYS,
})

/** registry.admin.applications: the council's side (permission `registry`; the REST twins in routes/admin). */
export const adminApplicationsRouter = router({
  list: permitted('registry')
    .input(ApplicationQueueSchema)
    .query(({ ctx, input }) => adminApplicationQueue(ctx.db, input)),
  get: permitted('registry')
    .input(RecordIdParamsSchema)
    .query(({ ctx, input }) => adminApplication(ctx.db, input.id, settingsOf(ctx))),
  ask: permitted('registry')
    .input(CouncilQuestionSchema)
    .mutation(({ ctx, input }) => askApplicant(ctx.db, ctx.user, input, settingsOf(ctx))),
  approve: permitted('registry')
    .input(ApproveApplicationSchema)
    .mutation(({ ctx, input }) => approveApplication(ctx.db, ctx.user, input, settingsOf(ctx))),
  decline: permitted('registry')
    .input(DeclineApplicationSchema)
    .mutation(({ ctx, input }) => declineApplication(ctx.db, ctx.user, input, settingsOf(ctx))),
})
