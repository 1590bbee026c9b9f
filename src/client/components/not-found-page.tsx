import { Button, Container, Text, Title } from '@mantine/core'
import { Link } from '@tanstack/react-router'
import { HEADER_HEIGHT_PX } from '../layout'

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
    </Container>
  )
}
