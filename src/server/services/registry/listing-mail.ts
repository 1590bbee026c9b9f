import { eq } from 'drizzle-orm'
import type { Db } from '../../../db/client'
import { listings, registryConcerns, standardDocuments, standardVersions } from '../../../db/schema'
import { listingPath } from '../../../shared/registry'
import { renewalLink } from '../../../shared/registry-applications'
import type { Mail, MailSettings } from '../mail-content'
import type { OutboxRow } from '../mail-outbox'
import { concernReference } from './concerns'
import { renewalToken } from './links'
import { type MailParagraph, mailParts } from './mail-parts'
import { listingName, todayOf } from './shared'

/**
 * The listings' mail (docs/registry.md, "Mail"): to a listing's contact, the renewal reminders and
 * the word of a newer version, each with the renewal link; to the person who raised a concern, its
 * acknowledgement; to the council's notice address, the concern itself, the person's words quoted
 * as text. Written when sent: a reminder for a listing renewed meanwhile is not sent.
 */
export async function composeListingMail(db: Db, row: OutboxRow, settings: MailSettings): Promise<Mail | null> {
  const { site } = settings
  const from = { name: site.name, address: settings.from }
  const messageId = `<${row.kind}.${row.id}@${new URL(site.publicUrl).hostname}>`
  const detail = (row.detail ?? {}) as Record<string, unknown>
  const mail = (to: string, subject: string, paragraphs: MailParagraph[]): Mail => ({
    from,
    to,
    subject,
    messageId,
    ...mailParts(site, paragraphs),
  })

  if (row.kind === 'registry_concern_ack' || row.kind === 'registry_concern_notice') {
    if (!row.concernId) return null
    const [found] = await db
      .select({ concern: registryConcerns, listing: listings })
      .from(registryConcerns)
      .innerJoin(listings, eq(listings.id, registryConcerns.listingId))
      .where(eq(registryConcerns.id, row.concernId))
    if (!found) return null
    const { concern, listing } = found
    const reference = concernReference(concern.number)
    const name = `${listingName(listing)} (${listing.number})`
    if (row.kind === 'registry_concern_ack')
      return mail(concern.email, `${reference}: your concern about a registry listing`, [
        `Hello ${concern.name},`,
        `The council has received your concern about ${name}, with its reference ${reference}. Its registrars will look into it.`,
        'Concerns are never published. The council may suspend or withdraw a listing after looking into one; the listing’s page shows any change and its reason:',
        { link: `${site.publicUrl}${listingPath(listing.key)}` },
        concern.consent
          ? 'You agreed that the council may contact you about it: it may write to this address.'
          : 'You did not ask to be contacted: the council will not write to you about it unless you write first.',
      ])
    return mail(settings.notifyTo, `${reference}: a concern about ${listing.number}`, [
      `${reference} is about ${name}.`,
      `Raised by ${concern.name} <${concern.email}>, who ${concern.consent ? 'agrees' : 'does not agree'} to be contacted.`,
      `When: ${concern.happenedWhen}`,
      'What happened:',
      concern.whatHappened,
      'It is waiting in the registry’s queue:',
      { link: `${site.publicUrl}/admin/registry?view=concerns&concern=${concern.id}` },
    ])
  }

  if (!row.listingId) return null
  const [listing] = await db.select().from(listings).where(eq(listings.id, row.listingId))
  if (!listing || listing.status === 'withdrawn') return null
  const renew = { link: renewalLink(site.publicUrl, renewalToken(settings.secret, listing.id)) }
  const name = `${listingName(listing)} (${listing.number})`

  if (row.kind === 'registry_renewal_reminder') {
    // Renewed (or moved) since the reminder was queued: this term's reminder has nothing to say.
    if (listing.status !== 'listed' || listing.expiresOn !== detail.expiresOn) return null
    // Counted when sent, not from the reminder's window: a listing first seen 5 days before its
    // expiry gets the 7-day reminder, and it should say 5.
    const daysLeft = Math.round((Date.parse(listing.expiresOn) - Date.parse(todayOf())) / 86_400_000)
    const when = daysLeft <= 0 ? 'today' : daysLeft === 1 ? 'tomorrow' : `in ${daysLeft} days`
    return mail(listing.contactEmail, `${listing.number} expires on ${listing.expiresOn}: renew the listing`, [
      'Hello,',
      `The listing ${name} in the ${site.name} registry expires on ${listing.expiresOn}, ${when}.`,
      'To renew it, confirm or update its details and the versions of the standards it declares, sign the declaration again and add any new evidence, on this page:',
      renew,
      'The council reviews each renewal before it extends the listing. A listing that expires stays expired until a renewal is approved.',
    ])
  }

  if (row.kind === 'registry_superseded') {
    const versionId = Number(detail.versionId)
    if (!Number.isSafeInteger(versionId)) return null
    const [version] = await db
      .select({
        version: standardVersions.version,
        key: standardDocuments.key,
        number: standardDocuments.number,
        title: standardDocuments.title,
      })
      .from(standardVersions)
      .innerJoin(standardDocuments, eq(standardDocuments.id, standardVersions.documentId))
      .where(eq(standardVersions.id, versionId))
    if (!version) return null
    // The version the listing declared when the notice was queued, named so the contact knows which.
    const declaredId = Number(detail.declaredId)
    const [declared] = Number.isSafeInteger(declaredId)
      ? await db
          .select({ version: standardVersions.version })
          .from(standardVersions)
          .where(eq(standardVersions.id, declaredId))
      : []
    const earlier = declared ? `version ${declared.version}` : 'an earlier version'
    return mail(
      listing.contactEmail,
      `${version.number} version ${version.version} is published: your listing ${listing.number}`,
      [
        'Hello,',
        `The council has published version ${version.version} of ${version.number}, ${version.title}. The listing ${name} declares ${earlier}, and its page now says so.`,
        'The new version:',
        { link: `${site.publicUrl}/standards/${version.key}/v/${version.version}` },
        'To declare the new version, renew the listing’s declaration on this page:',
        renew,
      ],
    )
  }
  return null
}
