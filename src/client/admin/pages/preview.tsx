import { Alert, Box, Stack, Text, Title } from '@mantine/core'
import { useDebouncedValue } from '@mantine/hooks'
import { useMutation } from '@tanstack/react-query'
import { type ReactNode, useEffect } from 'react'
import { type PageContent, type PageKey, pageContentIssues } from '../../../shared/schemas/pages'
import type { PageView } from '../../lib/page-content'
import { useTRPC } from '../../lib/trpc'
import { PAGE_BODIES } from '../../pages'
import { refusalOf } from '../ui/mutation'

/**
 * The page as it will show, with the editor's text: rendered by the server's one renderer
 * (pages.preview) a moment after the typing stops, and shown with the page's own component, inert
 * (its links and buttons are the page's, not the editor's).
 */
export function PagePreview({ pageKey, content }: { pageKey: PageKey; content: PageContent }) {
  const trpc = useTRPC()
  const [settled] = useDebouncedValue(content, 500)
  const preview = useMutation(trpc.pages.preview.mutationOptions())
  const { mutate } = preview
  // A text the save would refuse (a part left empty) is not previewed: the fields say why.
  const complete = pageContentIssues(pageKey, settled).length === 0
  useEffect(() => {
    if (complete) mutate({ key: pageKey, content: settled })
  }, [settled, pageKey, mutate, complete])
  const Body = PAGE_BODIES[pageKey]
  return (
    <Box component="section" aria-labelledby="page-preview-heading">
      <Stack gap="xs">
        <Title order={3} size="h4" id="page-preview-heading">
          Preview
        </Title>
        <Text size="sm" c="dark.6">
          The page as visitors will see it, with the text on this screen.
        </Text>
        {preview.isError ? (
          <Alert color="red" variant="light" data-testid="page-preview-error">
            The preview could not be shown: {refusalOf(preview.error) ?? 'check the connection'}. It will try again as
            you type.
          </Alert>
        ) : null}
        <PageFrame testId="page-preview">
          {preview.data ? <Body page={preview.data} /> : <Text p="md">Loading preview...</Text>}
        </PageFrame>
      </Stack>
    </Box>
  )
}

/** A page's words as the page shows them, in a frame, inert: the preview, or a revision. */
function PageFrame({ testId, children }: { testId: string; children: ReactNode }) {
  return (
    <Box
      bd="1px solid var(--mantine-color-gray-4)"
      style={{ borderRadius: 'var(--mantine-radius-md)', overflow: 'hidden' }}
      data-testid={testId}
      inert
    >
      {children}
    </Box>
  )
}

/** A revision of the page, as the page showed it. */
export function PageRevisionShown({ pageKey, page }: { pageKey: PageKey; page: PageView }) {
  const Body = PAGE_BODIES[pageKey]
  return (
    <PageFrame testId="page-revision-shown">
      <Body page={page} />
    </PageFrame>
  )
}
