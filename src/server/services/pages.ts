import { ABOUT_PAGE } from '../../content/pages/about'
import { BENEFITS_PAGE } from '../../content/pages/benefits'
import { CONTACT_PAGE } from '../../content/pages/contact'
import { EDUCATION_PAGE } from '../../content/pages/education'
import { FOOTER_TEXT } from '../../content/pages/footer'
import { HOME_PAGE } from '../../content/pages/home'
import { RESEARCH_PAGE, RESOURCES_PAGE } from '../../content/pages/libraries'
import { MISSION_PAGE } from '../../content/pages/mission'
import { PRIVACY_PAGE } from '../../content/pages/privacy'
import { SAFETY_PAGE } from '../../content/pages/safety'
import type { Db } from '../../db/client'
import {
  PAGE_DEFINITIONS,
  PAGE_KEYS,
  type PageContent,
  type PageDefinition,
  type PageKey,
  type PageView,
  type StoredPage,
  StoredPageSchema,
  viewOf,
} from '../../shared/schemas/pages'
import { BadInputError, NotFoundError } from '../errors'
import type { Actor } from './audit'
import { MarkdownRefusedError, renderBody } from './markdown'
import { publishedDates, type SiteTextRevisionEntry, siteTextStore } from './site-texts'

/*
 * The public pages' prose as content (issue 39, item 1; docs/decisions/055-pages-as-content.md):
 * one text of the site-texts store per page (key `page:<name>`), its layout fixed in code
 * (shared/schemas/pages.ts). Each Markdown body is rendered once, when the draft is saved, in the
 * renderer's worker pool with its time limit (decision 035), and stored beside its Markdown, with
 * the plain text the comparison reads; a page's read never renders. The starting text (revision 0)
 * is rendered once per process, on its first read.
 */

const STARTERS: Record<PageKey, PageContent> = {
  home: HOME_PAGE,
  safety: SAFETY_PAGE,
  about: ABOUT_PAGE,
  mission: MISSION_PAGE,
  research: RESEARCH_PAGE,
  resources: RESOURCES_PAGE,
  benefits: BENEFITS_PAGE,
  education: EDUCATION_PAGE,
  contact: CONTACT_PAGE,
  privacy: PRIVACY_PAGE,
  footer: FOOTER_TEXT,
}

const EMPTY = { html: '', text: '' }

/** Renders one body for the page, or refuses it naming the field the editor shows it on. */
async function rendered(markdown: string, field: string) {
  if (!markdown) return EMPTY
  try {
    const { html, text } = await renderBody(markdown, 'shifted')
    return { html, text }
  } catch (error) {
    if (error instanceof MarkdownRefusedError) throw new BadInputError(error.message, { [field]: error.message })
    throw error
  }
}

/** The page's bodies rendered, one after another (a page has a few dozen at most; the pool's queue is short). */
async function renderPage(content: PageContent): Promise<StoredPage> {
  const out: StoredPage['rendered'] = []
  for (const [index, section] of content.sections.entries()) {
    const body = await rendered(section.body, `content.sections.${index}.body`)
    const items = []
    for (const [itemIndex, item] of section.items.entries())
      items.push(await rendered(item.body, `content.sections.${index}.items.${itemIndex}.body`))
    out.push({ body, items })
  }
  return { ...content, rendered: out }
}

const starters = new Map<PageKey, Promise<StoredPage>>()
/** The starting text, rendered on its first read in this process and kept. */
function starter(key: PageKey): Promise<StoredPage> {
  let found = starters.get(key)
  if (!found) {
    found = renderPage(STARTERS[key])
    // A failed render (the pool closed under it) is tried again on the next read.
    found.catch(() => starters.delete(key))
    starters.set(key, found)
  }
  return found
}

const definitionOf = (key: PageKey): PageDefinition => PAGE_DEFINITIONS[key]

/**
 * A stored page in its definition's sections, in order: a section the layout gained after the page
 * was saved comes from the starting text (words and rendering), one it lost is left out. So a site
 * that published a page before its layout changed keeps its words, and its editor opens a draft
 * the schema accepts.
 */
async function aligned(key: PageKey, page: StoredPage): Promise<StoredPage> {
  const wanted = definitionOf(key).sections.map((section) => section.id)
  if (page.sections.map((section) => section.id).join('\n') === wanted.join('\n')) return page
  const start = await starter(key)
  const out: StoredPage = { ...page, sections: [], rendered: [] }
  for (const id of wanted) {
    const [from, at] = page.sections.some((section) => section.id === id)
      ? [page, page.sections.findIndex((section) => section.id === id)]
      : [start, start.sections.findIndex((section) => section.id === id)]
    const section = from.sections[at]
    const rendered = from.rendered[at]
    if (!section || !rendered) continue
    out.sections.push(section)
    out.rendered.push(rendered)
  }
  return out
}
const cardCount = (page: PageContent) => page.sections.reduce((sum, section) => sum + section.items.length, 0)

const stores = Object.fromEntries(
  PAGE_KEYS.map((key) => [
    key,
    siteTextStore<StoredPage>({
      key: `page:${key}`,
      name: `the ${definitionOf(key).label} page`,
      parse: async (value) => aligned(key, StoredPageSchema.parse(value)),
      starter: () => starter(key),
      // The page's words as a visitor reads them: the description, then each section's heading, text and cards.
      asText: (page) => {
        const headings = new Set<string>()
        const blocks = [page.description]
        page.sections.forEach((section, index) => {
          if (section.heading) {
            blocks.push(section.heading)
            headings.add(section.heading)
          }
          blocks.push(page.rendered[index]?.body.text ?? '')
          section.items.forEach((item, itemIndex) => {
            blocks.push(item.title, item.subtitle, page.rendered[index]?.items[itemIndex]?.text ?? '')
          })
        })
        return { text: blocks.filter(Boolean).join('\n\n'), headings }
      },
      summary: (page) => `${page.sections.length} sections, ${cardCount(page)} cards`,
      audit: (page) => ({ page: key, cards: cardCount(page) }),
    }),
  ]),
) as Record<PageKey, ReturnType<typeof siteTextStore<StoredPage>>>

const storeOf = (key: PageKey) => stores[key]

/** A page's name from an address or a caller: one of the pages that have content, or a 404. */
export function pageKey(value: string): PageKey {
  if ((PAGE_KEYS as string[]).includes(value)) return value as PageKey
  throw new NotFoundError(`No page has the name ${JSON.stringify(value.slice(0, 60))}`)
}

/** The page the public sees: its last published revision, or its starting text. */
export async function publicPage(db: Db, key: PageKey): Promise<PageView> {
  return viewOf(key, await storeOf(key).published(db))
}

/** When each page was last published, by its address, for the sitemap's dates. */
export async function pagesPublishedAt(db: Db): Promise<Map<string, Date>> {
  const byKey = await publishedDates(db, 'page:')
  const dates = new Map<string, Date>()
  for (const key of PAGE_KEYS) {
    const at = byKey.get(`page:${key}`)
    // The footer is on every page: its words are not what a page's date in the sitemap tells of.
    if (at && !definitionOf(key).everyPage) dates.set(definitionOf(key).path, at)
  }
  return dates
}

/** The pages that have content, for the admin's list: each with where it stands. */
export async function pageList(db: Db) {
  const list = []
  for (const key of PAGE_KEYS) {
    const editing = await storeOf(key).forEditing(db)
    list.push({
      key,
      label: definitionOf(key).label,
      path: definitionOf(key).path,
      everyPage: definitionOf(key).everyPage === true,
      revision: editing.revision,
      publishedAt: editing.publishedAt,
      hasDraft: editing.hasDraft,
      draftUpdatedAt: editing.draftUpdatedAt,
    })
  }
  return list
}

/** The editors' view of one page: its draft (or what is published), its version, and what is published. */
export const pageForEditing = (db: Db, key: PageKey) => storeOf(key).forEditing(db)

/** What the page would show with this content, rendered as a save would: the editor's preview. */
export async function previewPage(key: PageKey, content: PageContent): Promise<PageView> {
  return viewOf(key, await renderPage(content))
}

/** Saves a page's draft, each body rendered first: a body the renderer refuses is a 400 on its field. */
export async function savePageDraft(
  db: Db,
  actor: Actor,
  input: { key: PageKey; version: number; content: PageContent },
) {
  const page = await renderPage(input.content)
  return storeOf(input.key).saveDraft(db, actor, { version: input.version, content: page })
}

export const publishPage = (db: Db, actor: Actor, input: { key: PageKey; version: number }) =>
  storeOf(input.key).publish(db, actor, { version: input.version })

export const pageRevisions = (db: Db, key: PageKey): Promise<SiteTextRevisionEntry[]> => storeOf(key).revisions(db)

/** One revision of a page, as the page shows it, and how it compares with what is published now. */
export async function pageRevision(db: Db, key: PageKey, revision: number) {
  const found = await storeOf(key).revision(db, revision)
  return { revision: found.revision, view: viewOf(key, found.content), comparison: found.comparison }
}

export const restorePageRevision = (db: Db, actor: Actor, input: { key: PageKey; revision: number; version: number }) =>
  storeOf(input.key).restore(db, actor, { revision: input.revision, version: input.version })
