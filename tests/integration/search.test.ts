import { eq } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  contactSubmissions,
  newsletterSubscribers,
  posts,
  researchStudies,
  standardComments,
  standardDocuments,
  standardVersions,
  testimonials,
  users,
} from '../../src/db/schema'
import { seedIfEmpty } from '../../src/db/seed'
import { seedStandards } from '../../src/server/services/standards'
import { render } from '../../src/server/ssr/render'
import type { SearchKind, SiteSearchAnswer } from '../../src/shared/search'
import { buildTestApp, setUpTestApp } from '../helpers/build-app'
import { renderStarterDocument } from '../helpers/db'
import { SAME_ORIGIN } from '../helpers/login'

/*
 * The site's search (docs/decisions/029-site-search.md) on this file's database, Postgres or the
 * embedded PGlite (the suite runs it on both): the pages' own words, the FAQ, the standards, the
 * studies, the resources and the published news, grouped, with the matching words marked; nothing
 * that is not public; bad searches refused with a reason, never a 5xx; no search answer kept.
 */

const setup = setUpTestApp({ ssr: { render, assets: { scripts: [], css: [], preloads: [] } }, reset: false })

/** Words found only in rows that must never be found, each in one place. */
const SECRET = {
  draftPost: 'quokkaflux',
  scheduledPost: 'wombatrix',
  draftVersion: 'platypoid',
  withdrawnVersion: 'echidnal',
  subscriber: 'hidden-reader@example.org',
  visitorMessage: 'xylographic',
  unapproved: 'numbatine',
  commenterEmail: 'commenter-secret@example.org',
  commentWord: 'bilbyesque',
  userEmail: 'staff-only@example.org',
}

beforeAll(async () => {
  const { db } = setup.database.handle
  await seedIfEmpty(db, renderStarterDocument)
  await seedStandards(db, setup.app.site)
  const day = 24 * 60 * 60 * 1000
  await db.insert(posts).values([
    {
      slug: 'zephyrine-chambers',
      title: 'Zephyrine chambers reviewed',
      summary: 'The council looked at zephyrine chambers.',
      body: '## Findings\n\nEvery **zephyrine** chamber was [inspected](https://example.org/report) twice.',
      status: 'published',
      publishedAt: new Date(Date.now() - day),
    },
    { slug: 'draft-post', title: 'A draft', summary: 'Not yet.', body: `About ${SECRET.draftPost}.`, status: 'draft' },
    {
      slug: 'scheduled-post',
      title: 'Scheduled',
      summary: 'Later.',
      body: `About ${SECRET.scheduledPost}.`,
      status: 'scheduled',
      publishAt: new Date(Date.now() + 30 * day),
    },
  ])
  // A study whose words look like markup, with the two characters Postgres marks matches with.
  await db.insert(researchStudies).values({
    title: 'Zebrafish <img src=x onerror=alert(1)> under pressure',
    authors: 'A. Tester',
    journal: 'Journal of <b>Bold</b> Claims',
    year: '2024',
    category: 'General Wellness',
    url: 'https://example.org/zebrafish',
    summary: 'Zebrafish <mark>swam</mark> &amp; rested at \uE000mild\uE001 pressure for a week.',
  })
  const documentsByKey = Object.fromEntries(
    (await db.select().from(standardDocuments)).map((document) => [document.key, document.id]),
  )
  const inReview = await db
    .insert(standardVersions)
    .values({
      documentId: documentsByKey['MHBOT-SC-G-002'] as number,
      version: '1.1',
      state: 'review',
      changeSummary: 'Adds the kangarooish screening question.',
      body: '# Session Safety Checklist\n\n- Ask every client the **kangarooish** screening question.',
      reviewOpenedAt: new Date(),
      reviewClosesAt: new Date(Date.now() + 30 * day),
    })
    .returning({ id: standardVersions.id })
  await db.insert(standardVersions).values([
    {
      documentId: documentsByKey['MHBOT-SC-G-003'] as number,
      version: '1.1',
      state: 'draft',
      body: `A draft about ${SECRET.draftVersion}.`,
    },
    {
      documentId: documentsByKey['MHBOT-SC-G-004'] as number,
      version: '0.9',
      state: 'withdrawn',
      body: `A withdrawn text about ${SECRET.withdrawnVersion}.`,
    },
  ])
  await db.insert(standardComments).values({
    versionId: inReview[0]?.id as number,
    name: 'Cora Commenter',
    email: SECRET.commenterEmail,
    section: 'Screening',
    comment: `The ${SECRET.commentWord} question is unclear.`,
  })
  await db.insert(newsletterSubscribers).values({ email: SECRET.subscriber })
  await db.insert(contactSubmissions).values({
    name: 'Vera Visitor',
    email: 'vera@example.org',
    subject: `About ${SECRET.visitorMessage} chambers`,
    message: `I read about ${SECRET.visitorMessage} chambers.`,
  })
  await db.insert(testimonials).values({ name: 'Una Approved-Not', testimonial: `A ${SECRET.unapproved} experience.` })
  await db.insert(users).values({ email: SECRET.userEmail, firstName: 'Staff' })
  // The starter data and the inserts above announced content changes; start from a settled state.
  await setup.app.contentEvents.settle()
})

const api = (q: string) => setup.app.inject({ method: 'GET', url: `/api/search?q=${encodeURIComponent(q)}` })

async function search(q: string): Promise<SiteSearchAnswer> {
  const response = await api(q)
  expect(response.statusCode, response.body.slice(0, 300)).toBe(200)
  return response.json() as SiteSearchAnswer
}

const kinds = (answer: SiteSearchAnswer) => answer.groups.map((group) => group.kind)
const group = (answer: SiteSearchAnswer, kind: SearchKind) => answer.groups.find((found) => found.kind === kind)
const marked = (answer: SiteSearchAnswer) =>
  answer.groups.flatMap((found) =>
    found.results.flatMap((result) => result.snippet.filter((part) => part.marked).map((part) => part.text)),
  )

describe('the site search', () => {
  it('finds "contraindications" in the pages, the FAQ and the standards, grouped in that order, marked', async () => {
    const answer = await search('contraindications')
    expect(answer.q).toBe('contraindications')
    expect(kinds(answer).slice(0, 3)).toEqual(['page', 'faq', 'standard'])
    for (const found of answer.groups) {
      expect(found.label).toBeTruthy()
      expect(found.results.length).toBeGreaterThan(0)
      expect(found.results.length).toBeLessThanOrEqual(10)
      for (const result of found.results) {
        expect(result.title).toBeTruthy()
        expect(result.url).toMatch(/^\//)
        expect(result.snippet.every((part) => typeof part.text === 'string' && typeof part.marked === 'boolean')).toBe(
          true,
        )
      }
    }
    const pages = group(answer, 'page')?.results ?? []
    // The safety page's own section comes first, linked by its heading's anchor.
    expect(pages[0]).toMatchObject({
      title: 'Safety & Standards: Contraindications',
      url: '/safety#contraindications-heading',
    })
    // A page is one result, at its best section.
    const paths = pages.map((result) => result.url.split('#')[0])
    expect(new Set(paths).size).toBe(paths.length)
    // FAQ questions link to their answer on the FAQ page, which the browser opens on arrival.
    const faq = group(answer, 'faq')?.results ?? []
    expect(faq.map((result) => result.title)).toContain('Who should not use a chamber without medical advice?')
    expect(faq.every((result) => /^\/faq#question-[a-z-]+-\d+-answer$/.test(result.url))).toBe(true)
    // The contraindications guide's current text, at the standard's address.
    const standards = group(answer, 'standard')?.results ?? []
    expect(standards.map((result) => result.url)).toContain('/standards/MHBOT-SC-G-003')
    expect(marked(answer).map((text) => text.toLowerCase())).toContain('contraindications')
    // A passage from within a longer text says so.
    const mission = pages.find((result) => result.url.startsWith('/about/mission-statement'))
    expect(mission?.snippet[0]?.text).toMatch(/^… \S/)
    expect(mission?.snippet.at(-1)?.text).toMatch(/\S …$/)
  })

  it('finds "1.3 ATA" in pages, FAQ, standards and studies, marking both words', async () => {
    const answer = await search('1.3 ATA')
    expect(kinds(answer)).toEqual(expect.arrayContaining(['page', 'faq', 'standard', 'study']))
    const words = marked(answer)
    expect(words).toContain('1.3 ATA')
    expect(words).toContain('1.3')
    expect(words).toContain('ATA')
  })

  it('finds the words a search stems to ("screens" finds "screening", "inspect" the post\'s "inspected")', async () => {
    const screening = await search('screens')
    expect(marked(screening)).toContain('screening')
    const inspected = await search('inspect zephyrine')
    expect(group(inspected, 'post')?.results).toEqual([
      {
        title: 'Zephyrine chambers reviewed',
        url: '/news/zephyrine-chambers',
        snippet: expect.arrayContaining([{ text: 'inspected', marked: true }]),
      },
    ])
    // The snippet of a Markdown body is its words: no emphasis, link syntax or address; a text this
    // short is whole, so no "…" before or after it.
    const text =
      group(inspected, 'post')
        ?.results[0]?.snippet.map((part) => part.text)
        .join('') ?? ''
    expect(text).toBe('The council looked at zephyrine chambers. Findings Every zephyrine chamber was inspected twice.')
  })

  it('finds a version in public review, marked as such, at its own address; never a draft or a withdrawn one', async () => {
    const answer = await search('kangarooish')
    expect(answer.groups).toEqual([
      {
        kind: 'standard',
        label: 'Standards',
        results: [
          {
            title: 'Session Safety Checklist (MHBOT-SC/G-002), version 1.1 in public review',
            url: '/standards/MHBOT-SC-G-002/v/1.1',
            snippet: expect.arrayContaining([{ text: 'kangarooish', marked: true }]),
          },
        ],
      },
    ])
    // The document's number finds its current text too.
    const byNumber = await search('MHBOT-SC/G-002')
    expect(group(byNumber, 'standard')?.results.map((result) => result.url)).toEqual(
      expect.arrayContaining(['/standards/MHBOT-SC-G-002', '/standards/MHBOT-SC-G-002/v/1.1']),
    )
  })

  it('never finds drafts, scheduled posts, or anything from the admin-only tables', async () => {
    for (const word of Object.values(SECRET)) {
      const response = await api(word)
      expect(response.statusCode).toBe(200)
      expect(response.json(), word).toEqual({ q: word, groups: [] })
    }
    // Nor any e-mail address in any answer.
    const broad = JSON.stringify(await search('screening or question or chambers or experience or email or council'))
    expect(broad.length).toBeGreaterThan(1000)
    expect(broad).not.toMatch(/@example\.org/)
  })

  it('answers text, never markup: tags in the content stay text, and only the search marks words', async () => {
    const answer = await search('zebrafish')
    const study = group(answer, 'study')?.results[0]
    expect(study?.title).toBe('Zebrafish <img src=x onerror=alert(1)> under pressure')
    expect(study?.url).toMatch(/^\/research#study-\d+$/)
    expect(study?.snippet.filter((part) => part.marked).map((part) => part.text)).toEqual(['Zebrafish'])
    const text = study?.snippet.map((part) => part.text).join('') ?? ''
    expect(text).not.toMatch(/[\uE000\uE001]/)
    // The page prints them as text; only the search's own marks are <mark>.
    const html = (await setup.app.inject({ method: 'GET', url: '/search?q=zebrafish' })).body
    expect(html).toContain('Zebrafish &lt;img src=x onerror=alert(1)&gt; under pressure')
    expect(html).not.toContain('<img src=x')
    expect(html.match(/<mark>[^<]*<\/mark>/g)).toEqual(['<mark>Zebrafish</mark>'])
    // What a visitor typed is text too, in the box, the title and the empty state.
    const typed = (await setup.app.inject({ method: 'GET', url: '/search?q=%3Cscript%3Ealert(1)%3C%2Fscript%3E' })).body
    expect(typed).not.toContain('<script>alert(1)')
    expect(typed).toContain('No results for “&lt;script&gt;alert(1)&lt;/script&gt;”')
  })

  it('a search of only common words finds nothing, and says so', async () => {
    expect(await search('the and of')).toEqual({ q: 'the and of', groups: [] })
    const html = (await setup.app.inject({ method: 'GET', url: '/search?q=the+and+of' })).body
    expect(html).toContain('No results for “the and of”')
  })

  it.each([
    ['nothing', '/api/search', 'Type a word or two to search the site.'],
    ['an empty search', '/api/search?q=', 'Type a word or two to search the site.'],
    ['a blank search', '/api/search?q=%20%20%20', 'Type a word or two to search the site.'],
    ['201 characters', `/api/search?q=${'a'.repeat(201)}`, 'Search must be at most 200 characters'],
    ['U+0000', '/api/search?q=oxygen%00', 'Search must not contain a null character'],
    ['two searches', '/api/search?q=a&q=b', undefined],
  ])('refuses %s with 400 and a reason', async (_, url, message) => {
    const response = await setup.app.inject({ method: 'GET', url })
    expect(response.statusCode).toBe(400)
    const body = response.json() as { error: string; message: string; fields?: Record<string, string> }
    expect(body.error).toBe('Bad Request')
    expect(body.fields?.q).toBe(body.message)
    if (message) expect(body.message).toBe(message)
  })

  it('an address that is not UTF-8 is searched as the text it holds, never a 5xx', async () => {
    // A lone surrogate cannot be written in UTF-8: tRPC's JSON can send one (refused below).
    expect(await search('oxygen%ED%A0%80')).toEqual({ q: 'oxygen%ED%A0%80', groups: [] })
  })

  it('200 characters are searched', async () => {
    expect((await api(`oxygen ${'a'.repeat(193)}`)).statusCode).toBe(200)
  })

  it('over tRPC: the same answer, and the same refusals with their reasons', async () => {
    const ask = (q: string) =>
      setup.app.inject({
        method: 'GET',
        url: `/trpc/search.query?input=${encodeURIComponent(JSON.stringify({ json: { q } }))}`,
        headers: SAME_ORIGIN,
      })
    const found = await ask('contraindications')
    expect(found.statusCode).toBe(200)
    expect(found.json().result.data.json).toEqual(await search('contraindications'))
    for (const [q, message] of [
      ['  ', 'Type a word or two to search the site.'],
      ['x'.repeat(201), 'Search must be at most 200 characters'],
      ['a\u0000b', 'Search must not contain a null character'],
      ['a\ud800b', 'Search must be valid Unicode text'],
    ] as const) {
      const refused = await ask(q)
      expect(refused.statusCode).toBe(400)
      expect(refused.json().error.json.message).toBe(message)
    }
  })
})

describe('the search page', () => {
  const page = (url: string) => setup.app.inject({ method: 'GET', url })
  // The page's own box, in <main>: the header's box comes first in the page and stays empty.
  const searchBox = (html: string) => /<input[^>]*name="q"[^>]*>/.exec(html.slice(html.indexOf('<main')))?.[0] ?? ''

  it('renders grouped results with marked words on the server, out of search engines, not kept', async () => {
    const response = await page('/search?q=contraindications')
    expect(response.statusCode).toBe(200)
    expect(response.headers['cache-control']).toBe('no-store, private')
    const html = response.body
    expect(html).toContain('<meta name="robots" content="noindex"/>')
    expect(html).not.toContain('rel="canonical"')
    // The empty page, the site's search form, is a page like the others for search engines.
    const empty = (await page('/search')).body
    expect(empty).toContain('<meta name="robots" content="index,follow"/>')
    expect(empty).toContain('rel="canonical"')
    expect(html).toContain('<title>Search results for “contraindications” | mHBOT Standards Council</title>')
    expect(html).toMatch(/<form[^>]*action="\/search"[^>]*method="get"|<form[^>]*method="get"[^>]*action="\/search"/)
    expect(searchBox(html)).toContain('value="contraindications"')
    for (const label of ['Pages', 'Frequently asked questions', 'Standards'])
      expect(html).toMatch(new RegExp(`<h2[^>]*>${label}</h2>`))
    expect(html).toContain('<mark>contraindications</mark>')
    expect(html).toContain('href="/safety#contraindications-heading"')
  })

  it('without a search: the box and the prompt, kept like any page', async () => {
    const response = await page('/search')
    expect(response.statusCode).toBe(200)
    expect(response.headers['cache-control']).toBe('no-cache')
    expect(response.body).toContain('Type a word or two to search the site.')
    expect(response.body).toMatch(/<input[^>]*name="q"/)
    expect((await page('/search?q=')).body).toContain('Type a word or two to search the site.')
  })

  it.each([
    [`/search?q=${'a'.repeat(201)}`, 'Search must be at most 200 characters'],
    ['/search?q=oxygen%00', 'Search must not contain a null character'],
  ])('%s: a clear message, no search, no error', async (url, message) => {
    const response = await page(url)
    expect(response.statusCode, response.body.slice(0, 200)).toBe(200)
    expect(response.body).toContain(message)
    expect(response.body).not.toContain('results for')
  })

  it('an address that is not UTF-8 is read as replacement characters: no results, no error', async () => {
    const response = await page('/search?q=%ED%A0%80')
    expect(response.statusCode).toBe(200)
    expect(response.body).toContain('No results for “\uFFFD\uFFFD\uFFFD”')
  })

  it('keeps "2.0" and "true" as the words typed, not as a number or a boolean', async () => {
    const html = (await page('/search?q=2.0')).body
    expect(searchBox(html)).toContain('value="2.0"')
    expect(html).toContain('<mark>2.0</mark>')
    expect(searchBox((await page('/search?q=true')).body)).toContain('value="true"')
  })

  it('no results: a helpful empty state', async () => {
    const html = (await page('/search?q=qwertyuiopasdf')).body
    expect(html).toContain('No results for “qwertyuiopasdf”')
    expect(html).toContain('href="/faq"')
    expect(html).toContain('href="/contact"')
  })

  it('is linked from the sitemap page, but not listed in /sitemap.xml', async () => {
    expect((await page('/sitemap')).body).toContain('href="/search"')
    const xml = (await page('/sitemap.xml')).body
    expect(xml).toContain('/sitemap</loc>')
    expect(xml).not.toContain('/search')
  })

  it('a stream of distinct searches keeps nothing: the kept answers do not grow', async () => {
    await page('/search')
    await page('/safety')
    const before = setup.app.keptAnswers.size
    const aliases = setup.app.keptAnswers.aliases
    for (let n = 0; n < 25; n += 1) {
      expect((await page(`/search?q=oxygen${n}`)).statusCode).toBe(200)
      expect((await api(`oxygen ${n}`)).statusCode).toBe(200)
    }
    expect(setup.app.keptAnswers.size).toBe(before)
    expect(setup.app.keptAnswers.aliases).toBe(aliases)
  })
})

describe("the pages' words", () => {
  it('are read once and kept until content changes', async () => {
    const first = await setup.app.siteText.pages()
    expect(first.length).toBeGreaterThan(20)
    expect(await setup.app.siteText.pages()).toBe(first)
    expect(first.map((text) => text.page)).not.toContain('/research')
    // Nothing the pages mark as not searched: the disclaimer every page repeats.
    expect(first.some((text) => text.text.includes('Important Disclaimer'))).toBe(false)
    await setup.database.handle.db
      .update(researchStudies)
      .set({ year: '2025' })
      .where(eq(researchStudies.url, 'https://example.org/zebrafish'))
    await setup.app.contentEvents.settle()
    const again = await setup.app.siteText.pages()
    expect(again).not.toBe(first)
    expect(again).toEqual(first)
  })

  describe('without server rendering', () => {
    let bare: FastifyInstance
    beforeAll(async () => {
      bare = await buildTestApp(setup.database.handle)
    })
    afterAll(async () => {
      await bare.close()
    })

    it('the pages part is empty; the tables are still searched', async () => {
      const response = await bare.inject({ method: 'GET', url: '/api/search?q=contraindications' })
      expect(response.statusCode).toBe(200)
      const answer = response.json() as SiteSearchAnswer
      expect(kinds(answer)).not.toContain('page')
      expect(kinds(answer)).not.toContain('faq')
      expect(kinds(answer)).toContain('standard')
    })
  })
})
