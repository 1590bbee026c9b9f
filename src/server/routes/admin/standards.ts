import type { FastifyPluginAsync } from 'fastify'
import { RowIdParamsSchema } from '../../../shared/schemas/row-id'
import {
  AnnounceInputSchema,
  AnswerInputSchema,
  DocumentInputSchema,
  DraftInputSchema,
  HideInputSchema,
  PublishInputSchema,
  ReviewInputSchema,
  StandardParamsSchema,
  VersionParamsSchema,
  VersionPatchSchema,
} from '../../../shared/schemas/standards'
import { memberActor } from '../../auth/access'
import {
  adminComments,
  adminStandards,
  adminVersion,
  answerComment,
  commentedVersions,
  createDocument,
  createDraft,
  draftAnnouncement,
  hideComment,
  openReview,
  publishVersion,
  updateVersion,
  withdrawVersion,
} from '../../services/standards'

type NumberParams = { Params: { number: string } }
type VersionParams = { Params: { number: string; version: string } }
const VERSION = '/api/admin/standards/:number/versions/:version'

/**
 * Revising the council's standards (README, API; docs/decisions/028-standards-as-versioned-documents.md).
 * Registered with the 'content' permission; the comments' routes state their own: 'comments' to read
 * them (moderators have it too), 'visitors' to hide one.
 */
export const adminStandardRoutes: FastifyPluginAsync = async (app) => {
  app.get('/api/admin/standards', async () => adminStandards(app.db))

  // A new document and its first draft: numbered for life, public once the draft goes to review.
  app.post('/api/admin/standards', async (request, reply) => {
    const input = DocumentInputSchema.parse(request.body ?? {})
    return reply.code(201).send(await createDocument(app.db, memberActor(request.user), input))
  })

  app.post<NumberParams>('/api/admin/standards/:number/versions', async (request, reply) => {
    const { number } = StandardParamsSchema.parse(request.params)
    const input = DraftInputSchema.parse(request.body ?? {})
    return reply.code(201).send(await createDraft(app.db, memberActor(request.user), number, input))
  })

  app.get<VersionParams>(VERSION, async (request) => {
    const { number, version } = VersionParamsSchema.parse(request.params)
    return adminVersion(app.db, number, version)
  })

  app.patch<VersionParams>(VERSION, async (request) => {
    const { number, version } = VersionParamsSchema.parse(request.params)
    const patch = VersionPatchSchema.parse(request.body ?? {})
    return updateVersion(app.db, memberActor(request.user), number, version, patch)
  })

  app.post<VersionParams>(`${VERSION}/review`, async (request) => {
    const { number, version } = VersionParamsSchema.parse(request.params)
    const input = ReviewInputSchema.parse(request.body ?? {})
    return openReview(app.db, memberActor(request.user), number, version, input, app.env.STANDARDS_REVIEW_MIN_DAYS)
  })

  app.post<VersionParams>(`${VERSION}/publish`, async (request) => {
    const { number, version } = VersionParamsSchema.parse(request.params)
    const input = PublishInputSchema.parse(request.body ?? {})
    return publishVersion(app.db, memberActor(request.user), number, version, input, { notify: app.mail.enabled })
  })

  app.post<VersionParams>(`${VERSION}/withdraw`, async (request) => {
    const { number, version } = VersionParamsSchema.parse(request.params)
    return withdrawVersion(app.db, memberActor(request.user), number, version)
  })

  // A news draft for the editor to preview, edit and send as any post (docs/api.md): nothing is mailed here.
  app.post<VersionParams>(`${VERSION}/announce`, async (request, reply) => {
    const { number, version } = VersionParamsSchema.parse(request.params)
    const { kind } = AnnounceInputSchema.parse(request.body ?? {})
    const draft = await draftAnnouncement(app.db, memberActor(request.user), number, version, kind, app.site.publicUrl)
    return reply.code(draft.created ? 201 : 200).send(draft)
  })

  app.get('/api/admin/comments', { config: { permission: 'comments' } }, async () => commentedVersions(app.db))

  app.get<VersionParams>(`${VERSION}/comments`, { config: { permission: 'comments' } }, async (request, reply) => {
    const { number, version } = VersionParamsSchema.parse(request.params)
    // Visitors' addresses: never kept by a browser or a proxy.
    return reply.header('cache-control', 'no-store, private').send(await adminComments(app.db, number, version))
  })

  // Answering and hiding need different powers: a route each, each stating its own (decision 044).
  app.patch<{ Params: { id: string } }>(
    '/api/admin/comments/:id/answer',
    { config: { permission: 'content' } },
    async (request) => {
      const { id } = RowIdParamsSchema.parse(request.params)
      const input = AnswerInputSchema.parse(request.body ?? {})
      return answerComment(app.db, memberActor(request.user), id, input)
    },
  )

  app.patch<{ Params: { id: string } }>(
    '/api/admin/comments/:id/hidden',
    { config: { permission: 'visitors' } },
    async (request) => {
      const { id } = RowIdParamsSchema.parse(request.params)
      const input = HideInputSchema.parse(request.body ?? {})
      return hideComment(app.db, memberActor(request.user), id, input)
    },
  )
}
