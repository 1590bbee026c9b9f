import fastifyMultipart from '@fastify/multipart'
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify'
import { z } from 'zod'
import { attachmentTooLargeMessage } from '../../shared/constants'
import {
  APPLICATION_DOCUMENTS_FIELD,
  APPLICATION_DOCUMENTS_MAX,
  APPLICATION_LINK_INVALID,
  APPLICATION_OPEN_PATH,
  APPLICATION_PATH,
  APPLY_PATH,
} from '../../shared/registry-applications'
import { ApplicantAnswerSchema, ApplicationInputSchema } from '../../shared/schemas/registry-applications'
import { applicantApplicationId, setApplicantCookie } from '../auth/applicant'
import { AppError, BadInputError, NotFoundError, PayloadTooLargeError, UnsupportedMediaTypeError } from '../errors'
import { plainPage, sendPlainPage } from '../plain-page'
import { type HtmlForm, readsFormPosts } from '../plugins/form-posts'
import { detectAttachment, safeFileName } from '../services/attachment-type'
import {
  addApplicationDocuments,
  answerApplication,
  applicantView,
  type ReceivedDocument,
  submitApplication,
} from '../services/registry/applications'
import { readApplicationToken } from '../services/registry/links'

/** Where a refused application is shown again: the renewal form keeps its link. */
const applyPage = (request: FastifyRequest) => {
  const renew = (request.body as Record<string, unknown> | undefined)?.renew
  return typeof renew === 'string' && renew !== '' ? `${APPLY_PATH}?renew=${encodeURIComponent(renew)}` : APPLY_PATH
}
const APPLICATION_FORM: HtmlForm = {
  form: 'registry-application',
  page: applyPage,
  done: () => `${APPLICATION_PATH}?new=1`,
  // The multipart reader keeps every repeated field; an urlencoded post keeps these two as lists too.
  lists: ['declarations', 'statedStandards'],
}
const ANSWER_FORM: HtmlForm = {
  form: 'registry-answer',
  page: () => APPLICATION_PATH,
  done: () => `${APPLICATION_PATH}?answered=1#thread`,
}
const DOCUMENTS_FORM: HtmlForm = {
  form: 'registry-documents',
  page: () => APPLICATION_PATH,
  done: () => `${APPLICATION_PATH}?added=1#documents`,
}

const TokenSchema = z.object({
  token: z.string({ error: APPLICATION_LINK_INVALID }).max(300, APPLICATION_LINK_INVALID),
})

const MALFORMED =
  'The form could not be read: send multipart/form-data, with the documents in a field named "documents"'

/**
 * The applicant's side of the registry (docs/registry.md, "Applications"; decision 048): applying
 * (JSON, or the form's multipart post with its PDFs), the mailed link's page and its button, and the
 * application's own page's reads and writes, by the link held in a cookie or a bearer token.
 */
export const registryApplicationRoutes: FastifyPluginAsync = async (app) => {
  readsFormPosts(app)
  const maxBytes = Math.floor(app.env.UPLOAD_MAX_MB * 1024 * 1024)
  await app.register(fastifyMultipart, {
    limits: { fileSize: maxBytes, files: APPLICATION_DOCUMENTS_MAX, fields: 80, parts: 100, fieldSize: 10_000 },
  })
  const settings = () => ({
    secret: app.sessionSecret,
    publicUrl: app.site.publicUrl,
    mailEnabled: app.mail.enabled,
    listingDays: app.env.REGISTRY_LISTING_DAYS,
  })

  /**
   * A multipart post's fields (a repeated name as a list) and its PDFs, each checked by content.
   * The fields become the request's body, so a refusal can show the form again with them.
   */
  const readMultipart = async (request: FastifyRequest) => {
    const fields: Record<string, unknown> = Object.create(null)
    const documents: ReceivedDocument[] = []
    try {
      for await (const part of request.parts()) {
        if (part.type === 'file') {
          const bytes = await part.toBuffer()
          if (part.file.truncated || bytes.length > maxBytes)
            throw new PayloadTooLargeError(attachmentTooLargeMessage(app.env.UPLOAD_MAX_MB))
          // A file input left empty still sends a part with no name and no bytes.
          if (bytes.length === 0 && !part.filename) continue
          if (part.fieldname !== APPLICATION_DOCUMENTS_FIELD)
            throw new BadInputError(`Send the documents in a field named "${APPLICATION_DOCUMENTS_FIELD}"`)
          const kind = await detectAttachment(part.filename, bytes)
          if (kind?.extension !== 'pdf') {
            const message = `${part.filename || 'A document'} is not a PDF: attach PDF (.pdf) files only`
            throw new UnsupportedMediaTypeError(message)
          }
          documents.push({ filename: safeFileName(part.filename, 'pdf'), bytes })
        } else {
          const value = typeof part.value === 'string' ? part.value : String(part.value)
          const had = fields[part.fieldname]
          fields[part.fieldname] = had === undefined ? value : Array.isArray(had) ? [...had, value] : [had, value]
        }
      }
    } catch (error) {
      if (error instanceof AppError) throw error
      const code = (error as { code?: string }).code ?? ''
      if (code === 'FST_REQ_FILE_TOO_LARGE')
        throw new PayloadTooLargeError(attachmentTooLargeMessage(app.env.UPLOAD_MAX_MB))
      if (code === 'FST_FILES_LIMIT') throw new BadInputError(`Attach at most ${APPLICATION_DOCUMENTS_MAX} documents`)
      if (code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT')
        throw new BadInputError('The form has too many fields')
      const status = (error as { statusCode?: unknown }).statusCode
      if (typeof status === 'number' && status >= 500) throw error
      throw new BadInputError(MALFORMED)
    } finally {
      request.body = fields
    }
    return { fields, documents }
  }

  const bodyAndDocuments = async (request: FastifyRequest) =>
    request.isMultipart()
      ? readMultipart(request)
      : { fields: (request.body ?? {}) as Record<string, unknown>, documents: [] as ReceivedDocument[] }

  app.post(
    '/api/registry/applications',
    { config: { budget: 'application', htmlForm: APPLICATION_FORM } },
    async (request, reply) => {
      const { fields, documents } = await bodyAndDocuments(request)
      const input = ApplicationInputSchema.parse(fields)
      const { token, ...created } = await submitApplication(app.db, input, documents, settings())
      // The one who applied may follow the application from here on, as if they had opened the link.
      if (token) setApplicantCookie(reply, token)
      return reply.code(201).send(created)
    },
  )

  const privacy = { text: 'How we handle your data:', href: '/privacy', label: 'Privacy' }
  const page = (reply: FastifyReply, status: number, content: Parameters<typeof plainPage>[0]) =>
    sendPlainPage(reply, status, plainPage({ ...content, brand: app.site.name, footer: privacy }))
  const invalidLink = (reply: FastifyReply) =>
    page(reply, 404, {
      title: APPLICATION_LINK_INVALID,
      message: 'Nothing was opened. Use the link from the newest e-mail the council sent about the application.',
      action: { href: '/registry', label: 'The registry' },
    })

  /** The mailed link: one button, nothing of the application, nothing changed (a scanner may fetch it). */
  app.get(APPLICATION_OPEN_PATH, { config: { budget: 'applicant' } }, async (request, reply) => {
    const parsed = TokenSchema.safeParse(request.query ?? {})
    if (!parsed.success || !readApplicationToken(app.sessionSecret, parsed.data.token)) return invalidLink(reply)
    reply.header('referrer-policy', 'no-referrer')
    return page(reply, 200, {
      title: 'Your application to the registry',
      message:
        'Press the button to open the application’s page: its state, the council’s questions, your answers and documents.',
      form: {
        action: '/api/registry/application/open',
        fields: { token: parsed.data.token },
        button: 'Open the application',
      },
    })
  })

  /** The button: the link goes into a cookie, and the page opens without it in the address. */
  app.post('/api/registry/application/open', { config: { budget: 'applicant' } }, async (request, reply) => {
    const parsed = TokenSchema.safeParse(request.body ?? {})
    const id = parsed.success ? readApplicationToken(app.sessionSecret, parsed.data.token) : null
    const json = /^application\/json/i.test(request.headers['content-type'] ?? '')
    // A link that names no application (it could only be forged with the secret, or the row is gone).
    const exists = id
      ? await applicantView(app.db, id, settings()).then(
          () => true,
          (error) => {
            if (error instanceof NotFoundError) return false
            throw error
          },
        )
      : false
    if (!parsed.success || !exists) {
      if (json) throw new NotFoundError(APPLICATION_LINK_INVALID)
      return invalidLink(reply)
    }
    setApplicantCookie(reply, parsed.data.token)
    if (json) return reply.send({ ok: true })
    return reply.code(303).header('location', APPLICATION_PATH).header('cache-control', 'no-store').send()
  })

  app.get('/api/registry/application', { config: { budget: 'applicant' } }, async (request, reply) => {
    reply.header('cache-control', 'no-store')
    return applicantView(app.db, applicantApplicationId(request), settings())
  })

  app.post(
    '/api/registry/application/answers',
    { config: { budget: 'applicant', htmlForm: ANSWER_FORM } },
    async (request, reply) => {
      const id = applicantApplicationId(request)
      const input = ApplicantAnswerSchema.parse(request.body ?? {})
      const message = await answerApplication(app.db, id, input.body, { mailEnabled: app.mail.enabled })
      return reply.code(201).send({ message })
    },
  )

  app.post(
    '/api/registry/application/documents',
    { config: { budget: 'applicant', htmlForm: DOCUMENTS_FORM } },
    async (request, reply) => {
      const id = applicantApplicationId(request)
      if (!request.isMultipart()) {
        throw new UnsupportedMediaTypeError(
          `Send the documents as multipart/form-data in a field named "${APPLICATION_DOCUMENTS_FIELD}"`,
        )
      }
      const { documents } = await readMultipart(request)
      return reply.code(201).send({ documents: await addApplicationDocuments(app.db, id, documents) })
    },
  )
}
