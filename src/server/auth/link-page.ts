import type { FastifyReply } from 'fastify'
import { plainPage, sendPlainPage } from '../plain-page'

/**
 * What a link from an e-mail (an invitation, a sign-in link) opens. Mail scanners and link
 * previews GET every link in a message, so the GET only shows this page, and the act is its button:
 * a form that posts the link's token back, which a person presses and a scanner does not
 * (docs/decisions/037-sign-in-links-open-a-page.md). A page without a button says why the link
 * cannot be used. Sent as every page from a link is (plain-page.ts): never kept, never indexed,
 * and the token in its address never passed to another site.
 */
export type LinkPage = {
  title: string
  message: string
  brand?: string
  /** The button that acts: it posts `token` to `action`. */
  button?: { action: string; token: string; label: string }
  /** A way on that is a link instead (to the identity provider, which a form may not post to). */
  link?: { href: string; label: string }
}

export const sendLinkPage = (reply: FastifyReply, status: number, page: LinkPage) =>
  sendPlainPage(
    reply,
    status,
    plainPage({
      title: page.title,
      message: page.message,
      ...(page.brand ? { brand: page.brand } : {}),
      ...(page.button
        ? { form: { action: page.button.action, fields: { token: page.button.token }, button: page.button.label } }
        : {}),
      ...(page.link ? { action: page.link } : {}),
    }),
  )
