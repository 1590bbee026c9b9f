import fp from 'fastify-plugin'
import type { Db, DbHandle } from '../../db/client'

declare module 'fastify' {
  interface FastifyInstance {
    db: Db
    dbHandle: DbHandle
  }
}

/** The database the caller opened and prepared; the caller closes it after the app. */
export const dbPlugin = fp<{ handle: DbHandle }>(
  async (app, { handle }) => {
    app.decorate('db', handle.db)
    app.decorate('dbHandle', handle)
  },
  { name: 'db' },
)
