import type { FastifyPluginAsync } from 'fastify'
import { RowIdParamsSchema } from '../../../shared/schemas/admin'
import { PostInputSchema, PostListQuerySchema } from '../../../shared/schemas/news'
import { memberActor } from '../../auth/access'
import { createPost, deletePost, listPostsForAdmin, updatePost } from '../../services/news'
import { recordRoutes } from './records'

/** The news posts in every state, and their writes (README, API); the public reads are routes/news.ts. */
export const adminNewsRoutes: FastifyPluginAsync = async (app) => {
  recordRoutes(app, {
    base: '/api/admin/news',
    list: { query: PostListQuerySchema, run: listPostsForAdmin },
    create: { body: PostInputSchema, run: createPost },
    update: { body: PostInputSchema, run: updatePost },
  })
  // The contract answers a delete with 204 and no body, unlike the other lists.
  app.delete('/api/admin/news/:id', async (request, reply) => {
    const { id } = RowIdParamsSchema.parse(request.params)
    await deletePost(app.db, memberActor(request.user), id)
    return reply.code(204).send()
  })
}
