import { sql } from 'drizzle-orm'
import { afterAll, describe, expect, it } from 'vitest'
import { migrationsFolder } from '../../src/db/paths'
import { prepareDatabase } from '../../src/db/prepare'
import { renderMissingBodies } from '../../src/server/services/stored-bodies'
import { type Cleanups, emptyDatabase, migrationsUpTo, rowsOf } from '../helpers/migrations'

/**
 * drizzle/0014_version_headings.sql and 0015_sessions_expire_idx.sql on a database made before them:
 * migrated up to 0013, given a version as the site stored it then (its HTML rendered, no headings)
 * and a session, migrated to the end and prepared as a start-up does, on the file's own driver
 * (docs/decisions/044-one-concern-per-service.md).
 */

const cleanups: Cleanups = []
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup()
})

describe('0014 and 0015 on rows made before them', () => {
  it('gives a stored version its headings at start-up, its HTML kept, and renames the sessions’ expiry index', async () => {
    const handle = await emptyDatabase('version_headings', cleanups)
    await handle.migrate(await migrationsUpTo('0013_search_vectors_and_rendered_bodies', cleanups))
    await handle.db.execute(sql`
      insert into standard_documents (id, number, key, title, kind) values
        (1, 'MHBOT-SC/G-009', 'MHBOT-SC-G-009', 'A guide', 'guide')`)
    await handle.db.execute(sql`
      insert into standard_versions (document_id, version, state, body, body_html, body_text) values
        (1, '1.0', 'published', '# 1. Scope' || chr(10) || chr(10) || 'Text.' || chr(10) || chr(10) || '## 1.1 Who',
         '<p>as stored then</p>', 'as stored then')`)
    await handle.db.execute(sql`
      insert into sessions (sid, sess, expire) values ('a-session', '{}', now() + interval '1 day')`)

    await handle.migrate(migrationsFolder())
    const before = rowsOf<{ body_headings: string[] | null }>(
      await handle.db.execute(sql`select body_headings from standard_versions`),
    )
    expect(before).toEqual([{ body_headings: null }])
    const indexes = rowsOf<{ indexname: string }>(
      await handle.db.execute(sql`select indexname from pg_indexes where tablename = 'sessions' order by indexname`),
    ).map((row) => row.indexname)
    expect(indexes).toEqual(['sessions_expire_idx', 'sessions_pkey', 'sessions_user_id_idx'])
    expect(rowsOf<{ n: number }>(await handle.db.execute(sql`select count(*)::int as n from sessions`))[0]?.n).toBe(1)

    const prepared = await prepareDatabase(handle, { seed: false, bodies: renderMissingBodies })
    expect(prepared.bodies).toEqual({ rendered: 1, refused: [] })
    const after = rowsOf<{ body_html: string; body_headings: string[] }>(
      await handle.db.execute(sql`select body_html, body_headings from standard_versions`),
    )
    expect(after).toEqual([{ body_html: '<p>as stored then</p>', body_headings: ['1. Scope', '1.1 Who'] }])
  }, 60_000)
})
