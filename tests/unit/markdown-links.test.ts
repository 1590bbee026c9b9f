import { describe, expect, it } from 'vitest'
import { renderMarkdown } from '../../src/server/services/markdown'

/*
 * Links in a post as its page and its mail show them (issue 40, item 3): the page keeps the site's
 * own links as written; the mail has them whole; either way the links no mail can follow are named.
 */
const BODY = [
  'See [the standard](/standards/mhbot-sc-001), [elsewhere](//example.org/x) and [mail us](mailto:a@example.org).',
  '',
  'Not [this part](#part), [that page](guide.html) nor [up](../news) in a mail; [whole](https://example.org/w) is fine.',
].join('\n')

describe('links for the page and for a mail', () => {
  it('the page keeps the site’s links as written', () => {
    const page = renderMarkdown(BODY)
    expect(page.html).toContain('href="/standards/mhbot-sc-001"')
    expect(page.html).toContain('href="//example.org/x"')
    expect(page.unreachable).toEqual(['#part', 'guide.html', '../news'])
  })

  it('the mail has them whole, from the site’s address, in its HTML and its text', () => {
    const mail = renderMarkdown(BODY, 'fromH2', 'https://council.example.org/')
    expect(mail.html).toContain('href="https://council.example.org/standards/mhbot-sc-001"')
    expect(mail.html).toContain('href="https://example.org/x"')
    expect(mail.html).toContain('href="mailto:a@example.org"')
    expect(mail.html).toContain('href="https://example.org/w"')
    expect(mail.text).toContain('the standard (https://council.example.org/standards/mhbot-sc-001)')
    // What cannot be made whole stays as written, and is named.
    expect(mail.html).toContain('href="#part"')
    expect(mail.unreachable).toEqual(['#part', 'guide.html', '../news'])
  })

  it('a body without links names none', () => {
    expect(renderMarkdown('Just words.', 'fromH2', 'https://council.example.org').unreachable).toEqual([])
  })
})
