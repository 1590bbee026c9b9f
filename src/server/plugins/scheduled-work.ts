import fp from 'fastify-plugin'
import { announce } from '../events'
import type { Job } from '../metrics/metrics'
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
    /** Runs one job: its success and failures are what the metrics and the log report of it. */
    const job = async (name: Job, work: () => Promise<void>) => {
      try {
        await work()
        app.metrics?.jobSucceeded(name)
      } catch (error) {
        app.metrics?.jobFailed(name)
        announce('job.failed', { job: name, err: error })
      }
    }
    const run = async () => {
      await job('close-reviews', async () => {
        const now = new Date()
        const closed = await reviewsClosedBetween(app.db, checkedUntil, now)
        if (closed.length > 0) {
          await app.dbHandle.notify(CONTENT_CHANNEL, 'review-closed')
          // Every replica watches the clock, so each writes this line once.
          for (const review of closed) announce('standards.review.closed', review)
        }
        checkedUntil = now
      })
      await job('publish-news', async () => {
        const published = await publishDuePosts(app.db)
        if (published.length > 0)
          app.log.info({ posts: published.map((post) => post.slug) }, 'published scheduled news posts')
      })
      await job('expire-listings', async () => {
        await expireDueListings(app.db)
      })
      await job('registry-notices', async () => {
        const sent = await sendRegistryNotices(app.db, { mailEnabled: app.mail.enabled })
        if (sent.reminders + sent.superseded > 0) app.log.info(sent, 'registry notices queued')
      })
    }
    const timer = setInterval(run, options.everyMs ?? app.env.NEWS_PUBLISH_INTERVAL_S * 1000)
    timer.unref()
    app.addHook('onReady', run)
    app.addHook('onClose', async () => clearInterval(timer))
  },
  { name: 'scheduled-work', dependencies: ['db', 'mail', 'metrics'] },
)
