import { randomUUID } from 'node:crypto'
import fp from 'fastify-plugin'

type ContentEvents = {
  /** Calls `listener` whenever content behind the pages changed, through this replica or another. */
  subscribe: (listener: () => void) => void
  /**
   * Resolves once every content change committed before the call has reached this process's
   * listeners, so a request that changed content is answered only after this replica's cache knows.
   */
  settle: () => Promise<void>
}

declare module 'fastify' {
  interface FastifyInstance {
    contentEvents: ContentEvents
  }
}

/** The channel the content tables' triggers notify; anything but a sync marker on it means "content changed". */
export const CONTENT_CHANNEL = 'content_changed'
const CHANNEL = CONTENT_CHANNEL
const SYNC_PREFIX = 'sync:'
const SETTLE_TIMEOUT_MS = 2000
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS'])

/**
 * Triggers on the content tables NOTIFY this channel on every change a visitor can see
 * (drizzle/0001_*.sql, and 0004_*.sql for testimonials), so no service or adapter announces anything. Postgres delivers notifications in commit order: when a
 * marker we send comes back, every change committed before it has been heard
 * (docs/decisions/010-page-cache-and-invalidation.md).
 */
export const contentEventsPlugin = fp(
  async (app) => {
    const handle = app.dbHandle
    const listeners = new Set<() => void>()
    const waiting = new Map<string, () => void>()

    const fire = () => {
      for (const listener of listeners) listener()
    }
    const unlisten = await handle.listen(
      CHANNEL,
      (payload) => {
        if (payload.startsWith(SYNC_PREFIX)) waiting.get(payload)?.()
        else fire()
      },
      // (Re)connected: whatever was announced while the connection was down is lost, so assume a change.
      fire,
    )

    const settle = async (): Promise<void> => {
      if (handle.notifiesInline) return
      const marker = `${SYNC_PREFIX}${randomUUID()}`
      const heard = new Promise<void>((resolve) => waiting.set(marker, resolve))
      let timer: ReturnType<typeof setTimeout> | undefined
      const timedOut = new Promise<'timeout'>((resolve) => {
        timer = setTimeout(() => resolve('timeout'), SETTLE_TIMEOUT_MS)
      })
      try {
        await handle.notify(CHANNEL, marker)
        if ((await Promise.race([heard, timedOut])) === 'timeout') {
          app.log.warn('content change notifications are late; cached pages may lag for a moment')
        }
      } finally {
        clearTimeout(timer)
        waiting.delete(marker)
      }
    }

    app.decorate('contentEvents', {
      subscribe: (listener: () => void) => {
        listeners.add(listener)
      },
      settle,
    })

    // Every state-changing request that succeeded waits for its own changes to be heard, so the
    // page its user opens next is fresh. Reads never wait.
    app.addHook('onSend', async (request, reply, payload) => {
      if (SAFE_METHODS.has(request.method) || reply.statusCode >= 400) return payload
      try {
        await settle()
      } catch (error) {
        request.log.warn({ err: error }, 'could not confirm that content changes were heard')
      }
      return payload
    })

    app.addHook('onClose', async () => {
      await unlisten().catch(() => {})
    })
  },
  { name: 'content-events', dependencies: ['db'] },
)
