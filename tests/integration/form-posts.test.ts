import type { AddressInfo } from 'node:net'
import { sql } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { contactSubmissions, newsletterSubscribers, standardComments, testimonials } from '../../src/db/schema'
import { COMMENT_RECEIVED, seedStandards } from '../../src/server/services/standards'
import { render } from '../../src/server/ssr/render'
import { CONTACT_SUCCESS, NEWSLETTER_SUCCESS, TESTIMONIAL_SUCCESS } from '../../src/shared/form-texts'
import { buildTestApp, setUpTestApp } from '../helpers/build-app'
import { CROSS_ORIGIN, memberCookie, SAME_ORIGIN } from '../helpers/login'
import { type SmtpServer, startSmtpServer } from '../helpers/smtp'

/*
 * The public forms posted as plain HTML forms, without JavaScript
 * (docs/decisions/030-forms-without-javascript.md): a success is a 303 to a page saying so in the
 * toast's words; a refusal is the form's page again (4xx, HTML, never kept) with what was typed and
 * the messages; the honeypot, the rate limits and the cross-site rule hold as for JSON, which is
 * answered as before.
 */

const ssr = { render, assets: { scripts: ['/assets/entry.js'], css: [], preloads: [] } }
const setup = setUpTestApp({ ssr, env: { ADMIN_EMAILS: 'admin@example.org' } })
const G002 = 'MHBOT-SC-G-002'

const FORM = { ...SAME_ORIGIN, 'content-type': 'application/x-www-form-urlencoded' }

const post = (url: string, fields: Record<string, string>, headers: Record<string, string> = {}, app = setup.app) =>
  app.inject({ method: 'POST', url, headers: { ...FORM, ...headers }, payload: new URLSearchParams(fields).toString() })
const get = (url: string, app = setup.app) => app.inject({ method: 'GET', url })

/** The page's text as a reader gets it: tags dropped, character references read. */
const textOf = (html: string) =>
  html
    .replace(/<script[\s\S]*?<\/script>/g, ' ')
    .replace(/<[^>]*>/g, ' ')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ')

/** The form state the page carries for the browser's hydration. */
const stateOf = (html: string) => {
  const block = /<script type="application\/json" id="form-post">([\s\S]*?)<\/script>/.exec(html)?.[1]
  return block === undefined ? undefined : JSON.parse(block)
}

/** The notice above the form (components/notice-box.tsx): its role and its text. */
const noticeOf = (html: string) => {
  const open = /<div[^>]*data-testid="form-notice"[^>]*>/.exec(html)
  if (!open) return null
  const rest = html.slice(open.index + open[0].length)
  // Its title and its message are two paragraphs; the box ends where they do.
  return {
    role: /role="(\w+)"/.exec(open[0])?.[1],
    text: textOf(rest.slice(0, rest.indexOf('</div>'))).trim(),
  }
}

/** The page's form: posted to `action`, plainly. */
const formTagOf = (html: string, action: string) =>
  new RegExp(`<form[^>]*action="${action}"[^>]*>`).exec(html)?.[0] ?? ''

/** The attributes of the field named `name`. */
const fieldOf = (html: string, name: string) => new RegExp(`<(input|textarea)[^>]*name="${name}"[^>]*>`).exec(html)?.[0]

const count = async (table: typeof contactSubmissions | typeof testimonials | typeof newsletterSubscribers) =>
  (await setup.app.db.select().from(table)).length

const GOOD_CONTACT = {
  name: 'Ada Lovelace',
  email: 'ada@example.org',
  subject: 'Facility standards question',
  message: 'Which equipment standards apply to a new facility?',
  website: '',
}

describe('contact (/api/contact)', () => {
  it('a right post: 303 to /contact?sent=1, stored; that page says "Message Received" above an empty form', async () => {
    const response = await post('/api/contact', GOOD_CONTACT)
    expect(response.statusCode).toBe(303)
    expect(response.headers.location).toBe('/contact?sent=1#form-heading')
    expect(response.headers['cache-control']).toBe('no-store')
    expect(response.body).toBe('')
    const rows = await setup.app.db.select().from(contactSubmissions)
    expect(rows).toMatchObject([{ name: 'Ada Lovelace', email: 'ada@example.org', status: 'new' }])

    const page = await get('/contact?sent=1')
    expect(page.statusCode).toBe(200)
    expect(noticeOf(page.body)).toEqual({
      role: 'status',
      text: `${CONTACT_SUCCESS.title} ${CONTACT_SUCCESS.message}`,
    })
    expect(fieldOf(page.body, 'name')).toContain('value=""')
    expect(stateOf(page.body)).toBeUndefined()
    // The form itself posts to the API, each field named as the schema names it.
    expect(formTagOf(page.body, '/api/contact')).toContain('method="post"')
    for (const name of ['name', 'email', 'subject', 'message', 'website'])
      expect(fieldOf(page.body, name)).toBeDefined()
    // Without the parameter, no notice.
    expect(noticeOf((await get('/contact')).body)).toBeNull()
  })

  it('a bad post: 400, the page again with what was typed (escaped), each message, the first field focused', async () => {
    const typed = {
      name: '<',
      email: 'not-an-address',
      subject: '<b>Hi</b> "there"',
      message: '</script><script>x()</script>',
      website: '',
    }
    const response = await post('/api/contact', typed)
    expect(response.statusCode).toBe(400)
    expect(response.headers['content-type']).toMatch(/^text\/html/)
    expect(response.headers['cache-control']).toBe('no-store, private')
    const html = response.body
    // What was typed, as text in the fields, never as markup.
    expect(html).not.toContain('<b>Hi</b>')
    expect(html).not.toContain('<script>x()</script>')
    expect(fieldOf(html, 'name')).toContain('value="&lt;"')
    expect(fieldOf(html, 'subject')).toContain('value="&lt;b&gt;Hi&lt;/b&gt; &quot;there&quot;"')
    expect(html).toContain('&lt;/script&gt;&lt;script&gt;x()&lt;/script&gt;</textarea>')
    for (const message of ['Name must be at least 2 characters', 'Please enter a valid email address'])
      expect(textOf(html)).toContain(message)
    // The first refused field: marked, described by its message, and focused when the page opens.
    const name = fieldOf(html, 'name') ?? ''
    expect(name).toContain('aria-invalid="true"')
    expect(name).toMatch(/aria-describedby="[^"]+"/)
    expect(name).toContain('autofocus')
    expect(fieldOf(html, 'subject')).not.toContain('aria-invalid')
    expect(fieldOf(html, 'email')).not.toContain('autofocus')
    // The toast's words above the form.
    expect(noticeOf(html)).toEqual({ role: 'alert', text: 'Submission Failed Name must be at least 2 characters' })
    // The browser starts from the same state, at the page's own address; the block cannot be ended by a value.
    expect(html).not.toMatch(/id="form-post">[^<]*<\/script><script>/)
    expect(stateOf(html)).toEqual({
      form: 'contact',
      path: '/contact',
      values: typed,
      fields: { name: 'Name must be at least 2 characters', email: 'Please enter a valid email address' },
      message: 'Name must be at least 2 characters',
    })
    expect(await count(contactSubmissions)).toBe(0)
    // Never kept: the page itself still starts empty.
    const page = await get('/contact')
    expect(page.statusCode).toBe(200)
    expect(page.body).not.toContain('&lt;b&gt;Hi')
    expect(stateOf(page.body)).toBeUndefined()
  })

  it('an empty post: 400 with the four messages of the spec', async () => {
    const response = await post('/api/contact', { name: '', email: '', subject: '', message: '', website: '' })
    expect(response.statusCode).toBe(400)
    const text = textOf(response.body)
    for (const message of [
      'Name must be at least 2 characters',
      'Please enter a valid email address',
      'Subject must be at least 5 characters',
      'Message must be at least 10 characters',
    ])
      expect(text).toContain(message)
  })

  it('the honeypot: 303 to the same outcome, and nothing stored', async () => {
    const response = await post('/api/contact', { ...GOOD_CONTACT, website: 'https://spam.example' })
    expect(response.statusCode).toBe(303)
    expect(response.headers.location).toBe('/contact?sent=1#form-heading')
    expect(await count(contactSubmissions)).toBe(0)
  })

  it('from another site: 403, the form page saying so, nothing of the post shown, nothing stored', async () => {
    const response = await post('/api/contact', { ...GOOD_CONTACT, name: 'Foreign words' }, CROSS_ORIGIN)
    expect(response.statusCode).toBe(403)
    expect(response.headers['content-type']).toMatch(/^text\/html/)
    expect(noticeOf(response.body)).toEqual({
      role: 'alert',
      text: 'Submission Failed Cross-site requests are not allowed',
    })
    expect(response.body).not.toContain('Foreign words')
    expect(await count(contactSubmissions)).toBe(0)
  })

  it('JSON is answered as before: 201 with the message, 400 with fields, 403 from another site', async () => {
    const json = (payload: object, headers: Record<string, string> = SAME_ORIGIN) =>
      setup.app.inject({ method: 'POST', url: '/api/contact', headers, payload })
    const sent = await json(GOOD_CONTACT)
    expect(sent.statusCode).toBe(201)
    expect(sent.json()).toMatchObject({ ok: true, message: CONTACT_SUCCESS.message })
    const refused = await json({ ...GOOD_CONTACT, name: 'A' })
    expect(refused.statusCode).toBe(400)
    expect(refused.json()).toEqual({
      error: 'Bad Request',
      message: 'Name must be at least 2 characters',
      fields: { name: 'Name must be at least 2 characters' },
    })
    const foreign = await json(GOOD_CONTACT, CROSS_ORIGIN)
    expect(foreign.statusCode).toBe(403)
    expect(foreign.json()).toEqual({ error: 'Forbidden', message: 'Cross-site requests are not allowed' })
  })
})

describe('share your experience (/api/testimonials)', () => {
  const story = { name: 'Sam', location: '', testimonial: 'Calm sessions, clearly explained to me.', website: '' }

  it('without the consent box: 400 with its message, what was typed kept', async () => {
    const response = await post('/api/testimonials', story)
    expect(response.statusCode).toBe(400)
    expect(textOf(response.body)).toContain('Consent to publish is required')
    expect(response.body).toContain('Calm sessions, clearly explained to me.</textarea>')
    expect(noticeOf(response.body)?.text).toBe('Submission Failed Consent to publish is required')
    expect(stateOf(response.body)).toMatchObject({ form: 'testimonial', values: { consent: false, name: 'Sam' } })
    expect(await count(testimonials)).toBe(0)
  })

  it('with it ticked ("on"): 303 to /share-your-experience?sent=1, stored unapproved; that page says so', async () => {
    const response = await post('/api/testimonials', { ...story, consent: 'on' })
    expect(response.statusCode).toBe(303)
    expect(response.headers.location).toBe('/share-your-experience?sent=1#share-form-heading')
    const rows = await setup.app.db.select().from(testimonials)
    expect(rows).toMatchObject([{ name: 'Sam', location: null, isApproved: false }])
    expect(rows[0]?.consentedAt).toBeInstanceOf(Date)
    const page = await get('/share-your-experience?sent=1')
    expect(noticeOf(page.body)).toEqual({
      role: 'status',
      text: `${TESTIMONIAL_SUCCESS.title} ${TESTIMONIAL_SUCCESS.message}`,
    })
  })
})

describe('newsletter (/api/newsletter/subscribe)', () => {
  const origin = 'http://localhost:3000'

  it('back to the page it came from, with ?subscribed=1 saying "Successfully Subscribed!"', async () => {
    const response = await post('/api/newsletter/subscribe', { email: 'Reader@Example.org' }, { referer: `${origin}/` })
    expect(response.statusCode).toBe(303)
    expect(response.headers.location).toBe('/?subscribed=1#newsletter-heading')
    const rows = await setup.app.db.select().from(newsletterSubscribers)
    expect(rows).toMatchObject([{ email: 'reader@example.org', status: 'active' }])
    const page = await get('/?subscribed=1')
    expect(page.statusCode).toBe(200)
    expect(noticeOf(page.body)).toEqual({
      role: 'status',
      text: `${NEWSLETTER_SUCCESS.title} ${NEWSLETTER_SUCCESS.message}`,
    })
    expect(fieldOf(page.body, 'email')).toContain('value=""')
  })

  it('keeps the page and its query, replaces an earlier outcome; another site or none means the home page', async () => {
    const to = async (referer: string | undefined) =>
      (await post('/api/newsletter/subscribe', { email: 'reader@example.org' }, referer ? { referer } : {})).headers
        .location
    expect(await to(`${origin}/news?page=2`)).toBe('/news?page=2&subscribed=1#newsletter-heading')
    expect(await to(`${origin}/?subscribed=confirm`)).toBe('/?subscribed=1#newsletter-heading')
    expect(await to('https://evil.example/contact')).toBe('/?subscribed=1#newsletter-heading')
    expect(await to(`${origin}//evil.example/x`)).toBe('/?subscribed=1#newsletter-heading')
    // After a refusal the browser is at the API route; the next post names it.
    expect(await to(`${origin}/api/newsletter/subscribe`)).toBe('/?subscribed=1#newsletter-heading')
    expect(await to('not a url')).toBe('/?subscribed=1#newsletter-heading')
    expect(await to(undefined)).toBe('/?subscribed=1#newsletter-heading')
  })

  it('a refused address: 400, the page again with the address and "Subscription Failed"', async () => {
    const response = await post('/api/newsletter/subscribe', { email: 'a@b' }, { referer: `${origin}/` })
    expect(response.statusCode).toBe(400)
    expect(fieldOf(response.body, 'email')).toContain('value="a@b"')
    expect(fieldOf(response.body, 'email')).toContain('aria-invalid="true"')
    expect(textOf(response.body)).toContain('Please enter a valid email address')
    expect(noticeOf(response.body)).toEqual({
      role: 'alert',
      text: 'Subscription Failed Please check your email address and try again.',
    })
    expect(stateOf(response.body)).toMatchObject({ form: 'newsletter', path: '/', values: { email: 'a@b' } })
    expect(await count(newsletterSubscribers)).toBe(0)
  })
})

describe('a comment on a standard in review (/api/standards/{key}/versions/{version}/comments)', () => {
  const url = `/api/standards/${G002}/versions/1.1/comments`
  const page = `/standards/${G002}/v/1.1`
  const comment = {
    name: 'Dana Reader',
    organisation: '',
    email: 'dana@example.org',
    section: 'Before the session',
    comment: 'The checklist should ask about recent ear surgery.',
    proposedChange: '',
    website: '',
  }

  beforeEach(async () => {
    await seedStandards(setup.app.db, setup.app.site)
    const editor = { ...SAME_ORIGIN, cookie: await memberCookie(setup.app, 'editor@example.org', 'editor') }
    const current = (await get(`/api/standards/${G002}`)).json().current.body as string
    const draft = await setup.app.inject({
      method: 'POST',
      url: `/api/admin/standards/${G002}/versions`,
      headers: editor,
      payload: { version: '1.1', changeSummary: 'Screening in writing.', body: `${current}\n\nOne more line.` },
    })
    expect(draft.statusCode, draft.body).toBe(201)
    const closesAt = new Date(Date.now() + 30 * 86_400_000).toISOString()
    const review = await setup.app.inject({
      method: 'POST',
      url: `/api/admin/standards/${G002}/versions/1.1/review`,
      headers: editor,
      payload: { closesAt },
    })
    expect(review.statusCode, review.body).toBe(200)
  })

  it('a right post: 303 to the version with ?commented=1, stored without consent; that page says so', async () => {
    const response = await post(url, comment)
    expect(response.statusCode).toBe(303)
    expect(response.headers.location).toBe(`${page}?commented=1#comment-form`)
    const rows = await setup.app.db.select().from(standardComments)
    expect(rows).toMatchObject([{ name: 'Dana Reader', organisation: null, proposedChange: null, consent: false }])
    const shown = await get(`${page}?commented=1`)
    expect(shown.statusCode).toBe(200)
    expect(noticeOf(shown.body)).toEqual({ role: 'status', text: `Comment received ${COMMENT_RECEIVED}` })
    expect(formTagOf(shown.body, url)).toContain('method="post"')
  })

  it('the consent box ticked is consent', async () => {
    expect((await post(url, { ...comment, consent: 'on' })).statusCode).toBe(303)
    expect(await setup.app.db.select({ consent: standardComments.consent }).from(standardComments)).toEqual([
      { consent: true },
    ])
  })

  it('a bad post: 400, the version page again with the comment kept and each message', async () => {
    const response = await post(url, { ...comment, email: 'dana', section: '' })
    expect(response.statusCode).toBe(400)
    expect(textOf(response.body)).toContain('Please enter a valid email address')
    expect(textOf(response.body)).toContain('Say which section your comment is about')
    expect(response.body).toContain('The checklist should ask about recent ear surgery.</textarea>')
    expect(fieldOf(response.body, 'email')).toContain('autofocus')
    expect(stateOf(response.body)).toMatchObject({ form: 'comment', path: page })
  })

  it('once the review has closed: 409, the form again with the comment and the reason', async () => {
    await setup.app.db.execute(
      sql`update standard_versions set review_closes_at = now() - interval '1 minute' where state = 'review'`,
    )
    const response = await post(url, comment)
    expect(response.statusCode).toBe(409)
    const notice = noticeOf(response.body)
    expect(notice?.role).toBe('alert')
    expect(notice?.text).toMatch(/^Submission Failed The public review of MHBOT-SC\/G-002 version 1\.1 closed on /)
    expect(response.body).toContain('The checklist should ask about recent ear surgery.</textarea>')
    expect(await setup.app.db.select().from(standardComments)).toEqual([])
  })
})

describe('rate limits for form posts', () => {
  let limited: FastifyInstance
  let base: string
  beforeAll(async () => {
    limited = await buildTestApp(setup.database.handle, {
      env: { RATE_LIMITS: 'on', RATE_LIMIT_CONTACT: '1/10m' },
      ssr,
    })
    await limited.listen({ port: 0, host: '127.0.0.1' })
    base = `http://127.0.0.1:${(limited.server.address() as AddressInfo).port}`
  })
  afterAll(async () => {
    await limited?.close()
  })

  it('past the budget: 429 with Retry-After, the page again with what was typed and the reason', async () => {
    // Over a real socket: the limit refuses the post before its body is read.
    const send = (fields: Record<string, string>) =>
      fetch(`${base}/api/contact`, {
        method: 'POST',
        headers: { ...FORM, origin: base },
        body: new URLSearchParams(fields).toString(),
        redirect: 'manual',
      })
    const first = await send(GOOD_CONTACT)
    expect(first.status).toBe(303)
    const second = await send({ ...GOOD_CONTACT, subject: 'A second question' })
    expect(second.status).toBe(429)
    expect(Number(second.headers.get('retry-after'))).toBeGreaterThan(0)
    expect(second.headers.get('content-type')).toMatch(/^text\/html/)
    const html = await second.text()
    expect(noticeOf(html)).toEqual({
      role: 'alert',
      text: 'Submission Failed Too many requests. Please wait a few minutes and try again.',
    })
    expect(fieldOf(html, 'subject')).toContain('value="A second question"')
    expect(await count(contactSubmissions)).toBe(1)
  })
})

describe('a form body where no form posts', () => {
  it('is refused as before (415)', async () => {
    const cookie = await memberCookie(setup.app, 'editor@example.org', 'editor')
    const response = await post('/api/research-studies', { title: 'x' }, { cookie })
    expect(response.statusCode).toBe(415)
    expect(response.json()).toMatchObject({ error: 'Unsupported Media Type' })
  })
})

describe('sign-in by e-mail (mail on, no identity provider)', () => {
  let smtp: SmtpServer
  let mailing: FastifyInstance
  beforeAll(async () => {
    smtp = await startSmtpServer()
    mailing = await buildTestApp(setup.database.handle, { env: { SMTP_URL: smtp.url }, ssr })
  })
  afterAll(async () => {
    await mailing?.close()
    await smtp?.stop()
  })

  it('the page posts a plain form to /api/login/email', async () => {
    const page = await get('/api/login', mailing)
    expect(page.body).toContain('<form method="post" action="/api/login/email">')
    expect(page.body).toContain('name="email"')
  })

  it('a post: 303 to a page saying a link is on its way (the same for any address)', async () => {
    const response = await post('/api/login/email', { email: 'stranger@example.org' }, {}, mailing)
    expect(response.statusCode).toBe(303)
    expect(response.headers.location).toBe('/api/login/email')
    const page = await get('/api/login/email', mailing)
    expect(page.statusCode).toBe(200)
    expect(page.headers['cache-control']).toBe('no-store')
    expect(textOf(page.body)).toContain('Check your e-mail')
    expect(textOf(page.body)).toContain('If this address belongs to a member of the council’s team')
  })

  it('a bad address: 400, the form again with the address kept and the reason tied to it', async () => {
    const response = await post('/api/login/email', { email: '<nobody>' }, {}, mailing)
    expect(response.statusCode).toBe(400)
    expect(response.body).toContain('value="&lt;nobody&gt;"')
    expect(response.body).toContain('aria-invalid="true" aria-describedby="email-error" autofocus')
    expect(response.body).toContain('<p id="email-error" class="error">Enter a valid e-mail address.</p>')
  })

  it('from another site: 403 as a page; JSON as before', async () => {
    const foreign = await post('/api/login/email', { email: 'x@example.org' }, CROSS_ORIGIN, mailing)
    expect(foreign.statusCode).toBe(403)
    expect(textOf(foreign.body)).toContain('Cross-site requests are not allowed')
    const json = await mailing.inject({
      method: 'POST',
      url: '/api/login/email',
      headers: SAME_ORIGIN,
      payload: { email: 'nobody' },
    })
    expect(json.statusCode).toBe(400)
    expect(json.json()).toEqual({ error: 'Bad Request', message: 'Enter a valid e-mail address' })
    const fine = await mailing.inject({
      method: 'POST',
      url: '/api/login/email',
      headers: SAME_ORIGIN,
      payload: { email: 'x@example.org' },
    })
    expect(fine.statusCode).toBe(200)
    expect(fine.json()).toMatchObject({ message: expect.stringContaining('sign-in link') })
  })
})
