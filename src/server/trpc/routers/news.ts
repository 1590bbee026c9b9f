import { z } from 'zod'
import { RowIdSchema } from '../../../shared/schemas/admin'
import {
  NewsPageSchema,
  PostInputSchema,
  PostListQuerySchema,
  PostSlugParamsSchema,
  PreviewInputSchema,
} from '../../../shared/schemas/news'
import {
  createPost,
  deletePost,
  findPublishedPost,
  getPublishedPost,
  latestPosts,
  listPostsForAdmin,
  listPublishedPosts,
  previewPost,
  updatePost,
} from '../../services/news'
import { change, permitted, publicProcedure, router } from '../init'
import { listProcedure } from '../paging'

/** News posts: the public reads, and the admin's writes (permission 'content'), as REST has them (README, API). */
export const newsRouter = router({
  /** A page of the published posts, newest first, with the number of pages. */
  list: publicProcedure.input(NewsPageSchema).query(({ ctx, input }) => listPublishedPosts(ctx.db, input.page)),
  /** The newest few, for the home page. */
  latest: publicProcedure.query(({ ctx }) => latestPosts(ctx.db)),
  /** One published post: NOT_FOUND unless published (REST tells a deleted one apart with 410). */
  get: publicProcedure.input(PostSlugParamsSchema).query(({ ctx, input }) => getPublishedPost(ctx.db, input.slug)),
  /** The page's read: null instead of an error, so the page can show the site's not-found page. */
  page: publicProcedure.input(PostSlugParamsSchema).query(async ({ ctx, input }) => {
    const post = await findPublishedPost(ctx.db, input.slug)
    if (typeof post !== 'object' || post === null) return null
    // The page shows the rendered HTML: its Markdown would only be sent again in the page's data.
    const { body: _markdown, ...shown } = post
    return shown
  }),

  adminList: listProcedure('content', PostListQuerySchema, listPostsForAdmin),
  create: change('content', PostInputSchema, createPost),
  update: change('content', z.object({ id: RowIdSchema, data: PostInputSchema }), (db, actor, { id, data }) =>
    updatePost(db, actor, id, data),
  ),
  remove: change('content', z.object({ id: RowIdSchema }), (db, actor, { id }) => deletePost(db, actor, id)),
  /** The editor's preview: the page's own renderer, run here so the browser never loads it. */
  preview: permitted('content')
    .input(PreviewInputSchema)
    .mutation(({ input }) => previewPost(input.body, input.headings)),
})
