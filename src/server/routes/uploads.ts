import fastifyMultipart from '@fastify/multipart'
import type { FastifyPluginAsync } from 'fastify'
import { requireAdmin } from '../auth/require-admin'
import { ACCEPTED_ATTACHMENTS_MESSAGE, detectAttachment, safeFileName } from '../services/attachment-type'
import { getAttachment, storeAttachment } from '../services/attachments'

/**
 * Study attachments: uploaded as multipart with one field 'file', checked (size, extension and
 * content agreeing), stored in Postgres (DESIGN.md 2) and served back from /files/{id}/{name}.
 */
export const uploadRoutes: FastifyPluginAsync = async (app) => {
  const maxBytes = Math.floor(app.env.UPLOAD_MAX_MB * 1024 * 1024)
  await app.register(fastifyMultipart, {
    limits: { fileSize: maxBytes, files: 1, fields: 5, parts: 6, fieldSize: 1024 },
  })

  app.post('/api/upload/research-attachment', { preHandler: requireAdmin }, async (request, reply) => {
    const tooLarge = () =>
      reply
        .code(413)
        .send({ error: 'Payload Too Large', message: `The file is larger than ${app.env.UPLOAD_MAX_MB} MB` })
    if (!request.isMultipart()) {
      return reply.code(415).send({
        error: 'Unsupported Media Type',
        message: 'Send the file as multipart/form-data in a field named "file"',
      })
    }
    let part: Awaited<ReturnType<typeof request.file>>
    let bytes: Buffer
    try {
      part = await request.file()
      if (part?.fieldname !== 'file') {
        return reply.code(400).send({ error: 'Bad Request', message: 'Send the file in a field named "file"' })
      }
      bytes = await part.toBuffer()
    } catch (error) {
      if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') return tooLarge()
      if ((error as { statusCode?: number }).statusCode === 413) return tooLarge()
      throw error
    }
    // A streamed file past the limit is cut short, not rejected: check it (STACK.md).
    if (part.file.truncated || bytes.length > maxBytes) return tooLarge()
    if (bytes.length === 0) return reply.code(400).send({ error: 'Bad Request', message: 'The file is empty' })

    const kind = await detectAttachment(part.filename, bytes)
    if (!kind) return reply.code(415).send({ error: 'Unsupported Media Type', message: ACCEPTED_ATTACHMENTS_MESSAGE })

    const stored = await storeAttachment(app.db, {
      filename: safeFileName(part.filename, kind.extension),
      contentType: kind.contentType,
      bytes,
    })
    return reply.code(201).send(stored)
  })

  app.get<{ Params: { id: string; name: string } }>('/files/:id/:name', async (request, reply) => {
    const { id } = request.params
    if (!/^[0-9a-f-]{36}$/i.test(id)) return reply.code(404).send({ error: 'Not Found', message: 'No such file' })
    const file = await getAttachment(app.db, id)
    if (!file) return reply.code(404).send({ error: 'Not Found', message: 'No such file' })
    const etag = `"${file.sha256}"`
    reply
      .header('etag', etag)
      .header('cache-control', 'public, max-age=31536000, immutable')
      .header('x-content-type-options', 'nosniff')
    if (request.headers['if-none-match'] === etag) return reply.code(304).send()
    // PDFs open in the browser's viewer; Word files are always downloaded, never rendered by us.
    const disposition = file.contentType === 'application/pdf' ? 'inline' : 'attachment'
    return reply
      .type(file.contentType)
      .header('content-disposition', `${disposition}; filename="${file.filename}"`)
      .send(Buffer.from(file.data))
  })
}
