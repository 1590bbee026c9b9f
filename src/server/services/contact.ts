import { and, eq, gt, sql } from 'drizzle-orm'
import type { z } from 'zod'
import type { Db } from '../../db/client'
import { contactSubmissions, mailOutbox } from '../../db/schema'
import { CONFIRMATION_MAIL_INTERVAL_MS } from '../../shared/constants'
import type { ContactInputSchema } from '../../shared/schemas/contact'
import { queueMail } from './mail-outbox'

type ContactResult = { ok: true }

/**
 * Stores a contact message, and with mail on queues the council's notice and the visitor's receipt
 * in the same transaction (sent later by the outbox, so the visitor never waits on SMTP and a stored
 * message always gets its notice). Anyone can type any address into the form, so an address gets
 * at most one receipt in CONFIRMATION_MAIL_INTERVAL_MS: a stranger cannot use the form to mail
 * someone again and again. A filled honeypot marks a bot: it gets the same answer as a person, but
 * nothing is stored.
 */
export async function createContactSubmission(
  db: Db,
  input: z.output<typeof ContactInputSchema>,
  options: { notify: boolean },
): Promise<ContactResult> {
  if (input.website && input.website.trim() !== '') return { ok: true }
  await db.transaction(async (tx) => {
    const [row] = await tx
      .insert(contactSubmissions)
      .values({ name: input.name, email: input.email, subject: input.subject, message: input.message })
      .returning({ id: contactSubmissions.id })
    if (!row || !options.notify) return
    await queueMail(tx, { kind: 'contact_notice', messageId: row.id })
    if (!(await receiptSentRecently(tx, input.email)))
      await queueMail(tx, { kind: 'contact_receipt', messageId: row.id })
  })
  return { ok: true }
}

/** Whether a receipt to this address (in any letter case) was queued within the interval. */
async function receiptSentRecently(tx: Db, email: string): Promise<boolean> {
  const [row] = await tx
    .select({ id: mailOutbox.id })
    .from(mailOutbox)
    .innerJoin(contactSubmissions, eq(contactSubmissions.id, mailOutbox.messageId))
    .where(
      and(
        eq(mailOutbox.kind, 'contact_receipt'),
        sql`lower(${contactSubmissions.email}) = lower(${email})`,
        gt(mailOutbox.createdAt, sql`now() - ${`${CONFIRMATION_MAIL_INTERVAL_MS} milliseconds`}::interval`),
      ),
    )
    .limit(1)
  return row !== undefined
}
