import type { PublicSite } from '../../shared/site'

const OG_IMAGE = {
  path: '/static/og-image.png',
  width: 1200,
  height: 630,
  alt: 'Mild Hyperbaric Oxygen Standards Council: Setting Standards for Mild Hyperbaric Wellness',
}

export type PageMeta = {
  title: string
  description: string
  /**
   * Pages that must stay out of search engines' results: not-found, admin (`noindex,nofollow`);
   * 'follow' for the site search's results, whose links crawlers may still follow (`noindex`).
   */
  noindex?: boolean | 'follow'
  /** Path of the page, for the canonical link and og:url. */
  path?: string
}

/**
 * A route's head(): '{title} | council short name' plus description, robots and social tags
 * (docs/product.md#shared-frame). The site's public base URL comes from the root loader, so canonical
 * links follow PUBLIC_URL without the browser knowing the setting.
 */
export function pageHead(meta: PageMeta, site: PublicSite | undefined) {
  const siteName = site?.shortName ?? 'mHBOT Standards Council'
  const title = `${meta.title} | ${siteName}`
  const url = site && meta.path !== undefined ? `${site.publicUrl}${meta.path}` : undefined
  return {
    meta: [
      { title },
      { name: 'description', content: meta.description },
      {
        name: 'robots',
        content: meta.noindex === 'follow' ? 'noindex' : meta.noindex ? 'noindex,nofollow' : 'index,follow',
      },
      { property: 'og:title', content: title },
      { property: 'og:description', content: meta.description },
      { property: 'og:type', content: 'website' },
      { property: 'og:site_name', content: site?.name ?? siteName },
      ...(url ? [{ property: 'og:url', content: url }] : []),
      // The link preview image, drawn by src/tools/og-image.mjs; absolute, as scrapers require.
      ...(site
        ? [
            { property: 'og:image', content: `${site.publicUrl}${OG_IMAGE.path}` },
            { property: 'og:image:width', content: String(OG_IMAGE.width) },
            { property: 'og:image:height', content: String(OG_IMAGE.height) },
            { property: 'og:image:alt', content: OG_IMAGE.alt },
            { name: 'twitter:image', content: `${site.publicUrl}${OG_IMAGE.path}` },
          ]
        : []),
      { name: 'twitter:card', content: site ? 'summary_large_image' : 'summary' },
      { name: 'twitter:title', content: title },
      { name: 'twitter:description', content: meta.description },
    ],
    links: url && !meta.noindex ? [{ rel: 'canonical', href: url }] : [],
  }
}

/** head() for a route whose metadata does not depend on its data; the site is in every match's context. */
export function routeHead(meta: PageMeta) {
  return ({ match }: { match: { context: { site?: PublicSite } } }) => pageHead(meta, match.context.site)
}
