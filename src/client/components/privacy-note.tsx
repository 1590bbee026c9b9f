import { Anchor, Text } from '@mantine/core'
import { Link } from '@tanstack/react-router'
import type { ReactNode } from 'react'

/** The line beside every form that collects personal data, pointing to what the council does with it. */
export function PrivacyNote({ children }: { children: ReactNode }) {
  return (
    <Text size="sm" c="dark.6">
      {children}{' '}
      <Anchor component={Link} to="/privacy" size="sm" underline="always">
        How we handle your data
      </Anchor>
    </Text>
  )
}
