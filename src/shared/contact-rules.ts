import { TEXT_LIMITS } from './constants'
import { checkEmail, checkHoneypot, checkText, collect, INVALID_EMAIL, type TextRule } from './form-rules'

/** The contact form's rules and check (form-rules.ts says why they live apart from zod). */

export const CONTACT_RULES = {
  name: {
    min: { length: 2, message: 'Name must be at least 2 characters' },
    max: { length: TEXT_LIMITS.name, message: `Name must be at most ${TEXT_LIMITS.name} characters` },
    storableLabel: 'Name',
  },
  email: { max: { length: TEXT_LIMITS.email, message: INVALID_EMAIL }, invalid: INVALID_EMAIL },
  subject: {
    min: { length: 5, message: 'Subject must be at least 5 characters' },
    max: { length: TEXT_LIMITS.subject, message: `Subject must be at most ${TEXT_LIMITS.subject} characters` },
    storableLabel: 'Subject',
  },
  message: {
    min: { length: 10, message: 'Message must be at least 10 characters' },
    max: { length: TEXT_LIMITS.message, message: `Message must be at most ${TEXT_LIMITS.message} characters` },
    storableLabel: 'Message',
  },
} as const satisfies Record<string, TextRule & { invalid?: string }>

export type ContactFormValues = { name: string; email: string; subject: string; message: string; website?: string }

/** The contact form's check in the browser: what ContactInputSchema would say, field by field. */
export function checkContact(values: ContactFormValues): Record<string, string> {
  return collect({
    name: checkText(values.name, CONTACT_RULES.name),
    email: checkEmail(values.email, CONTACT_RULES.email),
    subject: checkText(values.subject, CONTACT_RULES.subject),
    message: checkText(values.message, CONTACT_RULES.message),
    website: checkHoneypot(values.website),
  })
}
