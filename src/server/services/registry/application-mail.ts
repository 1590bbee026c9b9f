import type { Db } from '../../../db/client'
import type { Mail, MailSettings } from '../mail-content'
import type { OutboxRow } from '../mail-outbox'

/** The applications' mail: to the applicant (link, question, approval, decline) and to the council. */
export async function composeApplicationMail(_db: Db, _row: OutboxRow, _settings: MailSettings): Promise<Mail | null> {
  return null
}
