/** Plain HTML pages for the sign-in flow's dead ends: short, styled inline-free, never looping. */

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char] ?? char,
  )

export function plainPage(options: {
  title: string
  message: string
  action?: { href: string; label: string }
}): string {
  const action = options.action
    ? `<p><a href="${escapeHtml(options.action.href)}">${escapeHtml(options.action.label)}</a></p>`
    : ''
  return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex,nofollow">
<title>${escapeHtml(options.title)}</title>
<link rel="stylesheet" href="/static/plain.css">
</head>
<body>
<main>
<h1>${escapeHtml(options.title)}</h1>
<p>${escapeHtml(options.message)}</p>
${action}
<p><a href="/">Back to the home page</a></p>
</main>
</body>
</html>`
}
