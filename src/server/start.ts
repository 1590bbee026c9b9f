import type { FastifyInstance } from 'fastify'
import { createDb } from '../db/client'
import { prepareDatabase } from '../db/prepare'
import { type BuildAppOptions, buildApp } from './app'
import type { Env } from './env'
import { loggerOptions } from './log'
import { closeLogStream, openLogStream } from './log-stream.mjs'
import { siteFromEnv } from './plugins/config'
import { renderDocumentPdf, seedStandards } from './services/standards'
import { renderMissingBodies } from './services/stored-bodies'

const SHUTDOWN_TIMEOUT_MS = 10_000

/**
 * Opens and prepares the database, builds the app and listens; on SIGTERM or SIGINT it stops
 * accepting connections, lets in-flight requests finish, closes the database, writes out the log
 * and exits 0.
 */
export async function startServer(env: Env, ssr: BuildAppOptions['ssr']): Promise<FastifyInstance> {
  const handle = await createDb(
    env.DATABASE_URL ? { kind: 'postgres', url: env.DATABASE_URL } : { kind: 'pglite', dataDir: env.DATA_DIR },
  )
  const { seeded, bodies } = await prepareDatabase(handle, {
    seed: true,
    render: (doc) => renderDocumentPdf(doc, siteFromEnv(env)),
    standards: (db) => seedStandards(db, siteFromEnv(env)),
    bodies: renderMissingBodies,
  })

  // Request lines are written off the request path and flushed before the process exits
  // (docs/decisions/038-logs-off-the-request-path.md).
  const logStream = openLogStream({
    onDropped: (lines) => app.log.warn({ lines }, 'log lines dropped: standard output was not being read'),
  })
  const app = await buildApp({ env, db: handle, ssr, logger: loggerOptions(env.LOG_LEVEL, logStream) })
  app.addHook('onClose', async () => handle.close())
  app.log.info({ driver: handle.kind, seeded }, seeded ? 'database ready; starter data inserted' : 'database ready')
  if (bodies?.refused.length)
    app.log.warn(
      { refused: bodies.refused },
      'stored bodies the Markdown renderer refused show their words unformatted',
    )

  let closing = false
  const shutdown = (signal: string) => {
    if (closing) return
    closing = true
    app.log.info({ signal }, 'shutting down')
    const timer = setTimeout(() => {
      app.log.error('shutdown timed out; exiting')
      process.exit(1)
    }, SHUTDOWN_TIMEOUT_MS)
    timer.unref()
    // The log's last lines, the shutdown's own among them, are written before the process ends.
    const exit = (code: number) => closeLogStream(logStream).finally(() => process.exit(code))
    app.close().then(
      () => exit(0),
      (error: unknown) => {
        app.log.error({ err: error }, 'error while shutting down')
        return exit(1)
      },
    )
  }
  // 'on', not 'once': a second signal during shutdown must not kill the process mid-close.
  process.on('SIGTERM', () => shutdown('SIGTERM'))
  process.on('SIGINT', () => shutdown('SIGINT'))

  await app.listen({ port: env.PORT, host: env.HOST })
  return app
}

/** Configuration errors end the process with one line naming the setting, not a stack trace. */
export function exitOnStartupError(error: unknown): never {
  const message = error instanceof Error ? error.message : String(error)
  process.stderr.write(`${error instanceof Error && error.name === 'EnvError' ? '' : 'Start-up failed: '}${message}\n`)
  process.exit(1)
}
