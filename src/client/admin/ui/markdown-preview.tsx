import { Alert, Box, Text, Title, type TitleOrder } from '@mantine/core'
import { useDebouncedValue } from '@mantine/hooks'
import { useMutation } from '@tanstack/react-query'
import { useEffect } from 'react'
import type { HeadingStyle } from '../../../shared/schemas/news'
import { NewsBody } from '../../components/news-body'
import { useTRPC } from '../../lib/trpc'

/**
 * Markdown as its page will show it, rendered by the server's one renderer (services/markdown.ts,
 * through news.preview) a moment after the typing stops, so the browser never loads it. The news
 * editor and the standards' editor both use it: their pages render with the same renderer.
 */
export function MarkdownPreview({
  body,
  id,
  testId,
  order = 3,
  headings = 'shifted',
  mailed = false,
}: {
  body: string
  /** Makes the heading's id, so two previews on one screen stay apart. */
  id: string
  testId: string
  /** The heading's level under the editor's own heading. */
  order?: TitleOrder
  /** How the page shows the author's headings. */
  headings?: HeadingStyle
  /** The text goes out by mail too (a news post): links a mail cannot follow are named under it. */
  mailed?: boolean
}) {
  const trpc = useTRPC()
  const [settled] = useDebouncedValue(body, 400)
  const preview = useMutation(trpc.news.preview.mutationOptions())
  const { mutate } = preview
  useEffect(() => {
    mutate({ body: settled, headings })
  }, [settled, mutate, headings])

  const headingId = `${id}-preview-heading`
  return (
    <Box component="section" aria-labelledby={headingId} data-testid={testId}>
      <Title order={order} size={order === 3 ? 'h4' : 'h5'} id={headingId}>
        Preview
      </Title>
      <Box
        mt="xs"
        p="md"
        bd="1px solid var(--mantine-color-gray-4)"
        style={{ borderRadius: 'var(--mantine-radius-md)', minHeight: 160, overflowWrap: 'anywhere' }}
      >
        {preview.isError ? (
          <Text c="red.9">The preview could not be shown. It will try again as you type.</Text>
        ) : preview.data ? (
          preview.data.html ? (
            <NewsBody html={preview.data.html} style={{ marginTop: 0 }} />
          ) : (
            <Text c="dark.6">Nothing to preview yet.</Text>
          )
        ) : (
          <Text c="dark.6">Loading preview...</Text>
        )}
      </Box>
      {mailed && preview.data?.unreachable.length ? (
        <UnreachableLinks links={preview.data.unreachable} testId={`${testId}-mail-links`} />
      ) : null}
    </Box>
  )
}

/**
 * The links of a post that go nowhere in its mail: into the page (#…) or relative to it. A link to
 * one of the site's pages (/standards/…) is made whole in the mail; these cannot be.
 */
export function UnreachableLinks({ links, testId, lead }: { links: string[]; testId: string; lead?: string }) {
  return (
    <Alert color="yellow" variant="light" mt="sm" data-testid={testId}>
      <Text size="sm">
        {lead ? `${lead} ` : ''}In the newsletter’s mail {links.length === 1 ? 'this link goes' : 'these links go'}{' '}
        nowhere: {links.map((link) => `“${link}”`).join(', ')}. Link to a whole address (https://…) or to a page of the
        site (/standards/…).
      </Text>
    </Alert>
  )
}
