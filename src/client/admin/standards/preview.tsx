import { Box, Text, Title } from '@mantine/core'
import { useDebouncedValue } from '@mantine/hooks'
import { useMutation } from '@tanstack/react-query'
import { useEffect } from 'react'
import { NewsBody } from '../../components/news-body'
import { useTRPC } from '../../lib/trpc'

/**
 * The text as its page will show it, rendered by the server's one renderer (standards.preview, the
 * same as the news editor's) a moment after the typing stops, so the browser never loads it.
 */
export function StandardPreview({ body, id }: { body: string; id: string }) {
  const trpc = useTRPC()
  const [settled] = useDebouncedValue(body, 400)
  const preview = useMutation(trpc.standards.preview.mutationOptions())
  const { mutate } = preview
  useEffect(() => {
    mutate({ body: settled })
  }, [settled, mutate])

  const headingId = `${id}-preview-heading`
  return (
    <Box component="section" aria-labelledby={headingId} data-testid="standard-preview">
      <Title order={4} size="h5" id={headingId}>
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
    </Box>
  )
}
