import fp from 'fastify-plugin'
import { publishDuePosts } from '../services/news'
import { expireDueListings, sendRegistryNotices } from '../services/registry'
import { reviewsClosedBetween } from '../services/standards'
import { CONTENT_CHANNEL } from './content-events'

/**
 * The work the clock starts, at start and every NEWS_PUBLISH_INTERVAL_S, in every process: it
 * tells the kept pages when a standard's public review has closed (the pages stop offering the
 * comment form then, though nothing in the database changed; a process's kept pages start empty,
 * so only closings since this process started matter), and it publishes the scheduled posts whose
 * time has come (a restart that spanned a post's time publishes it then; the one UPDATE in
 * publishDuePosts makes each post published by exactly one process); and registry listings whose
 * expiry date has come become expired, each by exactly one process (expireDueListings; the history
 * rows' trigger tells every replica's kept pages); and each listing's contact is reminded of its
 * expiry and told of newer versions once (sendRegistryNotices).
 */
export const scheduledWorkPlugin = fp<{ everyMs?: number }>(
  async (app, options) => {
    let checkedUntil = new Date()
    const closeReviews = async () => {
      const now = new Date()
      if (await reviewsClosedBetween(app.db, checkedUntil, now))
        await app.dbHandle.notify(CONTENT_CHANNEL, 'review-closed')
      checkedUntil = now
    }
    const run = async () => {
      try {
        await closeReviews()
      } catch (error) {
        app.log.warn({ err: error }, 'checking for closed reviews failed; it will run again')
      }
      try {
        const published = await publishDuePosts(app.db)
        if (published.length > 0)
          app.log.info({ posts: published.map((post) => post.slug) }, 'published scheduled news posts')
      } catch (error) {
        app.log.warn({ err: error }, 'publishing scheduled posts failed; it will run again')
      }
      try {
        const expired = await expireDueListings(app.db)
        if (expired.length > 0)
          app.log.info(
            { listings: expired.map((listing) => listing.number) },
            'registry listings reached their expiry date',
          )
      } catch (error) {
        app.log.warn({ err: error }, 'expiring registry listings failed; it will run again')
      }
      try {
        const sent = await sendRegistryNotices(app.db, { mailEnabled: app.mail.enabled })
        if (sent.reminders + sent.superseded > 0) app.log.info(sent, 'registry notices queued')
      } catch (error) {
        app.log.warn({ err: error }, 'queueing registry notices failed; it will run again')
      }
    }
    const timer = setInterval(run, options.everyMs ?? app.env.NEWS_PUBLISH_INTERVAL_S * 1000)
    timer.unref()
    app.addHook('onReady', run)
    app.addHook('onClose', async () => clearInterval(timer))
  },
  { name: 'scheduled-work', dependencies: ['db', 'mail'] },
)
