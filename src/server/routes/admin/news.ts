import type { FastifyPluginAsync } from 'fastify'
import { RowIdParamsSchema } from '../../../shared/schemas/admin'
import { PostInputSchema, PostListQuerySchema } from '../../../shared/schemas/news'
import { memberActor } from '../../auth/access'
import { createPost, deletePost, listPostsForAdmin, updatePost } from '../../services/news'
import { recordRoutes } from './records'

/** The news posts in every state, and their writes (README, API); the public reads are routes/news.ts. */
export const adminNewsRoutes: FastifyPluginAsync = async (app) => {
  recordRoutes(app, {
    list: { path: '/api/admin/news', query: PostListQuerySchema, run: listPostsForAdmin },
    create: { path: '/api/admin/news', body: PostInputSchema, run: createPost },
    update: { path: '/api/admin/news/:id', body: PostInputSchema, run: updatePost },
  })
  app.delete('/api/admin/news/:id', async (request, reply) => {
    const { id } = RowIdParamsSchema.parse(request.params)
    await deletePost(app.db, memberActor(request.user), id)
    return reply.code(204).send()
  })
}
