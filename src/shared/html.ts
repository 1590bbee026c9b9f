/**
 * Text made safe to put in HTML, in an element or a quoted attribute: the one escape for what the
 * server writes by hand (plain pages, mail) and for the settings put into the council's stored HTML.
 */
export const escapeHtml = (text: string): string =>
  text.replace(
    /[&<>"']/g,
    (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char] ?? char,
  )
