/*
 * The news feed as Atom 1.0 (RFC 4287), written here rather than by a library: a dozen elements,
 * each text escaped for XML (docs/decisions/026-news-and-newsletter-issues.md).
 */

/** Text as XML character data or an attribute value; characters XML 1.0 cannot hold are dropped. */
export const escapeXml = (text: string) =>
  text
    // biome-ignore lint/suspicious/noControlCharactersInRegex: the characters XML forbids
    .replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/g, '')
    .replace(
      /[<>&'"]/g,
      (char) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[char] ?? char,
    )

export type AtomEntry = {
  slug: string
  title: string
  summary: string
  html: string
  publishedAt: Date | null
  updatedAt: Date
}

export function atomFeed(site: { name: string; publicUrl: string }, entries: AtomEntry[]): string {
  const base = site.publicUrl
  const newsUrl = `${base}/news`
  const updated = entries.reduce<Date>(
    (latest, entry) => (entry.updatedAt > latest ? entry.updatedAt : latest),
    entries[0]?.updatedAt ?? new Date(0),
  )
  const items = entries.map((entry) => {
    const url = `${newsUrl}/${entry.slug}`
    const published = entry.publishedAt ?? entry.updatedAt
    // A post edited before its publication time still says it was updated when it was published.
    const changed = entry.updatedAt > published ? entry.updatedAt : published
    return [
      '  <entry>',
      `    <id>${escapeXml(url)}</id>`,
      `    <title type="text">${escapeXml(entry.title)}</title>`,
      `    <link rel="alternate" type="text/html" href="${escapeXml(url)}"/>`,
      `    <published>${published.toISOString()}</published>`,
      `    <updated>${changed.toISOString()}</updated>`,
      `    <summary type="text">${escapeXml(entry.summary)}</summary>`,
      `    <content type="html">${escapeXml(entry.html)}</content>`,
      '  </entry>',
    ].join('\n')
  })
  return [
    '<?xml version="1.0" encoding="utf-8"?>',
    '<feed xmlns="http://www.w3.org/2005/Atom">',
    `  <id>${escapeXml(newsUrl)}</id>`,
    `  <title type="text">${escapeXml(`${site.name} News`)}</title>`,
    `  <updated>${updated.toISOString()}</updated>`,
    `  <author><name>${escapeXml(site.name)}</name></author>`,
    `  <link rel="self" type="application/atom+xml" href="${escapeXml(`${newsUrl}/feed.xml`)}"/>`,
    `  <link rel="alternate" type="text/html" href="${escapeXml(newsUrl)}"/>`,
    ...items,
    '</feed>',
    '',
  ].join('\n')
}
