import type { z } from 'zod'
import type { Db } from '../../db/client'
import { contactSubmissions } from '../../db/schema'
import type { ContactInputSchema } from '../../shared/schemas/contact'
import { queueMail } from './mail-outbox'

type ContactResult = { ok: true }

/**
 * Stores a contact message, and with mail on queues the council's notice in the same transaction
 * (sent later by the outbox, so the visitor never waits on SMTP and a stored message always gets
 * its notice). A filled honeypot marks a bot: it gets the same answer as a person, but nothing is
 * stored.
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
    if (row && options.notify) await queueMail(tx, { kind: 'contact_notice', messageId: row.id })
  })
  return { ok: true }
}
