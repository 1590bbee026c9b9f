import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core'
import { keepToOwner } from './owner-only'
import * as schema from './schema'

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>

export type DbTarget =
  | { kind: 'postgres'; url: string }
  | {
      kind: 'pglite'
      dataDir: string | null
      /** A whole cluster to start from (PGlite's dumpDataDir), instead of a new, empty one. */
      from?: Blob
    }

export type DbHandle = {
  db: Db
  kind: DbTarget['kind']
  /** Runs `work` while holding a database-wide lock, so two processes never migrate or seed at once. */
  withStartupLock: <T>(work: () => Promise<T>) => Promise<T>
  /** Applies the drizzle-kit migrations found in `folder`. */
  migrate: (folder: string) => Promise<void>
  /** A cheap round trip, used by /readyz. */
  ping: () => Promise<void>
  /**
   * Calls `onPayload` for each NOTIFY on `channel`, and `onListening` each time listening starts,
   * including after a lost connection came back (notifications sent meanwhile are gone). Resolves,
   * once listening, to the function that stops.
   */
  listen: (
    channel: string,
    onPayload: (payload: string) => void,
    onListening?: () => void,
  ) => Promise<() => Promise<void>>
  notify: (channel: string, payload: string) => Promise<void>
  /**
   * True when a NOTIFY reaches this process's listeners before the statement that sent it
   * resolves (PGlite, in-process); false when it travels on a connection of its own (Postgres).
   */
  notifiesInline: boolean
  close: () => Promise<void>
}

const STARTUP_LOCK_KEY = 724_151_001

type MigrationConfig = { migrationsFolder: string }

/** The handle's parts that both drivers make alike: the schema-aware database and its migrations. */
function handleOf<D extends Db>(
  kind: DbTarget['kind'],
  db: D,
  migrate: (db: D, config: MigrationConfig) => Promise<void>,
  driver: Omit<DbHandle, 'db' | 'kind' | 'migrate'>,
): DbHandle {
  return { db, kind, migrate: (migrationsFolder) => migrate(db, { migrationsFolder }), ...driver }
}

/**
 * One code path, two drivers: postgres-js when a URL is given, PGlite (embedded Postgres) otherwise.
 * Both get the same schema, migrations and services. `dataDir: null` keeps PGlite in memory.
 */
export async function createDb(target: DbTarget): Promise<DbHandle> {
  if (target.kind === 'postgres') {
    const { default: postgres } = await import('postgres')
    const { drizzle } = await import('drizzle-orm/postgres-js')
    // A database that does not answer within 3 s is treated as away (a 503 to the client), so no
    // request waits on it for long.
    const client = postgres(target.url, { max: 10, onnotice: () => {}, connect_timeout: 3 })
    const { migrate } = await import('drizzle-orm/postgres-js/migrator')
    return handleOf('postgres', drizzle(client, { schema }), migrate, {
      async withStartupLock(work) {
        // A session-level advisory lock on one reserved connection: other processes wait here.
        const reserved = await client.reserve()
        try {
          await reserved`select pg_advisory_lock(${STARTUP_LOCK_KEY})`
          return await work()
        } finally {
          await reserved`select pg_advisory_unlock(${STARTUP_LOCK_KEY})`.catch(() => {})
          reserved.release()
        }
      },
      async ping() {
        await client`select 1`
      },
      // postgres-js keeps one extra connection of this client for LISTEN, shared by its listeners.
      async listen(channel, onPayload, onListening) {
        const { unlisten } = await client.listen(channel, onPayload, onListening)
        return unlisten
      },
      async notify(channel, payload) {
        await client.notify(channel, payload)
      },
      notifiesInline: false,
      async close() {
        await client.end({ timeout: 5 })
      },
    })
  }

  const { PGlite } = await import('@electric-sql/pglite')
  const { drizzle } = await import('drizzle-orm/pglite')
  const dataDir = target.dataDir
  if (dataDir) await keepToOwner(dataDir)
  const client = target.from
    ? new PGlite({ ...(dataDir ? { dataDir } : {}), loadDataDir: target.from })
    : dataDir
      ? new PGlite(dataDir)
      : new PGlite()
  await client.waitReady
  if (dataDir) await keepToOwner(dataDir)
  const { migrate } = await import('drizzle-orm/pglite/migrator')
  return handleOf('pglite', drizzle(client, { schema }), migrate, {
    // PGlite is single-process by construction: its data folder cannot be opened twice.
    withStartupLock: (work) => work(),
    async ping() {
      await client.query('select 1')
    },
    async listen(channel, onPayload, onListening) {
      const stop = await client.listen(channel, onPayload)
      onListening?.()
      return stop
    },
    async notify(channel, payload) {
      await client.query('select pg_notify($1, $2)', [channel, payload])
    },
    notifiesInline: true,
    async close() {
      await client.close()
      if (dataDir) await keepToOwner(dataDir)
    },
  })
}
