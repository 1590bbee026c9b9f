import { DEFAULT_SITE, type PublicSite, phoneHref } from '../../shared/site'

/**
 * JSON-LD goes into a <script type="application/ld+json">; escape '<' so text can never close it.
 * A page whose data is built in its loader's chunk (a registry listing) wraps it here in its head().
 */
export function jsonLd(data: unknown) {
  return { type: 'application/ld+json', children: JSON.stringify(data).replace(/</g, '\\u003c') }
}

export function organizationJsonLd(site: PublicSite | undefined) {
  return jsonLd({
    '@context': 'https://schema.org',
    '@type': 'Organization',
    name: site?.name,
    alternateName: site?.shortName,
    url: site?.publicUrl || site?.website,
    email: site?.email,
    sameAs: site?.website ? [site.website] : undefined,
    // Only a number: "Available upon request" is no telephone.
    telephone: site && phoneHref(site.phone) ? site.phone : undefined,
    address: {
      '@type': 'PostalAddress',
      // The starting "USA" as its ISO code; a country the council typed, as typed.
      addressCountry: !site || site.country === DEFAULT_SITE.country ? 'US' : site.country,
      streetAddress: site?.postalAddress ? site.postalAddress.split('\n').join(', ') : undefined,
    },
  })
}

export function faqJsonLd(categories: { items: { question: string; answer: string }[] }[]) {
  return jsonLd({
    '@context': 'https://schema.org',
    '@type': 'FAQPage',
    mainEntity: categories.flatMap((category) =>
      category.items.map((item) => ({
        '@type': 'Question',
        name: item.question,
        acceptedAnswer: { '@type': 'Answer', text: item.answer },
      })),
    ),
  })
}

/** A news post as schema.org's Article: headline, dates, publisher, and its address. */
export function articleJsonLd(
  site: PublicSite | undefined,
  post: { title: string; summary: string; publishedAt: Date | string; updatedAt: Date | string; path: string },
) {
  const url = site ? `${site.publicUrl}${post.path}` : undefined
  return jsonLd({
    '@context': 'https://schema.org',
    '@type': 'Article',
    headline: post.title,
    description: post.summary,
    datePublished: new Date(post.publishedAt).toISOString(),
    dateModified: new Date(post.updatedAt).toISOString(),
    url,
    mainEntityOfPage: url,
    author: { '@type': 'Organization', name: site?.name },
    publisher: { '@type': 'Organization', name: site?.name },
  })
}
