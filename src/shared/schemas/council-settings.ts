import { z } from 'zod'
import type { SiteInfo } from '../site'
import { storableText } from './text'

/**
 * The council's identity as its owners edit it in the admin (docs/decisions/050-council-settings.md):
 * the form and both adapters parse the same schema.
 */

/** The settings an owner can edit, in the order the form shows them. */
export const COUNCIL_SETTINGS = [
  'name',
  'email',
  'website',
  'phone',
  'postalAddress',
  'country',
  'replyTime',
  'disclaimer',
] as const
export type CouncilSetting = (typeof COUNCIL_SETTINGS)[number] & keyof SiteInfo

export const COUNCIL_SETTING_LABELS: Record<CouncilSetting, string> = {
  name: 'Council name',
  email: 'E-mail',
  website: 'Website',
  phone: 'Phone line',
  postalAddress: 'Postal address',
  country: 'Country',
  replyTime: 'Reply time',
  disclaimer: 'Disclaimer',
}

/** The disclaimer's bounds: one paragraph, long enough to say what it must, short enough for a footer. */
export const DISCLAIMER_MAX = 1_000

/** The settings the server's configuration can fix, and the variable that does. */
export const SETTING_VARIABLES = {
  name: 'COUNCIL_NAME',
  email: 'COUNCIL_EMAIL',
  website: 'COUNCIL_WEBSITE',
} as const satisfies Partial<Record<CouncilSetting, string>>

const line = (max: number, label: string) =>
  storableText(
    z
      .string({ error: `${label} is required` })
      .trim()
      .min(1, `${label} is required`)
      .max(max, `${label} must be at most ${max} characters`)
      .refine((value) => !/[\r\n]/.test(value), `${label} must be one line`),
    label,
  )

export const CouncilSettingsFieldsSchema = z.object({
  name: line(120, 'Council name'),
  email: storableText(
    z
      .string({ error: 'E-mail is required' })
      .trim()
      .toLowerCase()
      .min(1, 'E-mail is required')
      .max(254, 'E-mail must be at most 254 characters')
      .email('Enter a valid e-mail address'),
    'E-mail',
  ),
  website: storableText(
    z
      .string({ error: 'Website is required' })
      .trim()
      .min(1, 'Website is required')
      .max(300, 'Website must be at most 300 characters'),
    'Website',
  ).refine((value) => {
    try {
      const url = new URL(value)
      return url.protocol === 'http:' || url.protocol === 'https:'
    } catch {
      return false
    }
  }, 'Website must be an http or https link'),
  phone: line(60, 'Phone line'),
  postalAddress: storableText(
    z
      .string({ error: 'Postal address must be text' })
      .trim()
      .max(300, 'Postal address must be at most 300 characters')
      .refine((value) => value.split('\n').length <= 6, 'Postal address must be at most 6 lines'),
    'Postal address',
  ).transform((value) =>
    value
      .split(/\r?\n/)
      .map((part) => part.trim())
      .filter((part) => part !== '')
      .join('\n'),
  ),
  country: line(60, 'Country'),
  replyTime: line(60, 'Reply time'),
  // One paragraph: the footer, the box and the PDFs each print it as one, so a line break would be lost.
  disclaimer: storableText(
    z
      .string({ error: 'Disclaimer is required' })
      .trim()
      .min(40, 'Disclaimer must be at least 40 characters: every page shows it')
      .max(DISCLAIMER_MAX, `Disclaimer must be at most ${DISCLAIMER_MAX.toLocaleString('en-US')} characters`),
    'Disclaimer',
  ).transform((value) => value.replace(/\s*\r?\n\s*/g, ' ')),
})

/**
 * A save: every setting the form shows, and the version the form was opened at, so a second owner
 * saving over the first is told instead of undoing their change. A setting fixed by the server's
 * configuration may be sent as it is shown; a different value is refused.
 */
export const CouncilSettingsInputSchema = CouncilSettingsFieldsSchema.partial().extend({
  version: z
    .number({ error: 'Version is required' })
    .int('Version must be a whole number')
    .min(0, 'Version must not be negative')
    .max(2_147_483_647, 'Version is not valid'),
})
export type CouncilSettingsInput = z.infer<typeof CouncilSettingsInputSchema>

/** What the settings screen shows: each value, whether the server's configuration fixes it, and who saved last. */
export type CouncilSettingsView = {
  version: number
  values: Record<CouncilSetting, string>
  /** The settings the server's configuration fixes, with the variable that does. */
  fixed: Partial<Record<CouncilSetting, string>>
  updatedAt: string | null
  updatedBy: string | null
}
