import type { Db } from '../../../db/client'
import type { Mail, MailSettings } from '../mail-content'
import type { OutboxRow } from '../mail-outbox'

/** The listings' mail: renewal reminders, newer versions, and concerns (acknowledgement, notice). */
export async function composeListingMail(_db: Db, _row: OutboxRow, _settings: MailSettings): Promise<Mail | null> {
  return null
}
