import { router } from './init'
import { authRouter } from './routers/auth'
import { contactRouter, newsletterRouter } from './routers/forms'
import { researchStudiesRouter } from './routers/research-studies'
import { resourcesRouter } from './routers/resources'
import { siteRouter } from './routers/site'
import { testimonialsRouter } from './routers/testimonials'

export const appRouter = router({
  auth: authRouter,
  contact: contactRouter,
  newsletter: newsletterRouter,
  site: siteRouter,
  testimonials: testimonialsRouter,
  resources: resourcesRouter,
  researchStudies: researchStudiesRouter,
})

export type AppRouter = typeof appRouter
