import { ContactInputSchema } from '../../../shared/schemas/contact'
import { NewsletterInputSchema } from '../../../shared/schemas/newsletter'
import { createContactSubmission } from '../../services/contact'
import { subscribeToNewsletter } from '../../services/newsletter'
import { publicProcedure, router } from '../init'

export const contactRouter = router({
  submit: publicProcedure
    .meta({ budget: 'contact' })
    .input(ContactInputSchema)
    .mutation(({ ctx, input }) => createContactSubmission(ctx.db, input, { notify: ctx.mailEnabled })),
})

export const newsletterRouter = router({
  subscribe: publicProcedure
    .meta({ budget: 'newsletter' })
    .input(NewsletterInputSchema)
    .mutation(({ ctx, input }) => subscribeToNewsletter(ctx.db, input.email, { confirm: ctx.mailEnabled })),
})
