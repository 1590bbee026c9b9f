import fp from 'fastify-plugin'
import { publishDuePosts } from '../services/news'

/**
 * Publishes the scheduled posts whose time has come: at start (a restart that spanned a post's
 * time publishes it then) and every NEWS_PUBLISH_INTERVAL_S. Every process runs it; the one
 * UPDATE in publishDuePosts makes each post published by exactly one of them.
 */
export const newsSchedulerPlugin = fp<{ everyMs?: number }>(
  async (app, options) => {
    const run = async () => {
      try {
        const published = await publishDuePosts(app.db)
        if (published.length > 0)
          app.log.info({ posts: published.map((post) => post.slug) }, 'published scheduled news posts')
      } catch (error) {
        app.log.warn({ err: error }, 'publishing scheduled posts failed; it will run again')
      }
    }
    const timer = setInterval(run, options.everyMs ?? app.env.NEWS_PUBLISH_INTERVAL_S * 1000)
    timer.unref()
    app.addHook('onReady', run)
    app.addHook('onClose', async () => clearInterval(timer))
  },
  { name: 'news-scheduler', dependencies: ['db'] },
)
