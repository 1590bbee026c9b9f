import { CouncilSettingsInputSchema } from '../../../shared/schemas/council-settings'
import { permitted, router } from '../init'

/** settings: the council's identity, for owners (permission `settings`; the REST twins in routes/admin/settings.ts). */
export const settingsRouter = router({
  get: permitted('settings').query(({ ctx }) => ctx.request.server.councilSettings.view()),
  save: permitted('settings')
    .input(CouncilSettingsInputSchema)
    .mutation(({ ctx, input }) => ctx.request.server.councilSettings.save(ctx.user, input)),
})
