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
  /** The connections the app may use at once, and the statements and transactions it is waiting on now (metrics). */
  pool: () => PoolUse
  close: () => Promise<void>
}

/**
 * Neither driver tells how busy its connections are, so the handle counts what the app asked for
 * and has not received yet: a statement outside a transaction, or a whole transaction. Up to `size`
 * of them are in use; the rest wait (postgres-js also sends a statement on a busy connection
 * rather than wait, so `waiting` reads as the demand beyond the pool). docs/metrics.md.
 */
export type PoolUse = { size: number; inUse: number; waiting: number }

class Demand {
  #now = 0
  constructor(readonly size: number) {}
  readonly start = () => {
    this.#now += 1
  }
  readonly end = () => {
    this.#now -= 1
  }
  async around<T>(work: () => Promise<T>): Promise<T> {
    this.start()
    try {
      return await work()
    } finally {
      this.end()
    }
  }
  use(): PoolUse {
    return { size: this.size, inUse: Math.min(this.#now, this.size), waiting: Math.max(0, this.#now - this.size) }
  }
}

const STARTUP_LOCK_KEY = 724_151_001
/** Connections of one process to Postgres (and one more for LISTEN). */
const POOL_SIZE = 10

type PostgresClient = import('postgres').Sql

/**
 * Counts postgres-js's statements from the moment they are sent (a statement is sent when first
 * awaited) until they settle, and each transaction for as long as it holds its connection.
 * Statements inside a transaction run on its own connection and are not counted again.
 */
function countDemand(client: PostgresClient): Demand {
  const demand = new Demand(POOL_SIZE)
  const unsafe = client.unsafe
  client.unsafe = ((...args: Parameters<typeof unsafe>) => {
    const query = unsafe(...args)
    const then = query.then
    let sent = false
    // biome-ignore lint/suspicious/noThenProperty: a postgres-js query is a promise sent when first awaited; this counts that moment
    query.then = ((onFulfilled, onRejected) => {
      if (!sent) {
        sent = true
        demand.start()
        then.call(query, demand.end, demand.end)
      }
      return then.call(query, onFulfilled, onRejected)
    }) as typeof query.then
    return query
  }) as typeof unsafe
  const begin = client.begin.bind(client)
  client.begin = ((...args: Parameters<typeof begin>) => demand.around(() => begin(...args))) as typeof client.begin
  return demand
}

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
    const client = postgres(target.url, { max: POOL_SIZE, onnotice: () => {}, connect_timeout: 3 })
    const demand = countDemand(client)
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
      pool: () => demand.use(),
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
  // One connection: PGlite runs one statement at a time, and the others wait in its queue.
  const demand = new Demand(1)
  const query = client.query.bind(client)
  const transaction = client.transaction.bind(client)
  client.query = ((...args: Parameters<typeof query>) => demand.around(() => query(...args))) as typeof client.query
  client.transaction = ((...args: Parameters<typeof transaction>) =>
    demand.around(() => transaction(...args))) as typeof client.transaction
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
    pool: () => demand.use(),
    async close() {
      await client.close()
      if (dataDir) await keepToOwner(dataDir)
    },
  })
}
