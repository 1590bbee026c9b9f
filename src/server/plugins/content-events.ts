import fp from 'fastify-plugin'

declare module 'fastify' {
  interface FastifyInstance {
    /** Announces that content behind the pages changed: cached HTML is dropped here and on every replica. */
    contentChanged: () => void
    /** Subscribes to content changes (local or from another replica). */
    onContentChange: (listener: () => void) => void
  }
}

const CHANNEL = 'content_changed'

/**
 * Page caches are per process; when several replicas share one Postgres, a change made through one
 * must reach the others. Postgres LISTEN/NOTIFY carries that signal, so no other broker is needed.
 */
export const contentEventsPlugin = fp<{ databaseUrl?: string }>(
  async (app, { databaseUrl }) => {
    const listeners = new Set<() => void>()
    const fire = () => {
      for (const listener of listeners) listener()
    }
    app.decorate('onContentChange', (listener: () => void) => {
      listeners.add(listener)
    })

    if (!databaseUrl) {
      app.decorate('contentChanged', fire)
      return
    }

    const { default: postgres } = await import('postgres')
    const listenClient = postgres(databaseUrl, { max: 1, onnotice: () => {} })
    const notifyClient = postgres(databaseUrl, { max: 1, onnotice: () => {} })
    await listenClient.listen(CHANNEL, () => fire())
    app.decorate('contentChanged', () => {
      fire()
      notifyClient.notify(CHANNEL, String(process.pid)).catch((error: unknown) => {
        app.log.error({ err: error }, 'could not announce a content change')
      })
    })
    app.addHook('onClose', async () => {
      await Promise.all([listenClient.end({ timeout: 2 }), notifyClient.end({ timeout: 2 })])
    })
  },
  { name: 'content-events' },
)
