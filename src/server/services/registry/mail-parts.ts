import { escapeHtml } from '../../../shared/html'
import type { MailSettings } from '../mail-content'

/*
 * The registry's mail has a plain part and an HTML part of the same words. No images, no pixels,
 * no tracking: the HTML is the text, escaped, in paragraphs, with its links as links. A person's
 * words (an applicant's answer, a concern) are quoted as text in both parts, never as markup.
 */

/** One paragraph: text, or a line that is a link (shown as its address in the plain part). */
export type MailParagraph = string | { link: string; label?: string }

/** The same words as plain text and as a small HTML page (the newsletter's mail does likewise). */
export function mailParts(site: MailSettings['site'], paragraphs: MailParagraph[]): { text: string; html: string } {
  const footer = [
    `${site.name}`,
    `${site.publicUrl} · ${site.email}`,
    `How we handle your data: ${site.publicUrl}/privacy`,
  ]
  const text = [
    ...paragraphs.flatMap((paragraph) => [typeof paragraph === 'string' ? paragraph : paragraph.link, '']),
    '--',
    ...footer,
  ].join('\n')
  const html = [
    '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>',
    escapeHtml(site.name),
    '</title></head><body style="font-family:sans-serif;line-height:1.5;max-width:40em">',
    ...paragraphs.map((paragraph) =>
      typeof paragraph === 'string'
        ? `<p style="white-space:pre-wrap">${escapeHtml(paragraph)}</p>`
        : `<p><a href="${escapeHtml(paragraph.link)}">${escapeHtml(paragraph.label ?? paragraph.link)}</a></p>`,
    ),
    '<hr>',
    `<p style="color:#555;font-size:0.9em">${footer.map(escapeHtml).join('<br>')}</p>`,
    '</body></html>',
  ].join('')
  return { text, html }
}
