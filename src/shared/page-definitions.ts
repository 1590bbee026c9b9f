import { escapeHtml } from './html'
import type { SiteInfo } from './site'

/*
 * Without zod, so that the pages' code can read it without the schemas (decision 021): which pages'
 * words are content, their sections, and the council's settings in their text. The schemas that
 * check what an editor sends are in schemas/pages.ts.
 *
 * The public pages' prose as content (issue 39, item 1; docs/decisions/055-pages-as-content.md).
 * A page's layout stays in code: which sections it has, in what order, and what each holds (a
 * heading, a Markdown body, a list of cards) is fixed here, per page. The council edits the words:
 * each section's heading and body, each card's title and text, the cards' number and order, and
 * the page's description for search engines. What the specification fixes (titles, the hero's
 * title, form labels, the disclaimer's presence) is not a section and not editable.
 */

/** Stands for the council's name in a page's text: the page shows the name its settings give now. */
export const COUNCIL_TOKEN = '{council}'

/**
 * The words that stand for a council setting in a page's text, `{council}` for its name and
 * `{email}` for its address: the page shows what the settings say now, so a renamed council or a
 * new address needs no page edited.
 */
export const PAGE_TOKENS = { [COUNCIL_TOKEN]: 'name', '{email}': 'email' } as const satisfies Record<
  string,
  keyof SiteInfo
>

/**
 * A body's stored HTML with each token replaced by its setting: in the text, and in a link's
 * address, where the renderer wrote the braces percent-encoded (`mailto:%7Bemail%7D`).
 */
export function withSettings(html: string, site: Pick<SiteInfo, 'name' | 'email'>): string {
  if (!html.includes('{') && !html.includes('%7B')) return html
  let out = html
  for (const [token, setting] of Object.entries(PAGE_TOKENS)) {
    const value = site[setting]
    const encoded = `%7B${token.slice(1, -1)}%7D`
    out = out.replaceAll(token, escapeHtml(value)).replaceAll(encoded, escapeHtml(encodeURI(value)))
  }
  return out
}

/** What one section of a page holds, besides nothing: its heading, its body, its cards. */
export type SectionDefinition = {
  id: string
  /** What the editor calls the section. */
  label: string
  heading?: true
  body?: true
  /** The section's cards: each a title and a text (Markdown), and a subtitle where `subtitle` names it. */
  items?: { label: string; subtitle?: string }
}

export type PageDefinition = {
  /** Where the words show; for a part of every page (the footer), the home page, where an editor looks. */
  path: string
  /** The page's name in the admin and in sentences. */
  label: string
  /** A part of every page, not a page of its own: no description, and no date of its own in the sitemap. */
  everyPage?: true
  sections: readonly SectionDefinition[]
}

export const PAGE_DEFINITIONS = {
  home: {
    path: '/',
    label: 'Home',
    sections: [
      { id: 'mission', label: 'Our mission', heading: true, body: true },
      { id: 'what', label: 'What mild hyperbaric oxygen is', heading: true, body: true },
      { id: 'benefits', label: 'Wellness benefits', heading: true, items: { label: 'Benefit' } },
      { id: 'testimonials', label: 'What people say (above the button)', heading: true, body: true },
      { id: 'cta', label: 'Closing band', heading: true, body: true },
    ],
  },
  safety: {
    path: '/safety',
    label: 'Safety & Standards',
    sections: [
      { id: 'intro', label: 'Opening line, under the title', body: true },
      { id: 'protocols', label: 'Core safety protocols', heading: true, items: { label: 'Protocol' } },
      { id: 'guidelines', label: 'Session guidelines', heading: true, items: { label: 'Guideline' } },
      { id: 'contraindications', label: 'Contraindications, before the list', heading: true, body: true },
      { id: 'contraindications-after', label: 'Contraindications, after the list', body: true },
      {
        id: 'standards',
        label: 'Facility and equipment standards',
        heading: true,
        body: true,
        items: { label: 'Standard', subtitle: 'Subtitle' },
      },
    ],
  },
  about: {
    path: '/about',
    label: 'About Us',
    sections: [
      { id: 'intro', label: 'Opening line, under the title', body: true },
      { id: 'who', label: 'Who we are', heading: true, body: true },
      { id: 'values', label: 'Core values', heading: true, items: { label: 'Value' } },
      { id: 'what', label: 'What we do', heading: true, body: true },
      { id: 'commitment', label: 'Our commitment', heading: true, body: true },
      {
        id: 'inquiry',
        label: 'Questions or inquiries (above the council’s contact details, at the end)',
        heading: true,
        body: true,
      },
    ],
  },
  mission: {
    path: '/about/mission-statement',
    label: 'Mission Statement',
    sections: [
      { id: 'intro', label: 'Opening line, under the title', body: true },
      { id: 'mission', label: 'The mission, set apart', heading: true, body: true },
      { id: 'mission-after', label: 'After the mission', body: true },
      { id: 'pillars', label: 'The pillars', heading: true, items: { label: 'Pillar' } },
      { id: 'commitments', label: 'Commitments', heading: true, items: { label: 'Commitment' } },
    ],
  },
  research: {
    path: '/research',
    label: 'Research Library',
    sections: [{ id: 'intro', label: 'Opening line, above the library', body: true }],
  },
  resources: {
    path: '/resources',
    label: 'Educational Resources',
    sections: [{ id: 'intro', label: 'Opening line, above the library', body: true }],
  },
  benefits: {
    path: '/benefits',
    label: 'Benefits',
    sections: [
      { id: 'intro', label: 'Opening line, under the title', body: true },
      { id: 'benefits', label: 'Potential benefits', heading: true, body: true, items: { label: 'Benefit' } },
      { id: 'integration', label: 'Fitting sessions into a routine', heading: true, body: true },
      { id: 'notes', label: 'Important notes', heading: true, body: true },
    ],
  },
  education: {
    path: '/education',
    label: 'Education',
    sections: [
      { id: 'intro', label: 'Opening line, under the title', body: true },
      { id: 'what', label: 'What mild hyperbaric oxygen is (above the pressure scale)', heading: true, body: true },
      { id: 'how', label: 'How it works', heading: true, items: { label: 'Step' } },
      { id: 'concepts', label: 'Key concepts', heading: true, items: { label: 'Concept', subtitle: 'Figure' } },
      { id: 'compare', label: 'Wellness versus medical (above the table)', heading: true, body: true },
      { id: 'next', label: 'Next page', heading: true, body: true },
    ],
  },
  contact: {
    path: '/contact',
    label: 'Contact Us',
    sections: [
      { id: 'intro', label: 'Opening line, under the title', body: true },
      { id: 'info', label: 'Contact details (the details themselves are the council settings)', heading: true },
      { id: 'topics', label: 'Common inquiry topics (a list)', heading: true, body: true },
    ],
  },
  privacy: {
    path: '/privacy',
    label: 'Privacy',
    sections: [
      { id: 'intro', label: 'Opening line, under the title', body: true },
      { id: 'stored', label: 'What we store and why', heading: true, body: true, items: { label: 'Record' } },
      { id: 'removal', label: 'How to be removed', heading: true, body: true },
    ],
  },
  footer: {
    path: '/',
    label: 'Footer',
    everyPage: true,
    sections: [{ id: 'about', label: 'About the council (the footer’s first column)', body: true }],
  },
} as const satisfies Record<string, PageDefinition>

export type PageKey = keyof typeof PAGE_DEFINITIONS
export const PAGE_KEYS = Object.keys(PAGE_DEFINITIONS) as PageKey[]
