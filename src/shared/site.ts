/**
 * The council's identity lives here and only here. Operators can override the name, e-mail and
 * website through configuration (COUNCIL_NAME, COUNCIL_EMAIL, COUNCIL_WEBSITE); the server passes
 * the resolved values to the pages.
 */
export type SiteInfo = {
  name: string
  shortName: string
  email: string
  website: string
  country: string
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
  country: 'USA',
}

/**
 * The council's locale (it is in the USA): the one way the admin writes dates and numbers, whatever
 * the browser's language, so every screen, and every person, reads them alike.
 */
export const COUNCIL_LOCALE = 'en-US'
