import type { FastifyPluginAsync } from 'fastify'
import { z } from 'zod'
import {
  CommentInputSchema,
  StandardParamsSchema,
  VersionLabelSchema,
  VersionParamsSchema,
} from '../../shared/schemas/standards'
import type { HtmlForm } from '../plugins/form-posts'
import {
  compareVersions,
  getStandard,
  getStandardVersion,
  listStandards,
  publishedComments,
  reviewChanges,
  submitComment,
} from '../services/standards'

type NumberParams = { Params: { number: string } }
type VersionParams = { Params: { number: string; version: string } }

/** The version's page, where its comment form is (docs/decisions/030-forms-without-javascript.md). */
const versionPage = (params: unknown) => {
  const { number, version } = params as VersionParams['Params']
  return `/standards/${encodeURIComponent(number)}/v/${encodeURIComponent(version)}`
}
const COMMENT_FORM: HtmlForm = {
  form: 'comment',
  page: (request) => versionPage(request.params),
  done: (request) => `${versionPage(request.params)}?commented=1#comment-form`,
  checkboxes: ['consent'],
}

const CompareQuerySchema = z.object({ from: VersionLabelSchema, to: VersionLabelSchema })

/** The council's standards, read by anyone, and the public comment on a version in review (README, API). */
export const standardRoutes: FastifyPluginAsync = async (app) => {
  app.get('/api/standards', { config: { publicAnswer: true } }, async () => listStandards(app.db))

  app.get<NumberParams>('/api/standards/:number', { config: { publicAnswer: true } }, async (request) => {
    const { number } = StandardParamsSchema.parse(request.params)
    return getStandard(app.db, number)
  })

  app.get<VersionParams>(
    '/api/standards/:number/versions/:version',
    { config: { publicAnswer: true } },
    async (request) => {
      const { number, version } = VersionParamsSchema.parse(request.params)
      return getStandardVersion(app.db, number, version)
    },
  )

  // Kept under the two versions the schema reads from the query (decision 023).
  app.get<NumberParams>(
    '/api/standards/:number/compare',
    { config: { publicAnswer: { query: CompareQuerySchema } } },
    async (request) => {
      const { number } = StandardParamsSchema.parse(request.params)
      const { from, to } = CompareQuerySchema.parse(request.query ?? {})
      return compareVersions(app.db, number, from, to)
    },
  )

  app.get<VersionParams>(
    '/api/standards/:number/versions/:version/changes',
    { config: { publicAnswer: true } },
    async (request) => {
      const { number, version } = VersionParamsSchema.parse(request.params)
      return reviewChanges(app.db, number, version)
    },
  )

  app.get<VersionParams>(
    '/api/standards/:number/versions/:version/comments',
    { config: { publicAnswer: true } },
    async (request) => {
      const { number, version } = VersionParamsSchema.parse(request.params)
      return publishedComments(app.db, number, version)
    },
  )

  app.post<VersionParams>(
    '/api/standards/:number/versions/:version/comments',
    { config: { budget: 'comment', htmlForm: COMMENT_FORM } },
    async (request, reply) => {
      const { number, version } = VersionParamsSchema.parse(request.params)
      const input = CommentInputSchema.parse(request.body ?? {})
      return reply.code(201).send(await submitComment(app.db, number, version, input, { notify: app.mail.enabled }))
    },
  )
}
