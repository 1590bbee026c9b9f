import { router } from './init'
import { activityRouter } from './routers/activity'
import { authRouter } from './routers/auth'
import { faqRouter } from './routers/faq'
import { contactRouter, newsletterRouter } from './routers/forms'
import { messagesRouter } from './routers/messages'
import { newsRouter } from './routers/news'
import { newsDeliveryRouter } from './routers/news-delivery'
import { pagesRouter } from './routers/pages'
import { registryRouter } from './routers/registry'
import { researchStudiesRouter } from './routers/research-studies'
import { resourcesRouter } from './routers/resources'
import { searchRouter } from './routers/search'
import { settingsRouter } from './routers/settings'
import { siteRouter } from './routers/site'
import { standardsRouter } from './routers/standards'
import { subscribersRouter } from './routers/subscribers'
import { teamRouter } from './routers/team'
import { testimonialsRouter } from './routers/testimonials'

export const appRouter = router({
  auth: authRouter,
  contact: contactRouter,
  newsletter: newsletterRouter,
  site: siteRouter,
  testimonials: testimonialsRouter,
  resources: resourcesRouter,
  researchStudies: researchStudiesRouter,
  messages: messagesRouter,
  subscribers: subscribersRouter,
  activity: activityRouter,
  team: teamRouter,
  news: newsRouter,
  newsDelivery: newsDeliveryRouter,
  standards: standardsRouter,
  registry: registryRouter,
  search: searchRouter,
  settings: settingsRouter,
  faq: faqRouter,
  pages: pagesRouter,
})

export type AppRouter = typeof appRouter
