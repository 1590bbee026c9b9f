import { z } from 'zod'
import { RowIdSchema } from './row-id'

/** A test send of a post: to the one address typed. */
export const TestSendInputSchema = z.object({
  email: z
    .string({ error: 'Enter an e-mail address' })
    .trim()
    .toLowerCase()
    .min(1, 'Enter an e-mail address')
    .max(254, 'E-mail must be at most 254 characters')
    .email('Enter a valid e-mail address'),
})
export type TestSendInput = z.infer<typeof TestSendInputSchema>

/** A post's id, as tRPC's procedures take it. */
export const PostRefSchema = z.object({ id: RowIdSchema })
