import type { FastifyInstance } from 'fastify'
import { afterAll } from 'vitest'
import { createDb } from '../../src/db/client'
import { buildTestApp } from './build-app'

/** Reads until `done` holds or `timeoutMs` passes, and returns the last value read either way. */
export async function until<T>(
  read: () => Promise<T> | T,
  done: (value: T) => boolean,
  timeoutMs = 10_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    const value = await read()
    if (done(value) || Date.now() > deadline) return value
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
}

/**
 * More replicas on the test's Postgres, each its own app with its own connection, closed after the
 * file's tests (replicas share a Postgres; the embedded database is one process by design).
 */
export function replicas() {
  const apps: FastifyInstance[] = []
  const handles: Awaited<ReturnType<typeof createDb>>[] = []
  afterAll(async () => {
    for (const app of apps) await app.close()
    for (const handle of handles) await handle.close()
  })
  return {
    apps,
    async start(url: string, options: Parameters<typeof buildTestApp>[1]): Promise<FastifyInstance> {
      const handle = await createDb({ kind: 'postgres', url })
      handles.push(handle)
      const app = await buildTestApp(handle, options)
      apps.push(app)
      return app
    },
  }
}
