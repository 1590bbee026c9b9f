import { describe, expect, it } from 'vitest'
import { pageText } from '../../src/server/services/page-text'
import { segments } from '../../src/server/services/site-search'

/** The two parts of the site search that need no database (docs/decisions/029-site-search.md). */

describe("a page's words (pageText)", () => {
  const html = `<!DOCTYPE html><html><head><title>Safety &amp; Standards | mHBOT Standards Council</title>
    <script>var notText = 1</script></head><body>
    <header><nav>Home About</nav></header>
    <main id="main-content"><style>.x{color:red}</style>
      <section><h1>Safety &amp; Standards</h1><p>The protocols<a href="/a">Start</a><a href="/b">Contact</a> <a href="/c">the guide</a>.</p></section>
      <section aria-labelledby="one"><h2 id="one">Core <em>Protocols</em></h2>
        <div><span aria-hidden="true">1</span><h3>Client Screening</h3><p>Every client is screened.</p></div>
      </section>
      <section><h2>No anchor</h2><p>Words<br>after a break.</p></section>
      <div data-nosearch="true"><h2 id="skip">Important Disclaimer</h2><p>Not medical advice.</p></div>
    </main>
    <footer>Footer words</footer></body></html>`

  it('reads <main> by section, with the title, anchors and nothing skipped', () => {
    expect(pageText(html, '/safety')).toEqual([
      {
        kind: 'page',
        page: '/safety',
        url: '/safety',
        title: 'Safety & Standards',
        text: 'The protocols Start Contact the guide.',
      },
      {
        kind: 'page',
        page: '/safety',
        url: '/safety#one',
        title: 'Safety & Standards: Client Screening',
        text: 'Every client is screened.',
      },
      {
        kind: 'page',
        page: '/safety',
        url: '/safety',
        title: 'Safety & Standards: No anchor',
        text: 'Words after a break.',
      },
    ])
  })

  it("the FAQ's questions are entries of their own, linked by the id inside their heading", () => {
    const faq = `<html><head><title>FAQ | x</title></head><body><main><h1>Frequently Asked Questions</h1><p>Answers.</p>
      <h2 id="faq-start">Getting Started</h2>
      <div><h3><button id="question-start-1-question"><span>Is it safe?</span><svg><title>icon</title></svg></button></h3>
      <div id="question-start-1-answer" hidden="">Screening comes first.</div></div></main></body></html>`
    expect(pageText(faq, '/faq')).toEqual([
      { kind: 'page', page: '/faq', url: '/faq', title: 'FAQ', text: 'Answers.' },
      {
        kind: 'faq',
        page: '/faq',
        url: '/faq#question-start-1-question',
        title: 'Is it safe?',
        text: 'Screening comes first.',
      },
    ])
  })

  it('a heading that names where to land (data-search-anchor) links there: a FAQ question to its answer', () => {
    const faq = `<html><head><title>FAQ | x</title></head><body><main><h1>Frequently Asked Questions</h1>
      <details name="faq"><summary><h3 id="question-a-1-question" data-search-anchor="question-a-1-answer">Is it safe?</h3></summary>
      <div id="question-a-1-answer">Screening comes first.</div></details></main></body></html>`
    expect(pageText(faq, '/faq').find((entry) => entry.kind === 'faq')).toEqual({
      kind: 'faq',
      page: '/faq',
      url: '/faq#question-a-1-answer',
      title: 'Is it safe?',
      text: 'Screening comes first.',
    })
  })
})

describe('a snippet as segments', () => {
  const S = '\uE000'
  const E = '\uE001'

  it('marks what Postgres marked, joins marked words with only spaces between them', () => {
    expect(segments(`at ${S}1.3${E} ${S}ATA${E}, commonly ${S}1.3${E}-1.5 ${S}ATA${E}.`)).toEqual([
      { text: 'at ', marked: false },
      { text: '1.3 ATA', marked: true },
      { text: ', commonly ', marked: false },
      { text: '1.3', marked: true },
      { text: '-1.5 ', marked: false },
      { text: 'ATA', marked: true },
      { text: '.', marked: false },
    ])
  })

  it('keeps markup as text and survives stray or unclosed marks', () => {
    expect(segments('<b>bold</b> &amp; text')).toEqual([{ text: '<b>bold</b> &amp; text', marked: false }])
    expect(segments(`a ${E}b ${S}c`)).toEqual([
      { text: 'a b ', marked: false },
      { text: 'c', marked: true },
    ])
    expect(segments('')).toEqual([])
  })
})
