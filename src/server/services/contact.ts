import type { z } from 'zod'
import type { Db } from '../../db/client'
import { contactSubmissions } from '../../db/schema'
import type { ContactInputSchema } from '../../shared/schemas/contact'

type ContactResult = { ok: true }

/**
 * Stores a contact message. A filled honeypot marks a bot: it gets the same answer as a person,
 * so it learns nothing, but nothing is stored.
 */
export async function createContactSubmission(
  db: Db,
  input: z.output<typeof ContactInputSchema>,
): Promise<ContactResult> {
  if (input.website && input.website.trim() !== '') return { ok: true }
  await db.insert(contactSubmissions).values({
    name: input.name,
    email: input.email,
    subject: input.subject,
    message: input.message,
  })
  return { ok: true }
}
