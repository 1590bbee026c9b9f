import { sql } from 'drizzle-orm'
import type { Db } from '../../db/client'

/**
 * Subscribes an address, or reactivates it. The answer is the same whether or not the address was
 * already there, so the form cannot be used to find out who subscribes.
 */
export async function subscribeToNewsletter(db: Db, email: string): Promise<{ ok: true }> {
  await db.execute(sql`
    insert into newsletter_subscribers (email) values (${email})
    on conflict (lower(email)) do update set is_active = true`)
  return { ok: true }
}
