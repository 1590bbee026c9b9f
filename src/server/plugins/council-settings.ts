import fp from 'fastify-plugin'
import type { CouncilSettingsInput, CouncilSettingsView } from '../../shared/schemas/council-settings'
import type { Actor } from '../services/audit'
import { readCouncilSettings, saveCouncilSettings, settingsView } from '../services/council-settings'
import { fixedSettings } from './config'

declare module 'fastify' {
  interface FastifyInstance {
    /** The settings screen's two calls, for both adapters (docs/decisions/050-council-settings.md). */
    councilSettings: {
      view: () => Promise<CouncilSettingsView>
      save: (actor: Actor, input: CouncilSettingsInput) => Promise<CouncilSettingsView>
    }
  }
}

/**
 * Keeps `app.site` what the council's saved settings say, on every replica: read at start, read
 * again whenever content changed (the table's trigger notifies like every content table's), and
 * set at once in the process that saved, so its next page shows the change.
 */
export const councilSettingsPlugin = fp(
  async (app) => {
    const fixed = fixedSettings(app.env)
    const signature = () => JSON.stringify(app.site)
    const apply = (row: Awaited<ReturnType<typeof readCouncilSettings>>) => {
      const was = signature()
      app.applyCouncilSettings(row)
      // An answer rendered between the notification and this read used the old values; the kept
      // answers' generation moves again so it is not kept.
      if (signature() !== was) app.keptAnswers.changed()
    }
    apply(await readCouncilSettings(app.db))

    let reading: Promise<void> | null = null
    let again = false
    const reload = () => {
      if (reading) {
        again = true
        return
      }
      reading = readCouncilSettings(app.db)
        .then(apply, (error: unknown) => {
          app.log.warn({ err: error }, 'reading the council settings failed; the last values stay')
        })
        .finally(() => {
          reading = null
          if (again) {
            again = false
            reload()
          }
        })
    }
    app.contentEvents.subscribe(reload)
    app.addHook('onClose', async () => {
      again = false
      await reading
    })

    app.decorate('councilSettings', {
      view: async () => settingsView(await readCouncilSettings(app.db), fixed),
      save: async (actor: Actor, input: CouncilSettingsInput) => {
        const row = await saveCouncilSettings(app.db, actor, fixed, input)
        apply(row)
        return settingsView(row, fixed)
      },
    })
  },
  { name: 'council-settings', dependencies: ['config', 'db', 'content-events', 'kept-answers'] },
)
