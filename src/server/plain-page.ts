/**
 * Plain HTML pages for the server's own answers outside the React app (the sign-in flow's dead ends,
 * the newsletter's links from e-mail): short, no script, styled from /static/plain.css, so they
 * work in any mail program's browser and never loop.
 */

import { escapeHtml } from '../shared/html'

export function plainPage(options: {
  title: string
  message: string
  action?: { href: string; label: string }
  /** One button that posts `fields` to `action` (a form works without script and with any link scanner). */
  form?: {
    action: string
    fields: Record<string, string>
    button: string
    /** A field the visitor fills in, shown above the button. */
    input?: {
      name: string
      label: string
      type: 'email' | 'text'
      autocomplete?: string
      /** What the visitor sent, shown again after a refusal. */
      value?: string
      /** Why it was refused: the field is marked invalid, described by it, and takes the focus. */
      error?: string
    }
  }
  /** The site's name above the title, so a page opened from an e-mail says whose it is. */
  brand?: string
  /** A line under the rest, such as a link to the privacy page. */
  footer?: { text: string; href: string; label: string }
}): string {
  const action = options.action
    ? `<p><a href="${escapeHtml(options.action.href)}">${escapeHtml(options.action.label)}</a></p>`
    : ''
  const form = options.form
    ? `<form method="post" action="${escapeHtml(options.form.action)}">
${Object.entries(options.form.fields)
  .map(([name, value]) => `<input type="hidden" name="${escapeHtml(name)}" value="${escapeHtml(value)}">`)
  .join('\n')}
${options.form.input ? inputField(options.form.input) : ''}
<button type="submit">${escapeHtml(options.form.button)}</button>
</form>`
    : ''
  const footer = options.footer
    ? `<p class="small">${escapeHtml(options.footer.text)} <a href="${escapeHtml(options.footer.href)}">${escapeHtml(options.footer.label)}</a></p>`
    : ''
  return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex,nofollow">
<title>${escapeHtml(options.title)}</title>
<link rel="icon" href="/static/favicon.svg" type="image/svg+xml">
<link rel="stylesheet" href="/static/plain.css">
</head>
<body>
<main>
${options.brand ? `<p class="brand">${escapeHtml(options.brand)}</p>` : ''}
<h1>${escapeHtml(options.title)}</h1>
<p>${escapeHtml(options.message)}</p>
${form}
${action}
<p><a href="/">Back to the home page</a></p>
${footer}
</main>
</body>
</html>`
}

/** A labelled field of a plain page's form; after a refusal, with the value sent and the reason. */
function inputField(input: NonNullable<NonNullable<Parameters<typeof plainPage>[0]['form']>['input']>): string {
  const name = escapeHtml(input.name)
  const errorId = `${name}-error`
  const attributes = [
    `id="${name}"`,
    `name="${name}"`,
    `type="${input.type}"`,
    'required',
    'maxlength="254"',
    input.autocomplete ? `autocomplete="${escapeHtml(input.autocomplete)}"` : '',
    input.value !== undefined ? `value="${escapeHtml(input.value)}"` : '',
    input.error ? `aria-invalid="true" aria-describedby="${errorId}" autofocus` : '',
  ].filter(Boolean)
  const error = input.error ? `\n<p id="${errorId}" class="error">${escapeHtml(input.error)}</p>` : ''
  return `<label for="${name}">${escapeHtml(input.label)}</label>
<input ${attributes.join(' ')}>${error}`
}

type Reply = {
  code: (status: number) => Reply
  type: (contentType: string) => Reply
  header: (name: string, value: string) => Reply
  send: (body: string) => unknown
}

/**
 * Sends a plain page as the answer to a link from e-mail: never kept, never indexed, and with the
 * token in its address never passed to another site in a Referer. Not 'no-referrer': with it,
 * browsers send "Origin: null" on the page's own form post, which is refused as cross-site.
 */
export const sendPlainPage = (reply: Reply, status: number, html: string) =>
  reply
    .code(status)
    .type('text/html; charset=utf-8')
    .header('cache-control', 'no-store')
    .header('referrer-policy', 'same-origin')
    .header('x-robots-tag', 'noindex, nofollow')
    .send(html)
