import type { FastifyPluginAsync } from 'fastify'
import { CouncilSettingsInputSchema } from '../../../shared/schemas/council-settings'
import { memberActor } from '../../auth/access'

/** The council's identity (registered with the `settings` permission; docs/api.md, Council settings). */
export const adminSettingsRoutes: FastifyPluginAsync = async (app) => {
  app.get('/api/admin/settings', async () => app.councilSettings.view())
  app.put('/api/admin/settings', async (request) =>
    app.councilSettings.save(memberActor(request.user), CouncilSettingsInputSchema.parse(request.body ?? {})),
  )
}
