import { z } from 'zod'
import { RowIdSchema } from './row-id'
import { StaffEmailSchema } from './team'

/** A test send of a post: to the one address typed. */
export const TestSendInputSchema = z.object({ email: StaffEmailSchema })
export type TestSendInput = z.infer<typeof TestSendInputSchema>

/** A post's id, as tRPC's procedures take it. */
export const PostRefSchema = z.object({ id: RowIdSchema })
