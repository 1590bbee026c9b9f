import { eq } from 'drizzle-orm'
import { afterAll, beforeEach, describe, expect, it } from 'vitest'
import { documentUrl } from '../../src/content/documents'
import { auditLog, councilSettings } from '../../src/db/schema'
import { STALE_SETTINGS } from '../../src/server/services/council-settings'
import { seedStandards } from '../../src/server/services/standards'
import { render } from '../../src/server/ssr/render'
import type { CouncilSettingsView } from '../../src/shared/schemas/council-settings'
import { DEFAULT_SITE } from '../../src/shared/site'
import { buildTestApp, setUpTestApp } from '../helpers/build-app'
import { loginCookie, memberCookie, SAME_ORIGIN } from '../helpers/login'
import { pdfText } from '../helpers/pdf-text'
import { replicas, until } from '../helpers/replicas'

/*
 * The council's identity as settings its owners edit (issue 39, item 3; decision 050): the starting
 * values word for word, a save seen on the pages, the JSON-LD and the PDFs, the activity log, the
 * refusals (a stale form, a setting the configuration fixes, bad input, other roles), and a save
 * through one replica seen on another.
 */

const OWNER = 'owner@example.org'
const ASSETS = { scripts: [], css: [], preloads: [] }
const setup = setUpTestApp({ env: { ADMIN_EMAILS: OWNER }, ssr: { render, assets: ASSETS } })
let owner: string
beforeEach(async () => {
  await seedStandards(setup.app.db, setup.app.site)
  owner = await loginCookie(setup.app, OWNER)
})

const view = async (cookie = owner) => {
  const answer = await setup.app.inject({ method: 'GET', url: '/api/admin/settings', headers: { cookie } })
  expect(answer.statusCode).toBe(200)
  return answer.json<CouncilSettingsView>()
}
const save = (payload: Record<string, unknown>, cookie = owner, app = setup.app) =>
  app.inject({ method: 'PUT', url: '/api/admin/settings', headers: { ...SAME_ORIGIN, cookie }, payload })
const page = async (url: string, app = setup.app) => (await app.inject({ method: 'GET', url })).body
/** The text as one line of words, as the PDF's lines come out. */
const words = (text: string) => text.replace(/\s+/g, ' ')
async function positionStatementPdf(app = setup.app, slug = 'position-statement-mhbot-sc-001') {
  const moved = await app.inject({ method: 'GET', url: documentUrl(slug) })
  const answer = await app.inject({ method: 'GET', url: String(moved.headers.location) })
  expect(answer.statusCode).toBe(200)
  return words(pdfText(answer.rawPayload))
}
const jsonLdOf = (html: string) =>
  [...html.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/g)]
    .map((match) => JSON.parse(match[1] ?? 'null') as Record<string, unknown>)
    .find((data) => data['@type'] === 'Organization')

describe('a fresh site', () => {
  it('shows the starting identity, word for word, and says it was never saved', async () => {
    expect(await view()).toEqual({
      version: 0,
      values: {
        name: DEFAULT_SITE.name,
        email: DEFAULT_SITE.email,
        website: DEFAULT_SITE.website,
        phone: 'Available upon request',
        postalAddress: '',
        country: 'USA',
        replyTime: '2-3 business days',
        disclaimer: DEFAULT_SITE.disclaimer,
      },
      fixed: {},
      updatedAt: null,
      updatedBy: null,
    })
    const contact = await page('/contact')
    expect(contact).toContain('Available upon request')
    expect(contact).toContain(
      'We typically reply within 2-3 business days. If your matter is urgent, please say so in the subject line.',
    )
    expect(contact).not.toContain('Postal address')
    expect(contact).not.toContain('href="tel:')
    const organization = jsonLdOf(await page('/'))
    expect(organization?.telephone).toBeUndefined()
    expect(organization?.address).toEqual({ '@type': 'PostalAddress', addressCountry: 'US' })
    // The PDF's header is the council's name alone: the phone line's words are not a number to print.
    const pdf = await positionStatementPdf()
    expect(pdf).toContain(`${DEFAULT_SITE.name} Position Statement`)
    expect(pdf).not.toContain('Available upon request')
  })
})

describe('an owner saves the settings', () => {
  it('and every page, the JSON-LD and the PDF show them at once, with one activity row', async () => {
    const saved = await save({
      version: 0,
      phone: '  +1 (555) 010-0199  ',
      postalAddress: '12 Example Street\r\n\r\n  Suite 4 \nSpringfield, IL 62701',
      replyTime: '3-5 business days',
    })
    expect(saved.statusCode).toBe(200)
    const after = saved.json<CouncilSettingsView>()
    expect(after.version).toBe(1)
    expect(after.values).toMatchObject({
      phone: '+1 (555) 010-0199',
      postalAddress: '12 Example Street\nSuite 4\nSpringfield, IL 62701',
      replyTime: '3-5 business days',
      name: DEFAULT_SITE.name,
    })
    expect(after.updatedBy).toBe(OWNER)

    const contact = await page('/contact')
    expect(contact).toContain('href="tel:+15550100199"')
    expect(contact).toContain('+1 (555) 010-0199')
    expect(contact).toContain('12 Example Street\nSuite 4\nSpringfield, IL 62701')
    expect(contact).toContain('We typically reply within 3-5 business days. If your matter is urgent')
    expect(contact).not.toContain('Available upon request')
    // The About page's contact block gives a phone number too.
    expect(await page('/about')).toContain('href="tel:+15550100199"')

    const organization = jsonLdOf(await page('/'))
    expect(organization?.telephone).toBe('+1 (555) 010-0199')
    expect(organization?.address).toMatchObject({ streetAddress: '12 Example Street, Suite 4, Springfield, IL 62701' })

    const pdf = await positionStatementPdf()
    expect(pdf).toContain(
      `${DEFAULT_SITE.name} Phone +1 (555) 010-0199 · 12 Example Street, Suite 4, Springfield, IL 62701, USA`,
    )

    const rows = await setup.app.db.select().from(auditLog).where(eq(auditLog.entity, 'council_settings'))
    expect(rows).toHaveLength(1)
    expect(rows[0]).toMatchObject({
      actorEmail: OWNER,
      action: 'update',
      entityId: '1',
      before: { phone: 'Available upon request', postalAddress: '', replyTime: '2-3 business days' },
      after: { phone: '+1 (555) 010-0199', replyTime: '3-5 business days' },
    })
  })

  it('the disclaimer: every page shows the new words in its box and footer, and a PDF prints them unless it has its own', async () => {
    const DISCLAIMER =
      'What this site says is for wellness and education only, never medical advice. Ask your doctor before any session.'
    const saved = await save({ version: 0, disclaimer: `  ${DISCLAIMER.replace('never', '\nnever')}  ` })
    expect(saved.statusCode, saved.body).toBe(200)
    // One paragraph: a line break the owner typed is a space.
    expect(saved.json<CouncilSettingsView>().values.disclaimer).toBe(DISCLAIMER)
    for (const url of ['/', '/safety', '/contact', '/faq', '/news']) {
      const html = await page(url)
      expect(html.split(DISCLAIMER).length - 1, url).toBeGreaterThanOrEqual(url === '/news' ? 1 : 2)
      expect(html, url).not.toContain(DEFAULT_SITE.disclaimer)
    }
    // A guide prints the disclaimer at its end: the new words, once.
    const guide = await positionStatementPdf(setup.app, 'session-safety-checklist')
    expect(guide.split(DISCLAIMER).length - 1).toBe(1)
    expect(guide).not.toContain('not intended to diagnose')
    // The position statement has a disclaimer section of its own, as it was issued: it is not printed twice.
    const statement = await positionStatementPdf()
    expect(statement).toContain('6. Disclaimer')
    expect(statement).not.toContain(DISCLAIMER)
    expect(statement.split('The information provided by the council is for general wellness').length - 1).toBe(1)

    const rows = await setup.app.db.select().from(auditLog).where(eq(auditLog.entity, 'council_settings'))
    expect(rows.at(-1)).toMatchObject({
      before: { disclaimer: DEFAULT_SITE.disclaimer },
      after: { disclaimer: DISCLAIMER },
    })
    for (const [disclaimer, reason] of [
      ['', 'Disclaimer must be at least 40 characters: every page shows it'],
      ['Not medical advice.', 'Disclaimer must be at least 40 characters: every page shows it'],
      ['x'.repeat(1_001), 'Disclaimer must be at most 1,000 characters'],
    ] as const) {
      const refused = await save({ version: 1, disclaimer })
      expect(refused.statusCode, disclaimer.slice(0, 20)).toBe(400)
      expect(refused.body).toContain(reason)
    }
  })

  it('through tRPC as through REST, and a setting left out keeps its value', async () => {
    const call = await setup.app.inject({
      method: 'POST',
      url: '/trpc/settings.save',
      headers: { ...SAME_ORIGIN, cookie: owner, 'content-type': 'application/json' },
      payload: JSON.stringify({ json: { version: 0, name: 'Example Wellness Standards Council' } }),
    })
    expect(call.statusCode).toBe(200)
    expect((await view()).values).toMatchObject({
      name: 'Example Wellness Standards Council',
      phone: 'Available upon request',
    })
    expect(await page('/contact')).toContain('Example Wellness Standards Council')
    expect(await positionStatementPdf()).toContain('Example Wellness Standards Council')
  })

  it('keeps a right-to-left name, an emoji and markup as text: shown escaped, never as HTML', async () => {
    const name = 'مجلس المعايير 🌊 <script>alert(1)</script>'
    const disclaimer = 'אין לראות בכך ייעוץ רפואי 🌊 <img src=x onerror=alert(1)> wellness and education only.'
    const saved = await save({ version: 0, name, postalAddress: '<b>1 Rue</b> 🏛\nשדרות 5', disclaimer })
    expect(saved.statusCode).toBe(200)
    const contact = await page('/contact')
    expect(contact).not.toContain('<script>alert(1)</script>')
    expect(contact).not.toContain('<b>1 Rue</b>')
    expect(contact).toContain('&lt;b&gt;1 Rue&lt;/b&gt; 🏛\nשדרות 5')
    // The disclaimer in the box and the footer: text, escaped, the Hebrew and the emoji kept.
    expect(contact).not.toContain('<img src=x')
    expect(contact.split('אין לראות בכך ייעוץ רפואי 🌊 &lt;img src=x onerror=alert(1)&gt;').length - 1).toBe(2)
    expect((await view()).values.name).toBe(name)
    // A 5,000-character line is refused with the field's limit, and changes nothing.
    const long = await save({ version: 1, postalAddress: 'x'.repeat(5000) })
    expect(long.statusCode).toBe(400)
    expect(long.json().fields.postalAddress).toBe('Postal address must be at most 300 characters')
    const longDisclaimer = await save({ version: 1, disclaimer: 'x'.repeat(5000) })
    expect(longDisclaimer.statusCode).toBe(400)
    expect(longDisclaimer.json().fields.disclaimer).toBe('Disclaimer must be at most 1,000 characters')
  })

  it('from a form opened before another save is refused, and nothing is written', async () => {
    expect((await save({ version: 0, phone: '+1 555 010 0101' })).statusCode).toBe(200)
    const stale = await save({ version: 0, phone: '+1 555 010 0202' })
    expect(stale.statusCode).toBe(409)
    expect(stale.json().message).toBe(STALE_SETTINGS)
    expect((await view()).values.phone).toBe('+1 555 010 0101')
    const [row] = await setup.app.db.select().from(councilSettings)
    expect(row?.version).toBe(1)
  })

  it('two saves from the same version at once: one is saved, the other told', async () => {
    const answers = await Promise.all([
      save({ version: 0, country: 'Canada' }),
      save({ version: 0, country: 'Mexico' }),
    ])
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409])
    expect((await view()).version).toBe(1)
  })

  it.each([
    [{ version: 0, email: 'not an address' }, 'email', 'Enter a valid e-mail address'],
    [{ version: 0, website: 'javascript:alert(1)' }, 'website', 'Website must be an http or https link'],
    [{ version: 0, name: 'Two\nlines' }, 'name', 'Council name must be one line'],
    [{ version: 0, phone: '' }, 'phone', 'Phone line is required'],
    [{ version: 0, postalAddress: 'a\nb\nc\nd\ne\nf\ng' }, 'postalAddress', 'Postal address must be at most 6 lines'],
    [{ version: 0, replyTime: 'x'.repeat(61) }, 'replyTime', 'Reply time must be at most 60 characters'],
    [{ version: 0, country: 'Nul\u0000' }, 'country', undefined],
    [{ phone: '+1 555 010 0101' }, 'version', 'Version is required'],
  ])('bad input %j is a 400 naming the field, and changes nothing', async (payload, field, message) => {
    const answer = await save(payload)
    expect(answer.statusCode).toBe(400)
    const fields = answer.json().fields as Record<string, string>
    expect(Object.keys(fields)).toContain(field)
    if (message) expect(fields[field]).toBe(message)
    expect((await view()).version).toBe(0)
  })
})

describe('who may', () => {
  it('only owners: an editor, a registrar and a signed-in stranger get 403, nobody 401', async () => {
    for (const role of ['editor', 'moderator', 'registrar'] as const) {
      const cookie = await memberCookie(setup.app, `${role}@example.org`, role)
      expect(
        (await setup.app.inject({ method: 'GET', url: '/api/admin/settings', headers: { cookie } })).statusCode,
      ).toBe(403)
      expect((await save({ version: 0, phone: '+1 555 010 0303' }, cookie)).statusCode).toBe(403)
      const trpc = await setup.app.inject({ method: 'GET', url: '/trpc/settings.get', headers: { cookie } })
      expect(trpc.statusCode).toBe(403)
    }
    const stranger = await loginCookie(setup.app, 'stranger@example.org')
    expect((await save({ version: 0, phone: '+1 555 010 0303' }, stranger)).statusCode).toBe(403)
    expect((await setup.app.inject({ method: 'GET', url: '/api/admin/settings' })).statusCode).toBe(401)
    expect((await view()).version).toBe(0)
  })
})

describe('settings the configuration fixes', () => {
  const apps: Awaited<ReturnType<typeof buildTestApp>>[] = []
  afterAll(async () => {
    for (const app of apps) await app.close()
  })

  it('are shown as fixed, win over a saved value, and cannot be changed here', async () => {
    // A value saved before the operator fixed the name: the configuration wins.
    expect((await save({ version: 0, name: 'Saved Name Council', phone: '+1 555 010 0404' })).statusCode).toBe(200)
    const app = await buildTestApp(setup.database.handle, {
      env: { ADMIN_EMAILS: OWNER, COUNCIL_NAME: 'Configured Council', COUNCIL_EMAIL: 'desk@example.org' },
      ssr: { render, assets: ASSETS },
    })
    apps.push(app)
    const cookie = await loginCookie(app, OWNER)
    const fixed = (
      await app.inject({ method: 'GET', url: '/api/admin/settings', headers: { cookie } })
    ).json<CouncilSettingsView>()
    expect(fixed.fixed).toEqual({ name: 'COUNCIL_NAME', email: 'COUNCIL_EMAIL' })
    expect(fixed.values).toMatchObject({
      name: 'Configured Council',
      email: 'desk@example.org',
      phone: '+1 555 010 0404',
    })

    const refused = await save({ version: 1, name: 'Another Name' }, cookie, app)
    expect(refused.statusCode).toBe(409)
    expect(refused.json().message).toBe(
      "Council name is set by the server's configuration (COUNCIL_NAME) and cannot be changed here.",
    )
    // Sent as shown, a fixed setting is no change: the rest is saved.
    const kept = await save({ version: 1, name: 'Configured Council', country: 'Canada' }, cookie, app)
    expect(kept.statusCode).toBe(200)
    expect(kept.json<CouncilSettingsView>().values).toMatchObject({ name: 'Configured Council', country: 'Canada' })
    const contact = await page('/contact', app)
    expect(contact).toContain('desk@example.org')
    expect(contact).not.toContain('Saved Name Council')
  })
})

describe('replicas', () => {
  const more = replicas()
  it('a save through one replica shows on another’s pages and PDFs within seconds', async (context) => {
    const url = setup.database.url
    if (!url) return context.skip() // replicas share a Postgres; PGlite is one process by design
    const options = { env: { ADMIN_EMAILS: OWNER, DATABASE_URL: url }, ssr: { render, assets: ASSETS } }
    const first = await more.start(url, options)
    const second = await more.start(url, options)
    // Both have kept /contact and the PDF with the starting values.
    expect(await page('/contact', second)).toContain('Available upon request')
    expect(await positionStatementPdf(second)).not.toContain('+1 555 010 0505')

    const cookie = await loginCookie(first, OWNER)
    expect((await save({ version: 0, phone: '+1 555 010 0505' }, cookie, first)).statusCode).toBe(200)
    const seen = await until(
      () => page('/contact', second),
      (body) => body.includes('+1 555 010 0505'),
    )
    expect(seen).toContain('+1 555 010 0505')
    expect(await positionStatementPdf(second)).toContain('+1 555 010 0505')
    expect(second.site.phone).toBe('+1 555 010 0505')
  })
})
