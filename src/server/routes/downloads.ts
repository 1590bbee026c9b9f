import { createHash } from 'node:crypto'
import type { FastifyPluginAsync } from 'fastify'
import { COUNCIL_DOCUMENTS } from '../../content/documents'
import { NotFoundError } from '../errors'
import { notModified } from '../kept-answers/conditional'
import { renderDocumentPdf } from '../services/document-pdf'

type Rendered = { bytes: Uint8Array; etag: string }

/** The council's documents as PDFs, rendered once per process from the site's own text. */
export const downloadRoutes: FastifyPluginAsync = async (app) => {
  const cache = new Map<string, Promise<Rendered>>()
  const bySlug = new Map(COUNCIL_DOCUMENTS.map((doc) => [doc.slug, doc]))

  app.get<{ Params: { file: string } }>('/downloads/:file', async (request, reply) => {
    const slug = request.params.file.replace(/\.pdf$/, '')
    const doc = request.params.file.endsWith('.pdf') ? bySlug.get(slug) : undefined
    if (!doc) throw new NotFoundError('No such document')

    let rendered = cache.get(slug)
    if (!rendered) {
      rendered = renderDocumentPdf(doc, app.site).then((bytes) => ({
        bytes,
        etag: `"${createHash('sha256').update(bytes).digest('base64url').slice(0, 27)}"`,
      }))
      cache.set(slug, rendered)
      rendered.catch(() => cache.delete(slug))
    }
    const { bytes, etag } = await rendered
    reply.header('etag', etag).header('cache-control', 'public, max-age=3600')
    if (notModified(request, etag)) return reply.code(304).send()
    return reply
      .type('application/pdf')
      .header('content-disposition', `inline; filename="${slug}.pdf"`)
      .send(Buffer.from(bytes))
  })
}
