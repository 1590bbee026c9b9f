import type { FastifyPluginAsync } from 'fastify'
import { NotFoundError } from '../errors'
import { notModified } from '../kept-answers/conditional'
import { getAttachment } from '../services/attachments'

const ATTACHMENT_ID = /^[0-9a-f-]{36}$/i

/** Uploaded attachments, straight from the database (docs/decisions/006-attachments-stored-in-postgres.md). */
export const fileRoutes: FastifyPluginAsync = async (app) => {
  app.get<{ Params: { id: string; name: string } }>('/files/:id/:name', async (request, reply) => {
    const { id } = request.params
    const file = ATTACHMENT_ID.test(id) ? await getAttachment(app.db, id) : null
    if (!file) throw new NotFoundError('No such file')
    const etag = `"${file.sha256}"`
    reply
      .header('etag', etag)
      .header('cache-control', 'public, max-age=31536000, immutable')
      .header('x-content-type-options', 'nosniff')
      // An uploaded file is never a page of this site: it runs no script and reaches no cookie.
      .header('content-security-policy', 'sandbox')
    if (notModified(request, etag)) return reply.code(304).send()
    // PDFs open in the browser's viewer; Word files are always downloaded, never rendered by us.
    const disposition = file.contentType === 'application/pdf' ? 'inline' : 'attachment'
    return reply
      .type(file.contentType)
      .header('content-disposition', `${disposition}; filename="${file.filename}"`)
      .send(Buffer.from(file.data))
  })
}
