import { Button, Group, type MantineSpacing } from '@mantine/core'
import { Link, type LinkProps } from '@tanstack/react-router'

type PageLink = { to: LinkProps['to']; label: string }

/**
 * The two buttons that close a page: where to read next, and a lighter alternative. They are left
 * off paper, where a button leads nowhere.
 */
export function PageLinks({
  primary,
  secondary,
  mt = 'xl',
}: {
  primary: PageLink
  secondary: PageLink
  mt?: MantineSpacing
}) {
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
