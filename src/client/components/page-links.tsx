import { Button, Group, type MantineSpacing } from '@mantine/core'
import { Link, type LinkProps } from '@tanstack/react-router'

type PageLink = { to: LinkProps['to']; label: string }

/** Where each guide page sends its reader next: the main step, then a lighter alternative. */
const NEXT_STEPS = {
  '/about': [
    { to: '/safety', label: 'Safety Standards' },
    { to: '/education', label: 'Learn About mHBOT' },
  ],
  '/about/mission-statement': [
    { to: '/about/position-statement', label: 'Read the Position Statement' },
    { to: '/about', label: 'About the Council' },
  ],
  '/education': [
    { to: '/benefits', label: 'Explore Wellness Benefits' },
    { to: '/safety', label: 'Safety & Standards' },
  ],
  '/benefits': [
    { to: '/safety', label: 'Safety & Standards' },
    { to: '/research', label: 'Browse the Research Library' },
  ],
  '/safety': [
    { to: '/resources', label: 'Download Safety Resources' },
    { to: '/faq', label: 'Read the FAQ' },
  ],
} satisfies Record<string, [PageLink, PageLink]>

/**
 * The two buttons that close a page (`from`, its path): where to read next, and a lighter
 * alternative. They are left off paper, where a button leads nowhere.
 */
export function PageLinks({ from, mt = 'xl' }: { from: keyof typeof NEXT_STEPS; mt?: MantineSpacing }) {
  const [primary, secondary] = NEXT_STEPS[from]
  return (
    <Group mt={mt} data-print-hide>
      <Button component={Link} to={primary.to}>
        {primary.label}
      </Button>
      <Button component={Link} to={secondary.to} variant="light">
        {secondary.label}
      </Button>
    </Group>
  )
}
