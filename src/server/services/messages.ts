import { and, count, desc, eq, lt, sql } from 'drizzle-orm'
import type { z } from 'zod'
import type { Db } from '../../db/client'
import { contactSubmissions, mailOutbox } from '../../db/schema'
import type { MailState, MessageStatus } from '../../shared/constants'
import type { MessageListQuerySchema } from '../../shared/schemas/admin'
import { NotFoundError } from '../errors'
import { type Actor, recordStatusChange } from './audit'
import { matchesSearch } from './list-query'
import { deleteVisitorRow, lockedRow, rowsOf, updatedRow } from './rows'

const messageColumns = {
  id: contactSubmissions.id,
  name: contactSubmissions.name,
  email: contactSubmissions.email,
  subject: contactSubmissions.subject,
  message: contactSubmissions.message,
  status: contactSubmissions.status,
  createdAt: contactSubmissions.createdAt,
  /**
   * What became of the council's e-mail notice of the message: null when none was queued (mail
   * off), else the outbox state; 'pending' after a failed attempt means it is being retried.
   */
  // Qualified by hand: inside a subquery drizzle names columns without their table, and a bare
  // "id" would be the outbox's own.
  notice: sql<{ state: MailState; attempts: number } | null>`(
    select json_build_object('state', notice.state, 'attempts', notice.attempts)
    from ${mailOutbox} as notice
    where notice.message_id = ${contactSubmissions}.id and notice.kind = 'contact_notice'
    order by notice.id desc limit 1)`,
}

/** The notice as the admin reads it: sent, waiting, not sent yet (retrying) or not sent (given up). */
export type NoticeState = 'sent' | 'queued' | 'retrying' | 'failed'

function noticeState(notice: { state: MailState; attempts: number } | null): NoticeState | null {
  if (!notice) return null
  if (notice.state === 'sent' || notice.state === 'failed') return notice.state
  return notice.attempts > 0 && notice.state === 'pending' ? 'retrying' : 'queued'
}

const typed = <T extends { status: string; notice: { state: MailState; attempts: number } | null }>(row: T) => ({
  ...row,
  status: row.status as MessageStatus,
  notice: noticeState(row.notice),
})

/** A message as queries, the activity log and a 404 name it. */
const messageRow = rowsOf<number>('message', contactSubmissions, contactSubmissions.id, 'Message')

/**
 * Contact messages, newest first, a page at a time (`before` is the id of the last one shown); with
 * `q`, only those whose sender, address, subject or text contains it.
 */
export async function listMessages(db: Db, query: z.output<typeof MessageListQuerySchema>) {
  const rows = await db
    .select(messageColumns)
    .from(contactSubmissions)
    .where(
      and(
        query.status ? eq(contactSubmissions.status, query.status) : undefined,
        query.before ? lt(contactSubmissions.id, query.before) : undefined,
        matchesSearch(query.q, [
          contactSubmissions.name,
          contactSubmissions.email,
          contactSubmissions.subject,
          contactSubmissions.message,
        ]),
      ),
    )
    .orderBy(desc(contactSubmissions.id))
    .limit(query.limit)
  return rows.map(typed)
}

export async function countNewMessages(db: Db): Promise<number> {
  const [row] = await db.select({ n: count() }).from(contactSubmissions).where(eq(contactSubmissions.status, 'new'))
  return row?.n ?? 0
}

/**
 * Sets a message's state. The audit row holds the state only: a message is a visitor's personal
 * data, and the log must not keep a copy of it once the message is deleted.
 */
export async function setMessageStatus(db: Db, actor: Actor, id: number, status: MessageStatus) {
  return db.transaction(async (tx) => {
    const before = await lockedRow(tx, messageRow(id), { status: contactSubmissions.status })
    if (!before) throw new NotFoundError(messageRow(id).notFound)
    const row = await updatedRow(tx, messageRow(id), { status }, messageColumns)
    await recordStatusChange(tx, actor, { entity: 'message', id }, before.status, status)
    return typed(row)
  })
}

/** Opening a new message marks it read; an already read or archived one keeps its state. */
export async function openMessage(db: Db, actor: Actor, id: number) {
  const [row] = await db.select(messageColumns).from(contactSubmissions).where(eq(contactSubmissions.id, id))
  if (!row) throw new NotFoundError(messageRow(id).notFound)
  if (row.status === 'new') return setMessageStatus(db, actor, id, 'read')
  return typed(row)
}

/** Deletes a message for good (a visitor's request to be forgotten); the log keeps no personal data. */
export function deleteMessage(db: Db, actor: Actor, id: number): Promise<{ id: number }> {
  return deleteVisitorRow(db, actor, messageRow(id), { status: contactSubmissions.status })
}
