import { and, eq } from 'drizzle-orm'
import type { Db } from '../../../db/client'
import { listings, registryApplicationMessages, registryApplications } from '../../../db/schema'
import { badgeEmbedHtml, LISTING_KIND_LABELS, listingPath } from '../../../shared/registry'
import { applicationOpenLink } from '../../../shared/registry-applications'
import type { Mail, MailSettings } from '../mail-content'
import type { OutboxRow } from '../mail-outbox'
import { applicationReference } from './applications'
import { applicationToken } from './links'
import { type MailParagraph, mailParts } from './mail-parts'

/**
 * The applications' mail (docs/registry.md, "Mail"): to the applicant (the link, a question, the
 * approval with the number and the badge's code, the decline with its reason) and to the council's
 * notice address (a new application, an answer). Written when sent, from the rows as they are: a
 * question or an answer by the thread message the row names; a decision only while it stands.
 */
export async function composeApplicationMail(db: Db, row: OutboxRow, settings: MailSettings): Promise<Mail | null> {
  if (!row.applicationId) return null
  const [application] = await db
    .select()
    .from(registryApplications)
    .where(eq(registryApplications.id, row.applicationId))
  if (!application) return null
  const { site } = settings
  const from = { name: site.name, address: settings.from }
  const reference = applicationReference(application.number)
  const link = applicationOpenLink(site.publicUrl, applicationToken(settings.secret, application.id))
  const messageId = `<${row.kind}.${row.id}@${new URL(site.publicUrl).hostname}>`
  const what = `${application.purpose === 'renewal' ? 'the renewal of the listing of' : 'the listing of'} ${application.organisationName} (${LISTING_KIND_LABELS[application.kind].toLowerCase()})`
  const toApplicant = (subject: string, paragraphs: MailParagraph[]): Mail => ({
    from,
    to: application.contactEmail,
    subject,
    messageId,
    ...mailParts(site, [`Hello ${application.contactName},`, ...paragraphs]),
  })
  const toCouncil = (subject: string, paragraphs: MailParagraph[]): Mail => ({
    from,
    to: settings.notifyTo,
    subject,
    messageId,
    ...mailParts(site, paragraphs),
  })
  const threadMessage = async () => {
    const id = Number(row.detail && (row.detail as Record<string, unknown>).messageId)
    if (!Number.isSafeInteger(id)) return null
    const [message] = await db
      .select()
      .from(registryApplicationMessages)
      .where(and(eq(registryApplicationMessages.id, id), eq(registryApplicationMessages.applicationId, application.id)))
    return message ?? null
  }
  const adminLink = { link: `${site.publicUrl}/admin/registry?view=applications&application=${application.id}` }

  switch (row.kind) {
    case 'registry_application_link':
      return toApplicant(`${reference}: your application to the ${site.name} registry`, [
        `The council has received your application for ${what}, with its reference ${reference}.`,
        'To follow it, answer the council’s questions and add documents, open this link and press the button on the page:',
        { link },
        'Keep this e-mail: the link is the way back to the application’s page, and anyone who has it can read the application and answer for you.',
        'If you did not apply, ignore this e-mail, or write to the council.',
      ])
    case 'registry_application_notice':
      return toCouncil(`${reference}: a new application to the registry`, [
        `${reference} asks for ${what}.`,
        'It is waiting in the registry’s queue:',
        adminLink,
      ])
    case 'registry_question': {
      const message = await threadMessage()
      if (!message || application.state !== 'questions') return null
      return toApplicant(`${reference}: a question from the council`, [
        `The council has a question about your application for ${what}:`,
        message.body,
        'Answer it on the application’s page (open the link, then press the button):',
        { link },
      ])
    }
    case 'registry_answer_notice': {
      const message = await threadMessage()
      if (!message) return null
      return toCouncil(`${reference}: the applicant answered`, [
        `The applicant for ${what} answered on ${message.createdAt.toISOString().slice(0, 10)}:`,
        message.body,
        'The application is back in the queue:',
        adminLink,
      ])
    }
    case 'registry_approved': {
      if (application.state !== 'approved' || !application.listingId) return null
      const [listing] = await db.select().from(listings).where(eq(listings.id, application.listingId))
      if (!listing) return null
      return toApplicant(`${reference}: approved, listing ${listing.number}`, [
        application.purpose === 'renewal'
          ? `The council has renewed the listing ${listing.number} of ${application.organisationName}. It now expires on ${listing.expiresOn}.`
          : `The council has approved your application: ${application.organisationName} is listed as ${listing.number}, until ${listing.expiresOn}.`,
        'The listing’s public page:',
        { link: `${site.publicUrl}${listingPath(listing.key)}` },
        'To show the listing’s badge on your website, put this HTML on the page. The badge always shows the listing’s current status:',
        badgeEmbedHtml(site.publicUrl, site.shortName, listing),
      ])
    }
    case 'registry_declined':
      if (application.state !== 'declined' || !application.declineReason) return null
      return toApplicant(`${reference}: declined`, [
        `The council has declined your application for ${what}. Its reason:`,
        application.declineReason,
        'The application’s page keeps the record:',
        { link },
      ])
    default:
      return null
  }
}
