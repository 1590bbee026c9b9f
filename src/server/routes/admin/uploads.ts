import fastifyMultipart from '@fastify/multipart'
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify'
import { attachmentTooLargeMessage } from '../../../shared/constants'
import { memberActor } from '../../auth/access'
import { AppError, BadInputError, PayloadTooLargeError, UnsupportedMediaTypeError } from '../../errors'
import { ACCEPTED_ATTACHMENTS_MESSAGE, detectAttachment, safeFileName } from '../../services/attachment-type'
import { storeAttachment } from '../../services/attachments'
import { storeEvidence } from '../../services/registry'

/** Why a registry evidence upload that is not a PDF is refused. */
export const EVIDENCE_TYPE_MESSAGE = 'Only PDF (.pdf) files are accepted as evidence'

const MALFORMED_MULTIPART_MESSAGE =
  'The upload could not be read: send multipart/form-data with the file in a field named "file"'

/**
 * Study attachments arrive as multipart with one field 'file' (REST, not tRPC: see
 * docs/decisions/007-uploads-over-rest-multipart.md), are checked (size, extension and content
 * agreeing) and stored in Postgres.
 */
/** @fastify/multipart's refusals of a form with more parts than the limits allow. */
const TOO_MANY_PARTS = new Set(['FST_PARTS_LIMIT', 'FST_FILES_LIMIT', 'FST_FIELDS_LIMIT'])

export const adminUploadRoutes: FastifyPluginAsync = async (app) => {
  const maxBytes = Math.floor(app.env.UPLOAD_MAX_MB * 1024 * 1024)
  const tooLarge = () => new PayloadTooLargeError(attachmentTooLargeMessage(app.env.UPLOAD_MAX_MB))
  await app.register(fastifyMultipart, {
    limits: { fileSize: maxBytes, files: 1, fields: 5, parts: 6, fieldSize: 1024 },
  })

  /** The one file of a multipart upload, checked (size, extension and content agreeing), or a 4xx. */
  const received = async (request: FastifyRequest) => {
    if (!request.isMultipart()) {
      throw new UnsupportedMediaTypeError('Send the file as multipart/form-data in a field named "file"')
    }
    let part: Awaited<ReturnType<typeof request.file>>
    let bytes: Buffer
    try {
      part = await request.file()
      if (part?.fieldname !== 'file') throw new BadInputError('Send the file in a field named "file"')
      bytes = await part.toBuffer()
    } catch (error) {
      const code = (error as { code?: string }).code ?? ''
      if (code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge()
      if (TOO_MANY_PARTS.has(code)) throw new BadInputError('Send one file, in a field named "file", and nothing else')
      const status = (error as { statusCode?: unknown }).statusCode
      if (status === 413) throw tooLarge()
      if (error instanceof AppError || (typeof status === 'number' && status >= 500)) throw error
      // The parser's own failures (no boundary, a body cut short, broken part headers) carry no
      // status: they describe the request, not the server.
      throw new BadInputError(MALFORMED_MULTIPART_MESSAGE)
    }
    // A streamed file past the limit is cut short and flagged, not rejected: check the flag.
    if (part.file.truncated || bytes.length > maxBytes) throw tooLarge()
    if (bytes.length === 0) throw new BadInputError('The file is empty')

    const kind = await detectAttachment(part.filename, bytes)
    if (!kind) throw new UnsupportedMediaTypeError(ACCEPTED_ATTACHMENTS_MESSAGE)
    return { filename: part.filename, bytes, kind }
  }

  /** One handler for both upload paths: study attachments and resource files pass the same checks. */
  const upload = async (request: FastifyRequest, reply: FastifyReply) => {
    const { filename, bytes, kind } = await received(request)
    const stored = await storeAttachment(app.db, memberActor(request.user), {
      filename: safeFileName(filename, kind.extension),
      contentType: kind.contentType,
      bytes,
    })
    return reply.code(201).send(stored)
  }
  app.post('/api/upload/research-attachment', { config: { budget: 'upload' } }, upload)
  app.post('/api/upload/resource-file', { config: { budget: 'upload' } }, upload)

  // A registry listing's evidence: PDF only, stored private (docs/registry.md); the registrar's
  // permission, not the content editors'.
  app.post(
    '/api/upload/registry-document',
    { config: { budget: 'upload', permission: 'registry' } },
    async (request, reply) => {
      const { filename, bytes, kind } = await received(request)
      if (kind.extension !== 'pdf') throw new UnsupportedMediaTypeError(EVIDENCE_TYPE_MESSAGE)
      const stored = await storeEvidence(app.db, memberActor(request.user), {
        filename: safeFileName(filename, kind.extension),
        bytes,
      })
      return reply.code(201).send(stored)
    },
  )
}
