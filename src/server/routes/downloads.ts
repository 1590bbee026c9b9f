import { createHash } from 'node:crypto'
import type { FastifyPluginAsync } from 'fastify'
import { documentMeta } from '../../content/documents'
import { VERSION_PATTERN, versionPdfPath } from '../../shared/schemas/standards'
import { NotFoundError } from '../errors'
import { notModified } from '../kept-answers/conditional'
import {
  contactLine,
  legacyDownload,
  printedDate,
  renderStandardPdf,
  sectionsFromMarkdown,
  versionForPdf,
} from '../services/standards'

type Rendered = { bytes: Uint8Array; etag: string }

/** /downloads/MHBOT-SC-G-002-v1.1.pdf: a document's key, then its version. */
const VERSION_FILE = /^([A-Za-z0-9-]{1,60})-v(\d+(?:\.\d+)*)\.pdf$/
/** The names the documents' PDFs had before they were versioned: lowercase words and hyphens. */
const LEGACY_FILE = /^([a-z0-9]+(?:-[a-z0-9]+)*)\.pdf$/
/** Rendered PDFs kept per process; a version's text only changes while it is a draft or in review. */
const KEPT_PDFS = 64

/** The line printed under the title: 1.0 keeps the line its first edition had, word for word. */
function metaLine(
  number: string,
  version: { version: string; state: string; effectiveDate: string | null; reviewClosesAt: Date | null },
) {
  if (version.state === 'review' && version.reviewClosesAt) {
    return `Document ${number} · Version ${version.version} · Draft for public review, comments close ${printedDate(version.reviewClosesAt.toISOString().slice(0, 10))}`
  }
  if (version.state === 'withdrawn') return `Document ${number} · Version ${version.version} · Withdrawn`
  const issued = version.effectiveDate ? printedDate(version.effectiveDate) : ''
  if (version.version === '1.0') return documentMeta({ number, issued })
  const state = version.state === 'superseded' ? ' · Superseded' : ''
  return `Document ${number} · Version ${version.version} · Issued ${issued}${state}`
}

/**
 * The council's documents as PDFs, one per public version, rendered from the stored text
 * (docs/decisions/028-standards-as-versioned-documents.md). The addresses the documents had before
 * they were versioned (/downloads/{slug}.pdf) redirect to the current version's.
 */
export const downloadRoutes: FastifyPluginAsync = async (app) => {
  const cache = new Map<string, Promise<Rendered>>()

  app.get<{ Params: { file: string } }>('/downloads/:file', async (request, reply) => {
    const file = request.params.file
    const match = VERSION_FILE.exec(file)
    if (!match) {
      const slug = LEGACY_FILE.exec(file)?.[1]
      const legacy = slug ? await legacyDownload(app.db, slug) : null
      if (!legacy) throw new NotFoundError('No such document')
      // Not kept by browsers for long: the current version changes when the next is published.
      return reply
        .header('cache-control', 'public, max-age=300')
        .redirect(versionPdfPath(legacy.key, legacy.version), 302)
    }
    const [, key = '', label = ''] = match
    if (!VERSION_PATTERN.test(label)) throw new NotFoundError('No such document')
    const { document, version } = await versionForPdf(app.db, key, label)
    // The council's name, contact line and disclaimer are printed too: a settings change makes a new PDF.
    const cacheKey = `${version.id}:${version.updatedAt.getTime()}:${version.state}:${app.site.name}:${contactLine(app.site)}:${app.site.disclaimer}`
    let rendered = cache.get(cacheKey)
    if (!rendered) {
      rendered = renderStandardPdf(
        {
          title: document.title,
          description: document.description,
          metaLine: metaLine(document.number, version),
          sections: sectionsFromMarkdown(version.body),
        },
        app.site,
      ).then((bytes) => ({
        bytes,
        etag: `"${createHash('sha256').update(bytes).digest('base64url').slice(0, 27)}"`,
      }))
      if (cache.size >= KEPT_PDFS) cache.delete(cache.keys().next().value ?? '')
      cache.set(cacheKey, rendered)
      rendered.catch(() => cache.delete(cacheKey))
    }
    const { bytes, etag } = await rendered
    // A draft in review can still change; a published text never does.
    const maxAge = version.state === 'review' ? 60 : 3600
    reply.header('etag', etag).header('cache-control', `public, max-age=${maxAge}`)
    if (notModified(request, etag)) return reply.code(304).send()
    return reply
      .type('application/pdf')
      .header('content-disposition', `inline; filename="${document.key}-v${version.version}.pdf"`)
      .send(Buffer.from(bytes))
  })
}
