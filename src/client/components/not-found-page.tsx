import { Anchor, Button, Container, Group, Text, Title } from '@mantine/core'
import { Link } from '@tanstack/react-router'
import { HEADER_HEIGHT_PX } from '../layout'

/** The specified heading and sentence, then a way on: home, the research library, or the council. */
export function NotFoundPage() {
  return (
    <Container size="sm" pt={HEADER_HEIGHT_PX + 80} pb={120} ta="center">
      <Title order={1}>404 Page Not Found</Title>
      <Text mt="md" c="gray.7">
        Did you forget to add the page to the router?
      </Text>
      <Button component={Link} to="/" mt="xl">
        Back to Home
      </Button>
      <nav aria-label="Where to go from here">
        <Group component="ul" justify="center" gap="lg" mt="lg" p={0} style={{ listStyle: 'none' }}>
          <li>
            <Anchor component={Link} to="/research" underline="always">
              Browse the research library
            </Anchor>
          </li>
          <li>
            <Anchor component={Link} to="/contact" underline="always">
              Contact the council
            </Anchor>
          </li>
        </Group>
      </nav>
    </Container>
  )
}
