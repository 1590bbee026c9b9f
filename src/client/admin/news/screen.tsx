import { Button, Group, Stack, Text } from '@mantine/core'
import { useInfiniteQuery } from '@tanstack/react-query'
import { useNavigate, useSearch } from '@tanstack/react-router'
import { useEffect, useRef } from 'react'
import { useTRPC } from '../../lib/trpc'
import { useConfirmedDelete } from '../ui/confirm'
import { PAGED } from '../ui/list'
import { confirmDeleteTexts, leaveIfDeleted } from '../ui/record-editor'
import { deleteActions } from '../ui/row-actions'
import { useListSearch } from '../ui/search'
import { DeliveryPanel } from './delivery'
import { PostForm } from './form'
import { PostList } from './list'
import type { Post } from './types'
import { usePostEditor } from './use-post-editor'

/** The news screen (README, "The admin"): the editor above the list of posts; a delete asks first. */
export function NewsScreen() {
  const trpc = useTRPC()
  const q = useListSearch()
  const posts = useInfiniteQuery(trpc.news.adminList.infiniteQueryOptions({ q }, PAGED))
  const refresh = [trpc.news.pathKey()]
  const editor = usePostEditor(refresh)
  const headingRef = useRef<HTMLHeadingElement>(null)
  // A post named in the address (a standard's "Tell subscribers" drafted it) opens in the editor once
  // the list has it, and the address forgets it, so a reload does not reopen it over other work.
  const wanted = useSearch({ strict: false, select: (search: { post?: number }) => search.post })
  const navigate = useNavigate()
  const handled = useRef<number | null>(null)
  const loaded = posts.data
  const { open } = editor
  useEffect(() => {
    if (wanted === undefined || !loaded || handled.current === wanted) return
    handled.current = wanted
    const post = loaded.pages.flatMap((page) => page.items).find((item) => item.id === wanted)
    if (post) open(post)
    void navigate({ to: '/admin/news', search: (search: { q?: string }) => ({ q: search.q }), replace: true })
  }, [wanted, loaded, open, navigate])
  const remove = useConfirmedDelete<Post>(trpc.news.remove.mutationOptions(), {
    refresh,
    ...confirmDeleteTexts('Post'),
    onDeleted: leaveIfDeleted(editor.editing, editor.reset),
    body: (post) => (
      <Text>
        “{post.title}” will be deleted.
        {post.publishedAt ? ` Its address, /news/${post.slug}, will answer that the post was removed.` : ''} This cannot
        be undone.
      </Text>
    ),
    fallbackFocus: headingRef,
  })

  return (
    <Stack gap="xl">
      <Group justify="flex-end">
        <Button variant="light" onClick={() => editor.open(null)}>
          New post
        </Button>
      </Group>
      <PostForm
        editor={editor}
        onDelete={() => {
          if (editor.editing) remove.ask(editor.editing)
        }}
      />
      {editor.editing ? (
        <DeliveryPanel
          key={editor.editing.id}
          postId={editor.editing.id}
          published={editor.editing.status === 'published'}
          sentAt={editor.editing.sentAt}
        />
      ) : null}
      <PostList list={posts} {...deleteActions(remove)} onEdit={editor.open} headingRef={headingRef} />
      {remove.dialog}
    </Stack>
  )
}
