import { Avatar, Card, Group, Text } from '@mantine/core'

type TestimonialCardProps = { name: string; location: string | null; testimonial: string }

/**
 * The words and who wrote them, as a figure and its caption. The caption is the figure's own child
 * (HTML allows it nowhere else), so the card itself, a flex column, spaces the two.
 */
const SPACED = { justifyContent: 'space-between', gap: 'var(--mantine-spacing-lg)' }

export function TestimonialCard({ name, location, testimonial }: TestimonialCardProps) {
  return (
    <Card withBorder radius="md" padding="lg" component="figure" m={0} style={SPACED} data-testid="testimonial-card">
      <Text component="blockquote" m={0} fs="italic" lh={1.7}>
        “{testimonial}”
      </Text>
      <Group gap="sm" component="figcaption">
        <Avatar color="ocean" radius="xl" aria-hidden="true">
          {name.charAt(0).toUpperCase()}
        </Avatar>
        <div>
          <Text fw={700}>{name}</Text>
          {location ? (
            <Text size="sm" c="gray.7">
              {location}
            </Text>
          ) : null}
        </div>
      </Group>
    </Card>
  )
}
