import { TRPCError } from '@trpc/server'
import { ContactInputSchema } from '../../../shared/schemas/contact'
import { NewsletterInputSchema } from '../../../shared/schemas/newsletter'
import { createContactSubmission } from '../../services/contact'
import { subscribeToNewsletter } from '../../services/newsletter'
import { publicProcedure, router } from '../init'

const tooMany = () =>
  new TRPCError({ code: 'TOO_MANY_REQUESTS', message: 'Too many requests. Please wait a few minutes and try again.' })

export const contactRouter = router({
  submit: publicProcedure.input(ContactInputSchema).mutation(async ({ ctx, input }) => {
    if (!ctx.limits.contact.attempt(ctx.ip)) throw tooMany()
    return createContactSubmission(ctx.db, input)
  }),
})

export const newsletterRouter = router({
  subscribe: publicProcedure.input(NewsletterInputSchema).mutation(async ({ ctx, input }) => {
    if (!ctx.limits.newsletter.attempt(ctx.ip)) throw tooMany()
    return subscribeToNewsletter(ctx.db, input.email)
  }),
})
