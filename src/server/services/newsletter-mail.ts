import { escapeHtml } from '../../shared/html'
import type { PublicSite } from '../../shared/site'

/*
 * What the newsletter's own mail says (docs/decisions/027-newsletter-issues-through-the-outbox.md):
 * an issue (a published post) and the welcome once an address is confirmed. The text part is whole
 * on its own; the HTML part is the same words in a plain, inline-styled page: no images, no
 * tracking pixel, no rewritten links. Each mail to a subscriber carries their own unsubscribe
 * link, in the body and as RFC 8058 one-click headers.
 */

/** A post as its issue shows it: its body as stored rendered (services/stored-bodies.ts), never rendered here. */
export type NewsletterPost = { title: string; slug: string; summary: string; html: string; text: string }

/** A mail's words before it is addressed: subject, text, HTML, headers. */
export type NewsletterContent = { subject: string; text: string; html: string; headers: Record<string, string> }

/** The site's own description of the newsletter (the sign-up form says the same). */
export const NEWSLETTER_ABOUT =
  'New standards, safety guidance and research summaries from the council, a few times a year.'

/** RFC 8058: the subscriber's own link, which the one-click POST route takes as it is. */
export const unsubscribeHeaders = (unsubscribe: string): Record<string, string> => ({
  'List-Unsubscribe': `<${unsubscribe}>`,
  'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
})

const postUrl = (site: PublicSite, slug: string) => `${site.publicUrl}/news/${encodeURIComponent(slug)}`

/** The page around the words: one column, system fonts, readable sizes, real link text. */
function page(site: PublicSite, title: string, content: string, footer: string): string {
  return [
    '<!doctype html>',
    '<html lang="en"><head><meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title>${escapeHtml(title)}</title></head>`,
    '<body style="margin:0;padding:0;background:#f4f6f8;color:#1a1b1e;font-family:-apple-system,Segoe UI,Roboto,Helvetica,Arial,sans-serif;font-size:16px;line-height:1.6">',
    '<div role="article" aria-label="' +
      escapeHtml(title) +
      '" lang="en" style="max-width:640px;margin:0 auto;padding:24px 16px">',
    `<p style="margin:0 0 16px;font-size:14px;color:#495057">${escapeHtml(site.name)}</p>`,
    '<div style="background:#ffffff;border-radius:8px;padding:24px">',
    content,
    '</div>',
    `<div style="padding:16px 8px;font-size:14px;color:#495057">${footer}</div>`,
    '</div></body></html>',
  ].join('\n')
}

const link = (href: string, text: string) =>
  `<a href="${escapeHtml(href)}" style="color:#1c5d99;text-decoration:underline">${escapeHtml(text)}</a>`

/**
 * A post as an issue. `unsubscribe` is the subscriber's own link; null for a test send, whose
 * footer says it is a test and carries no subscriber's link.
 */
export function issueContent(site: PublicSite, post: NewsletterPost, unsubscribe: string | null): NewsletterContent {
  const url = postUrl(site, post.slug)
  const textFooter = unsubscribe
    ? [`You receive this because you subscribed to the ${site.name} newsletter.`, `Unsubscribe: ${unsubscribe}`]
    : [
        `This is a test of the ${site.name} newsletter, sent only to this address.`,
        'Subscribers get their own unsubscribe link here.',
      ]
  const text = [post.title, '', post.text, '', `Read it on the site: ${url}`, '', '--', site.name, ...textFooter].join(
    '\n',
  )
  const htmlFooter = unsubscribe
    ? `You receive this because you subscribed to the ${escapeHtml(site.name)} newsletter. ${link(unsubscribe, 'Unsubscribe')}`
    : `<strong>This is a test</strong> of the ${escapeHtml(site.name)} newsletter, sent only to this address. Subscribers get their own unsubscribe link here.`
  const html = page(
    site,
    post.title,
    [
      `<h1 style="margin:0 0 16px;font-size:24px;line-height:1.3">${escapeHtml(post.title)}</h1>`,
      post.html,
      `<p style="margin:24px 0 0">${link(url, 'Read it on the site')}</p>`,
    ].join('\n'),
    htmlFooter,
  )
  return {
    subject: unsubscribe ? post.title : `[Test] ${post.title}`,
    text,
    html,
    headers: unsubscribe ? unsubscribeHeaders(unsubscribe) : {},
  }
}

/** The welcome once an address is confirmed: what comes, how often, and how to leave. */
export function welcomeContent(site: PublicSite, unsubscribe: string): NewsletterContent {
  const often = 'It comes a few times a year, when there is something worth reading, and never for anything else.'
  const text = [
    'Hello,',
    '',
    `Your subscription to the ${site.name} newsletter is confirmed.`,
    '',
    NEWSLETTER_ABOUT,
    often,
    `The news is also on the site: ${site.publicUrl}/news`,
    '',
    '--',
    site.name,
    `Unsubscribe at any time: ${unsubscribe}`,
    `How we handle your data: ${site.publicUrl}/privacy`,
  ].join('\n')
  const html = page(
    site,
    `Welcome to the ${site.name} newsletter`,
    [
      '<p style="margin:0 0 12px">Hello,</p>',
      `<p style="margin:0 0 12px">Your subscription to the ${escapeHtml(site.name)} newsletter is confirmed.</p>`,
      `<p style="margin:0 0 12px">${escapeHtml(NEWSLETTER_ABOUT)} ${escapeHtml(often)}</p>`,
      `<p style="margin:0">${link(`${site.publicUrl}/news`, 'The news on the site')}</p>`,
    ].join('\n'),
    `${link(unsubscribe, 'Unsubscribe at any time')} · ${link(`${site.publicUrl}/privacy`, 'How we handle your data')}`,
  )
  return {
    subject: `Welcome to the ${site.name} newsletter`,
    text,
    html,
    headers: unsubscribeHeaders(unsubscribe),
  }
}
