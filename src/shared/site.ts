/**
 * The council's identity: these starting values, the council's own settings (owners edit them in
 * the admin), and over both what the server's configuration fixes (COUNCIL_NAME, COUNCIL_EMAIL,
 * COUNCIL_WEBSITE). The server resolves them (services/council-settings.ts) and passes them to the
 * pages, the documents and the mail (docs/decisions/050-council-settings.md).
 */
export type SiteInfo = {
  name: string
  shortName: string
  email: string
  website: string
  /** The phone line the contact page and documents give. */
  phone: string
  /** The postal address, lines separated by newlines; empty when the council gives none. */
  postalAddress: string
  country: string
  /** How long a reply usually takes, as the contact page's note says it ("2-3 business days"). */
  replyTime: string
  /**
   * The wellness-only disclaimer every page repeats (its box and the footer) and every standard's
   * PDF prints: one paragraph. Owners only edit it (issue 39, item 5).
   */
  disclaimer: string
}

/** The identity plus the site's external base URL (PUBLIC_URL), as pages receive it. */
export type PublicSite = SiteInfo & {
  publicUrl: string
  /** The largest upload the server accepts (UPLOAD_MAX_MB), so the admin can say so and check before sending. */
  uploadMaxMb: number
}

export const DEFAULT_SITE: SiteInfo = {
  name: 'Mild Hyperbaric Oxygen Standards Council',
  shortName: 'mHBOT Standards Council',
  email: 'info@mhbotstandards.org',
  website: 'https://mhbotstandards.org',
  phone: 'Available upon request',
  postalAddress: '',
  country: 'USA',
  replyTime: '2-3 business days',
  disclaimer:
    'The information provided by the council is for general wellness and educational purposes only. It is not medical advice and is not intended to diagnose, treat, cure or prevent any disease. Consult a qualified healthcare provider before starting any wellness practice, including mild hyperbaric sessions.',
}

/**
 * The council's locale (it is in the USA): the one way the admin writes dates and numbers, whatever
 * the browser's language, so every screen, and every person, reads them alike.
 */
export const COUNCIL_LOCALE = 'en-US'

/**
 * A phone line that is a number, as a tel: link; null when it is words ("Available upon request"),
 * which the pages show as they are and the documents leave out.
 */
export function phoneHref(phone: string): string | null {
  const dialled = phone.replace(/[^\d+]/g, '').replace(/(?!^)\+/g, '')
  return /\d{5,}/.test(dialled) ? `tel:${dialled}` : null
}
