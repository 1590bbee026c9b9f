import { z } from 'zod'
import { TEXT_LIMITS } from '../constants'

export const NewsletterInputSchema = z.object({
  email: z
    .string()
    .trim()
    .toLowerCase()
    .max(TEXT_LIMITS.email, 'Please enter a valid email address')
    .email('Please enter a valid email address'),
})
