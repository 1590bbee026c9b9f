import { Avatar, Card, Group, Stack, Text } from '@mantine/core'

type TestimonialCardProps = { name: string; location: string | null; testimonial: string }

export function TestimonialCard({ name, location, testimonial }: TestimonialCardProps) {
  return (
    <Card withBorder radius="md" padding="lg" component="figure" m={0} data-testid="testimonial-card">
      <Stack justify="space-between" h="100%" gap="lg">
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
      </Stack>
    </Card>
  )
}
