import { Box, Text, Title } from '@mantine/core'
import { useDebouncedValue } from '@mantine/hooks'
import { useMutation } from '@tanstack/react-query'
import { useEffect } from 'react'
import { NewsBody } from '../../components/news-body'
import { useTRPC } from '../../lib/trpc'

/**
 * The body as the page will show it, rendered by the server's one renderer (news.preview), a
 * moment after the typing stops; the browser never loads the renderer.
 */
export function PostPreview({ body }: { body: string }) {
  const trpc = useTRPC()
  const [settled] = useDebouncedValue(body, 400)
  const preview = useMutation(trpc.news.preview.mutationOptions())
  const { mutate } = preview
  useEffect(() => {
    mutate({ body: settled })
  }, [settled, mutate])

  return (
    <Box component="section" aria-labelledby="post-preview-heading" data-testid="post-preview">
      <Title order={3} size="h4" id="post-preview-heading">
        Preview
      </Title>
      <Box
        mt="xs"
        p="md"
        bd="1px solid var(--mantine-color-gray-4)"
        style={{ borderRadius: 'var(--mantine-radius-md)', minHeight: 160 }}
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
    </Box>
  )
}
