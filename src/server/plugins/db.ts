import fp from 'fastify-plugin'
import type { Db, DbHandle } from '../../db/client'

declare module 'fastify' {
  interface FastifyInstance {
    db: Db
    dbHandle: DbHandle
  }
}

/** Decorates the app with the database; closes it with the app when the app owns it. */
export const dbPlugin = fp<{ handle: DbHandle; owned: boolean }>(
  async (app, { handle, owned }) => {
    app.decorate('db', handle.db)
    app.decorate('dbHandle', handle)
    if (owned) app.addHook('onClose', async () => handle.close())
  },
  { name: 'db' },
)
