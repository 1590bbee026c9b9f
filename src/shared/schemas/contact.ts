import { z } from 'zod'
import { TEXT_LIMITS } from '../constants'
import { storableText } from './text'

/** The contact form: the messages are the product's (docs/product.md#validation), shown inline and returned by the server. */
export const ContactInputSchema = z.object({
  name: storableText(
    z
      .string()
      .trim()
      .min(2, 'Name must be at least 2 characters')
      .max(TEXT_LIMITS.name, `Name must be at most ${TEXT_LIMITS.name} characters`),
    'Name',
  ),
  email: z
    .string()
    .trim()
    .max(TEXT_LIMITS.email, 'Please enter a valid email address')
    .email('Please enter a valid email address'),
  subject: storableText(
    z
      .string()
      .trim()
      .min(5, 'Subject must be at least 5 characters')
      .max(TEXT_LIMITS.subject, `Subject must be at most ${TEXT_LIMITS.subject} characters`),
    'Subject',
  ),
  message: storableText(
    z
      .string()
      .trim()
      .min(10, 'Message must be at least 10 characters')
      .max(TEXT_LIMITS.message, `Message must be at most ${TEXT_LIMITS.message} characters`),
    'Message',
  ),
  /** Honeypot: hidden from people; a filled value marks a bot. */
  website: z.string().max(500).optional(),
})
