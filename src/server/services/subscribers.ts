import { count, desc } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { newsletterSubscribers } from '../../db/schema'
import { ADMIN_PAGE_SIZE } from '../../shared/constants'

/** Subscribers for the council, newest first, in numbered pages. */
export async function listSubscribers(db: Db, query: { page: number }) {
  const pageSize = ADMIN_PAGE_SIZE.subscribers
  const [items, [total]] = await Promise.all([
    db
      .select({
        id: newsletterSubscribers.id,
        email: newsletterSubscribers.email,
        subscribedAt: newsletterSubscribers.subscribedAt,
        isActive: newsletterSubscribers.isActive,
      })
      .from(newsletterSubscribers)
      .orderBy(desc(newsletterSubscribers.subscribedAt), desc(newsletterSubscribers.id))
      .limit(pageSize)
      .offset((query.page - 1) * pageSize),
    db.select({ n: count() }).from(newsletterSubscribers),
  ])
  return { items, total: total?.n ?? 0, page: query.page, pageSize }
}
