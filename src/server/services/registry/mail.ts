import type { Db } from '../../../db/client'
import type { Mail, MailSettings } from '../mail-content'
import type { OutboxRow } from '../mail-outbox'
import { composeApplicationMail } from './application-mail'
import { composeListingMail } from './listing-mail'

/*
 * The registry's mail (docs/registry.md, "Mail"): each outbox row is written from the rows as they
 * are when it is sent, with a plain part and an HTML part of the same words. No images, no pixels,
 * no tracking: the HTML is the text, escaped, in paragraphs, with its links as links. A person's
 * words (an applicant's answer, a concern) are quoted as text in both parts, never as markup.
 */

/** The mail a registry outbox row stands for, or null when there is nothing left to send. */
export async function composeRegistryMail(db: Db, row: OutboxRow, settings: MailSettings): Promise<Mail | null> {
  switch (row.kind) {
    case 'registry_application_link':
    case 'registry_application_notice':
    case 'registry_question':
    case 'registry_answer_notice':
    case 'registry_approved':
    case 'registry_declined':
      return composeApplicationMail(db, row, settings)
    case 'registry_renewal_reminder':
    case 'registry_superseded':
    case 'registry_concern_ack':
    case 'registry_concern_notice':
      return composeListingMail(db, row, settings)
    default:
      return null
  }
}
