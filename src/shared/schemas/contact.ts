import { z } from 'zod'
import { CONTACT_RULES, HONEYPOT_MAX } from '../form-rules'
import { storableText } from './text'

const { name, email, subject, message } = CONTACT_RULES

/** The contact form: the messages are the product's (docs/product.md#validation), shown inline and returned by the server. */
export const ContactInputSchema = z.object({
  name: storableText(
    z.string().trim().min(name.min.length, name.min.message).max(name.max.length, name.max.message),
    name.storableLabel,
  ),
  email: z.string().trim().max(email.max.length, email.max.message).email(email.invalid),
  subject: storableText(
    z.string().trim().min(subject.min.length, subject.min.message).max(subject.max.length, subject.max.message),
    subject.storableLabel,
  ),
  message: storableText(
    z.string().trim().min(message.min.length, message.min.message).max(message.max.length, message.max.message),
    message.storableLabel,
  ),
  /** Honeypot: hidden from people; a filled value marks a bot. */
  website: z.string().max(HONEYPOT_MAX).optional(),
})
