import { sql } from 'drizzle-orm'
import { afterAll, describe, expect, it } from 'vitest'
import { migrationsFolder } from '../../src/db/paths'
import { type Cleanups, emptyDatabase, migrationsUpTo, rowsOf } from '../helpers/migrations'

/**
 * drizzle/0008_testimonial_source.sql on a database that holds testimonials already: migrated up to
 * 0007, given rows as the site made them then, migrated to the end, on the file's own driver.
 */

const cleanups: Cleanups = []
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup()
})

describe('0008_testimonial_source on rows made before it', () => {
  it('marks as the council’s only those an admin created (they have the audit row of it); the rest stay the visitors’', async () => {
    const handle = await emptyDatabase('testimonial_source', cleanups)
    await handle.migrate(await migrationsUpTo('0007_audit_uploads', cleanups))
    await handle.db.execute(sql`
      insert into testimonials (id, name, testimonial, is_approved, consented_at) values
        (1, 'Visitor Form', 'Sent through the site.', true, now()),
        (2, 'Council Letter', 'Typed in by an admin.', true, now()),
        (3, 'Old Row', 'From before consent was asked.', false, null)`)
    await handle.db.execute(sql`
      insert into audit_log (actor_email, action, entity, entity_id, before, after) values
        ('admin@example.org', 'create', 'testimonial', '2', null, '{"isApproved":true}'),
        ('admin@example.org', 'update', 'testimonial', '1', '{"isApproved":false}', '{"isApproved":true}'),
        ('admin@example.org', 'create', 'research_study', '3', null, '{"title":"A study"}')`)
    await handle.migrate(migrationsFolder())
    const rows = rowsOf<{ id: number; source: string }>(
      await handle.db.execute(sql`select id, source from testimonials order by id`),
    )
    expect(rows).toEqual([
      { id: 1, source: 'visitor' },
      { id: 2, source: 'council' },
      { id: 3, source: 'visitor' },
    ])
    await expect(
      handle.db.execute(sql`insert into testimonials (name, testimonial, source) values ('x', 'y', 'staff')`),
    ).rejects.toThrow()
  })
})
