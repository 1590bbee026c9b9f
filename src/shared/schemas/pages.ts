import { z } from 'zod'
import { escapeHtml } from '../html'
import type { SiteInfo } from '../site'
import { TextRevisionSchema, TextVersionSchema } from './site-text'
import { storableText } from './text'

/*
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

export const PAGE_LIMITS = { heading: 200, body: 20_000, title: 200, subtitle: 200, text: 5_000, items: 40 } as const
/** The page's description for search engines and link previews (issue 39, item 6). */
export const PAGE_DESCRIPTION_MAX = 160

const oneLine = (value: string) => !/[\r\n]/.test(value)

/** Text that may be empty (a part the section does not have), at most `max`, storable. */
const optional = (max: number, label: string) =>
  storableText(
    z
      .string({ error: `${label} must be text` })
      .trim()
      .max(max, `${label} must be at most ${max.toLocaleString('en-US')} characters`),
    label,
  )

export const PageItemSchema = z.object({
  title: optional(PAGE_LIMITS.title, 'Title').refine(oneLine, 'Title must be one line'),
  subtitle: optional(PAGE_LIMITS.subtitle, 'Subtitle').refine(oneLine, 'Subtitle must be one line').default(''),
  body: optional(PAGE_LIMITS.text, 'Text'),
})

export const PageSectionSchema = z.object({
  id: z.string({ error: 'Section must be named' }).max(60, 'Unknown section'),
  heading: optional(PAGE_LIMITS.heading, 'Heading').refine(oneLine, 'Heading must be one line').default(''),
  body: optional(PAGE_LIMITS.body, 'Text').default(''),
  items: z
    .array(PageItemSchema, { error: 'Cards must be a list' })
    .max(PAGE_LIMITS.items, `A section holds at most ${PAGE_LIMITS.items} cards`)
    .default([]),
})

/** A page's words as the editor sends them: its description and its sections, in the page's order. */
export const PageContentSchema = z.object({
  description: optional(PAGE_DESCRIPTION_MAX, 'Description').refine(oneLine, 'Description must be one line'),
  sections: z.array(PageSectionSchema, { error: 'Sections must be a list' }).max(20, 'Too many sections'),
})
export type PageContent = z.output<typeof PageContentSchema>

type Issue = { path: (string | number)[]; message: string }

/** What the page's definition asks of its content: its sections in order, each part it has filled, none it lacks. */
export function pageContentIssues(key: PageKey, content: PageContent): Issue[] {
  const definition: PageDefinition = PAGE_DEFINITIONS[key]
  const issues: Issue[] = []
  if (definition.everyPage) {
    if (content.description)
      issues.push({ path: ['description'], message: 'A part of every page has no description of its own' })
  } else if (!content.description) issues.push({ path: ['description'], message: 'Description is required' })
  const ids = content.sections.map((section) => section.id)
  const expected = definition.sections.map((section) => section.id)
  if (ids.join('\n') !== expected.join('\n')) {
    issues.push({ path: ['sections'], message: `The page has its ${expected.length} sections, in their order` })
    return issues
  }
  definition.sections.forEach((wanted, index) => {
    const section = content.sections[index]
    if (!section) return
    const at = (...rest: (string | number)[]) => ['sections', index, ...rest]
    if (wanted.heading && !section.heading) issues.push({ path: at('heading'), message: 'Heading is required' })
    if (!wanted.heading && section.heading) issues.push({ path: at('heading'), message: 'This section has no heading' })
    if (wanted.body && !section.body) issues.push({ path: at('body'), message: 'Text is required' })
    if (!wanted.body && section.body) issues.push({ path: at('body'), message: 'This section has no text of its own' })
    const items: SectionDefinition['items'] = wanted.items
    if (!items) {
      if (section.items.length > 0) issues.push({ path: at('items'), message: 'This section has no cards' })
      return
    }
    if (section.items.length === 0) issues.push({ path: at('items'), message: 'The section keeps at least one card' })
    section.items.forEach((item, itemIndex) => {
      if (!item.title) issues.push({ path: at('items', itemIndex, 'title'), message: 'Title is required' })
      if (items.subtitle && !item.subtitle)
        issues.push({ path: at('items', itemIndex, 'subtitle'), message: 'Subtitle is required' })
      if (!items.subtitle && item.subtitle)
        issues.push({ path: at('items', itemIndex, 'subtitle'), message: 'These cards have no subtitle' })
      if (!item.body) issues.push({ path: at('items', itemIndex, 'body'), message: 'Text is required' })
    })
  })
  return issues
}

const KeySchema = z.enum(PAGE_KEYS as [PageKey, ...PageKey[]], { error: 'Unknown page' })

/** A page's content checked against its definition, the issues under `content`. */
const checked = <T extends { key: PageKey; content: PageContent }>(value: T, ctx: z.RefinementCtx) => {
  for (const issue of pageContentIssues(value.key, value.content))
    ctx.addIssue({ code: 'custom', path: ['content', ...issue.path], message: issue.message })
}

export const PageKeyInputSchema = z.object({ key: KeySchema })
export const PageDraftInputSchema = z
  .object({ key: KeySchema, version: TextVersionSchema, content: PageContentSchema })
  .superRefine(checked)
export const PagePreviewInputSchema = z.object({ key: KeySchema, content: PageContentSchema }).superRefine(checked)
export const PagePublishInputSchema = z.object({ key: KeySchema, version: TextVersionSchema })
export const PageRevisionInputSchema = z.object({ key: KeySchema, revision: TextRevisionSchema })
export const PageRestoreInputSchema = PageRevisionInputSchema.extend({ version: TextVersionSchema })

const RenderedSchema = z.object({ html: z.string(), text: z.string() })

/**
 * A page as stored: the editor's content, and each body as the server's renderer made it (HTML and
 * plain text), in the same order. Only the server renders; the editor reads the stored HTML.
 */
export const StoredPageSchema = PageContentSchema.extend({
  rendered: z.array(z.object({ body: RenderedSchema, items: z.array(RenderedSchema) })),
})
export type StoredPage = z.output<typeof StoredPageSchema>

/** A section as the page shows it: its heading, its body's HTML, its cards. */
export type PageSectionView = {
  heading: string
  html: string
  items: { title: string; subtitle: string; html: string }[]
}
export type PageView = { key: PageKey; description: string; sections: Record<string, PageSectionView> }

/** The page as its component reads it: each section by its id. */
export function viewOf(key: PageKey, page: StoredPage): PageView {
  const sections: Record<string, PageSectionView> = {}
  page.sections.forEach((section, index) => {
    const output = page.rendered[index]
    sections[section.id] = {
      heading: section.heading,
      html: output?.body.html ?? '',
      items: section.items.map((item, itemIndex) => ({
        title: item.title,
        subtitle: item.subtitle,
        html: output?.items[itemIndex]?.html ?? '',
      })),
    }
  })
  return { key, description: page.description, sections }
}
