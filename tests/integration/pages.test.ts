import { readFileSync } from 'node:fs'
import { beforeAll, describe, expect, it } from 'vitest'
import { seedIfEmpty } from '../../src/db/seed'
import { seedStandards } from '../../src/server/services/standards'
import { render } from '../../src/server/ssr/render'
import { DEFAULT_SITE } from '../../src/shared/site'
import { setUpTestApp, TEST_PUBLIC_URL } from '../helpers/build-app'
import { renderStarterDocument } from '../helpers/db'

const setup = setUpTestApp({ ssr: { render, assets: { scripts: [], css: [], preloads: [] } }, reset: false })

beforeAll(async () => {
  await seedIfEmpty(setup.database.handle.db, renderStarterDocument)
  await seedStandards(setup.database.handle.db, DEFAULT_SITE)
})

/** Each public route: its h1, its title, and a piece of its content or data, in the raw server HTML. */
const ROUTES: [path: string, h1: string, title: string, content: string][] = [
  [
    '/',
    'Setting Standards for Mild Hyperbaric Wellness',
    'Setting Standards for Mild Hyperbaric Wellness',
    'Stay Informed',
  ],
  ['/about', 'About Us', 'About Us', 'Questions'],
  ['/about/mission-statement', 'Mission Statement', 'Mission Statement', 'Mission'],
  ['/about/position-statement', 'Position Statement', 'Position Statement', 'MHBOT-SC/001'],
  ['/education', 'Education', 'Education', '93-96%'],
  ['/benefits', 'Benefits', 'Benefits', 'Important'],
  ['/safety', 'Safety', 'Safety', 'Untreated pneumothorax'],
  ['/research', 'Research Library', 'Research Library', 'Mild hyperbaric oxygen: mechanisms and effects'],
  ['/resources', 'Educational Resources', 'Educational Resources', 'Session Safety Checklist'],
  ['/faq', 'Frequently Asked Questions', 'FAQ', '$50-150'],
  ['/contact', 'Contact Us', 'Contact Us', 'Available upon request'],
  ['/sitemap', 'Sitemap', 'Sitemap', '/sitemap.xml'],
  ['/privacy', 'Privacy', 'Privacy', 'How to be removed'],
  ['/news', 'News', 'News', 'No news yet.'],
  [
    '/share-your-experience',
    'Share Your Experience',
    'Share Your Experience',
    'I agree that the council may publish my name, location and words on its website.',
  ],
]

describe('server HTML of each public route', () => {
  it.each(ROUTES)('%s carries its heading, meta tags and content', async (path, h1, title, content) => {
    const response = await setup.app.inject({ method: 'GET', url: path })
    expect(response.statusCode).toBe(200)
    const html = response.body
    expect(html).toMatch(new RegExp(`<h1[^>]*>[^<]*${h1.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`))
    expect(html).toMatch(new RegExp(`<title>[^<]*${title}[^<]* \\| mHBOT Standards Council</title>`))
    expect(html).toContain('<meta name="robots" content="index,follow"/>')
    expect(html).toMatch(/<meta name="description" content="[^"]{20,}"/)
    expect(html).toMatch(/<meta property="og:title" content="[^"]+"/)
    expect(html).toMatch(/<meta property="og:description" content="[^"]+"/)
    expect(html).toContain(`<link rel="canonical" href="${TEST_PUBLIC_URL}${path}"/>`)
    expect(html).toContain(`<meta property="og:url" content="${TEST_PUBLIC_URL}${path}"/>`)
    expect(html).toContain('"@type":"Organization"')
    expect(html).toContain(content)
    expect(html).toContain('not medical advice')
  })

  it('/faq carries FAQPage structured data', async () => {
    const html = (await setup.app.inject({ method: 'GET', url: '/faq' })).body
    expect(html).toContain('"@type":"FAQPage"')
  })

  it('an unknown path renders the not-found page with 404 and noindex', async () => {
    const response = await setup.app.inject({ method: 'GET', url: '/no/such/page' })
    expect(response.statusCode).toBe(404)
    expect(response.body).toContain('404 Page Not Found')
    expect(response.body).toContain('Did you forget to add the page to the router?')
    expect(response.body).toContain('<meta name="robots" content="noindex,nofollow"/>')
  })

  // Found by tests/integration/hostile-input.test.ts: the renderer read '//x' as a host, and
  // '//%3C' as an invalid one (a 500).
  it.each(['//%3C%3C', '//evil.example/research'])(
    '%s is a path on this site: the not-found page, not a 500 nor another page',
    async (url) => {
      const response = await setup.app.inject({ method: 'GET', url })
      expect(response.statusCode).toBe(404)
      expect(response.body).toContain('404 Page Not Found')
    },
  )

  it('/admin is noindex, never cached, and its HTML carries no private data', async () => {
    const response = await setup.app.inject({ method: 'GET', url: '/admin' })
    expect(response.statusCode).toBe(200)
    expect(response.headers['cache-control']).toContain('no-store')
    expect(response.body).toContain('<meta name="robots" content="noindex,nofollow"/>')
    expect(response.body).toContain('Loading...')
    expect(response.body).not.toContain('Signed in as')
  })
})

describe('/privacy', () => {
  it('tells a visitor who unsubscribed how to come back: by confirming a mailed link, or by writing when the site sends no mail', async () => {
    const html = (await setup.app.inject({ method: 'GET', url: '/privacy' })).body
    const text = html.replace(/<[^>]+>/g, '').replace(/\s+/g, ' ')
    expect(text).toContain(
      'If you unsubscribed and want the newsletter again, subscribe again and confirm through the link we e-mail you.',
    )
    expect(text).toContain(
      'When this website is run without sending e-mail, it cannot check that an address is yours, so an address that unsubscribed stays unsubscribed: write to us at info@mhbotstandards.org and we will remove the old record so that you can subscribe again.',
    )
  })
})

describe('sitemap.xml and robots.txt', () => {
  it('lists every public page with absolute URLs', async () => {
    const response = await setup.app.inject({ method: 'GET', url: '/sitemap.xml' })
    expect(response.headers['content-type']).toContain('application/xml')
    for (const [path] of ROUTES) expect(response.body).toContain(`<loc>${TEST_PUBLIC_URL}${path}</loc>`)
    expect(response.body).not.toContain('/admin')
  })

  it('keeps crawlers out of /admin and /api and names the sitemap', async () => {
    const body = (await setup.app.inject({ method: 'GET', url: '/robots.txt' })).body
    expect(body).toContain('Disallow: /admin')
    expect(body).toContain('Disallow: /api/')
    expect(body).toContain(`Sitemap: ${TEST_PUBLIC_URL}/sitemap.xml`)
  })
})

describe('honest framing', () => {
  const text = (html: string) =>
    html
      .replace(/<[^>]+>/g, ' ')
      .replace(/&amp;/g, '&')
      .replace(/\s+/g, ' ')

  it.each(['/education', '/safety', '/about/position-statement'])(
    '%s says, neutrally, how the FDA and the UHMS see chambers and oxygen',
    async (path) => {
      const page = text((await setup.app.inject({ method: 'GET', url: path })).body)
      expect(page).toContain('Class II, 21 CFR 868.5470')
      expect(page).toContain('near-100% oxygen in a chamber at 1.4 ATA or more')
      expect(page).toContain('overlaps that clinical definition when supplemental oxygen is added')
    },
  )

  it('the position statement shows its number and date at the top', async () => {
    const page = text((await setup.app.inject({ method: 'GET', url: '/about/position-statement' })).body)
    const top = page.slice(0, page.indexOf('1. Purpose'))
    expect(top).toContain('MHBOT-SC/001 · Issued October 31, 2025')
  })
})

describe('a site that looks like a standards body', () => {
  const iconsOf = (html: string) =>
    [...html.matchAll(/class="tabler-icon tabler-icon-([a-z-]+)/g)].map((match) => match[1])

  it.each([
    ['/', 6],
    ['/benefits', 8],
    ['/about', 4],
  ] as const)('%s: each benefit or value card has an icon of its own', async (path, cards) => {
    const html = (await setup.app.inject({ method: 'GET', url: path })).body
    const icons = iconsOf(html)
    expect(icons).toHaveLength(cards)
    expect(new Set(icons).size).toBe(cards)
    expect(html).not.toContain('●')
  })

  it('the header carries the council’s mark as a drawing, not letters', async () => {
    const html = (await setup.app.inject({ method: 'GET', url: '/faq' })).body
    const header = html.slice(html.indexOf('<header'), html.indexOf('</header>'))
    expect(header).toMatch(/<svg[^>]*viewBox="0 0 64 64"/)
    expect(header).not.toMatch(/>mH</)
  })

  it('/education shows the pressure scale with a text alternative', async () => {
    const html = (await setup.app.inject({ method: 'GET', url: '/education' })).body
    expect(html).toMatch(/<div[^>]*role="img"[^>]*aria-labelledby="pressure-scale-caption"/)
    // The labels are text at their own size, not drawing text that shrinks with the drawing.
    const scale = html.slice(html.indexOf('data-testid="pressure-scale"'), html.indexOf('<figcaption'))
    expect(scale).not.toContain('<svg')
    for (const note of ['sea level', 'common mild range', 'upper mild limit', 'medical hyperbaric oxygen']) {
      expect(scale).toContain(`>${note}</span>`)
    }
    const caption = html.slice(html.indexOf('id="pressure-scale-caption"'), html.indexOf('</figcaption>'))
    for (const figure of ['1.0 ATA', '1.3-1.5 ATA', '2.0 ATA', '2.4-6 ATA']) expect(caption).toContain(figure)
  })

  it('every page names a 1200 × 630 link preview image that exists', async () => {
    const html = (await setup.app.inject({ method: 'GET', url: '/research' })).body
    expect(html).toContain(`<meta property="og:image" content="${TEST_PUBLIC_URL}/static/og-image.png"`)
    expect(html).toContain('<meta name="twitter:card" content="summary_large_image"')
    const png = readFileSync(new URL('../../public/static/og-image.png', import.meta.url))
    // The PNG header: signature, then the IHDR chunk's width and height.
    expect(png.subarray(1, 4).toString('latin1')).toBe('PNG')
    expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([1200, 630])
  })
})
