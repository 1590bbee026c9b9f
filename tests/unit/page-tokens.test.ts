import { describe, expect, it } from 'vitest'
import { withSettings } from '../../src/shared/schemas/pages'

/*
 * `{council}` and `{email}` in the council's stored HTML (docs/decisions/056-disclaimer-footer-contact-privacy.md):
 * replaced in the text and in a link's address, where the renderer wrote the braces percent-encoded,
 * and always escaped, whatever the settings hold.
 */
const site = { name: 'Council for Rest & Pressure', email: 'privacy@example.org' }

describe('withSettings', () => {
  it('puts the name and the address in the text and in a mailto link', () => {
    const html =
      '<p>The {council} answers at <a href="mailto:%7Bemail%7D?subject=Please%20delete%20my%20data">{email}</a>.</p>'
    expect(withSettings(html, site)).toBe(
      '<p>The Council for Rest &amp; Pressure answers at <a href="mailto:privacy@example.org?subject=Please%20delete%20my%20data">privacy@example.org</a>.</p>',
    )
  })

  it('escapes a name that holds markup, in the text and in an address', () => {
    const hostile = { name: '<script>alert(1)</script> "Council"', email: 'a@example.org' }
    const shown = withSettings('<p>{council}</p><a href="/x?%7Bcouncil%7D">x</a>', hostile)
    expect(shown).not.toContain('<script>')
    expect(shown).toContain('&lt;script&gt;alert(1)&lt;/script&gt; &quot;Council&quot;')
    expect(shown).toContain('href="/x?%3Cscript%3Ealert(1)%3C/script%3E%20%22Council%22"')
  })

  it('leaves a text without tokens as it is, and other braces alone', () => {
    const html = '<p>Sets {like this} and %7Bthat%7D stay.</p>'
    expect(withSettings(html, site)).toBe(html)
  })
})
