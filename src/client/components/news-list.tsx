import { Anchor, Stack, Text, Title } from '@mantine/core'
import { Link } from '@tanstack/react-router'

export type NewsItem = { slug: string; title: string; summary: string; publishedAt: Date | string | null }

/** A post's date as the page shows it: the same on the server and in any browser's time zone. */
export function newsDate(value: Date | string | null): string {
  if (!value) return ''
  return new Date(value).toLocaleDateString('en-US', {
    year: 'numeric',
    month: 'long',
    day: 'numeric',
    timeZone: 'UTC',
  })
}

/** Published posts, newest first: title (the link), date and summary. */
export function NewsList({ items, headingOrder = 2 }: { items: NewsItem[]; headingOrder?: 2 | 3 }) {
  return (
    <Stack component="ul" gap="xl" p={0} m={0} style={{ listStyle: 'none' }} data-testid="news-list">
      {items.map((post) => (
        <li key={post.slug}>
          <article>
            <Title order={headingOrder} size="h3">
              <Anchor
                renderRoot={(props) => <Link {...props} to="/news/$slug" params={{ slug: post.slug }} />}
                c="ocean.8"
                inherit
              >
                {post.title}
              </Anchor>
            </Title>
            {post.publishedAt ? (
              <Text
                component="time"
                dateTime={new Date(post.publishedAt).toISOString()}
                size="sm"
                c="gray.7"
                mt={4}
                display="block"
              >
                {newsDate(post.publishedAt)}
              </Text>
            ) : null}
            <Text mt="xs" lh={1.6}>
              {post.summary}
            </Text>
          </article>
        </li>
      ))}
    </Stack>
  )
}
