import { Badge, type BadgeProps } from '@mantine/core'
import type { ReactNode } from 'react'

/**
 * The admin's badges by what they mean, not by colour, so the same state looks the same on every
 * screen. Each pairs its colours for 4.5:1 contrast at badge size.
 */
const TONES = {
  /** Needs someone: a new message. */
  attention: { color: 'ocean' },
  /** Done and public: published, active. */
  done: { color: 'teal.9' },
  /** Waiting on someone: pending review (filled: it is the reason to look). */
  waiting: { color: '#9a3412' },
  /** Waiting on something outside: an unconfirmed address, a mail being retried. */
  pending: { variant: 'outline', color: '#9a3412', c: '#9a3412' },
  /** Seen, nothing more to do. */
  seen: { variant: 'outline', color: 'gray.7', c: 'dark.7' },
  /** Put away: archived, unsubscribed. */
  off: { variant: 'light', color: 'gray', c: 'dark.7' },
  /** Something failed. */
  failed: { color: 'red.9' },
  /** A plain label: a category. */
  tag: { variant: 'light', radius: 'sm' },
  /** A count beside a link. */
  count: { color: 'red', size: 'sm', circle: false },
} satisfies Record<string, BadgeProps>

export type Tone = keyof typeof TONES

export function StateBadge({
  tone,
  title,
  children,
  ...rest
}: { tone: Tone; title?: string; children: ReactNode } & Omit<BadgeProps, 'color' | 'variant'> & {
    'data-testid'?: string
  }) {
  return (
    <Badge component="span" tt="none" {...TONES[tone]} title={title} {...rest}>
      {children}
    </Badge>
  )
}
