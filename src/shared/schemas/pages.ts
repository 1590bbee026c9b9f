import { z } from 'zod'
import {
  PAGE_DEFINITIONS,
  PAGE_KEYS,
  type PageDefinition,
  type PageKey,
  type SectionDefinition,
} from '../page-definitions'
import { TextRevisionSchema, TextVersionSchema } from './site-text'
import { storableText } from './text'

// The definitions live without zod, for the pages' code (page-definitions.ts); the server and the
// admin read them here too.
export {
  COUNCIL_TOKEN,
  PAGE_DEFINITIONS,
  PAGE_KEYS,
  PAGE_TOKENS,
  type PageDefinition,
  type PageKey,
  type SectionDefinition,
  withSettings,
} from '../page-definitions'

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
