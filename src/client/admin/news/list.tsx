import { Group, Stack, Text } from '@mantine/core'
import type { RefObject } from 'react'
import { StateBadge, type Tone } from '../ui/badges'
import { AdminDate } from '../ui/dates'
import { AdminList, type ListQuery } from '../ui/list'
import classes from '../ui/lists.module.css'
import { type RecordActions, RecordRowActions } from '../ui/row-actions'
import type { Post } from './types'

const TONE: Record<Post['status'], Tone> = { draft: 'seen', scheduled: 'pending', published: 'done' }
const LABEL: Record<Post['status'], string> = { draft: 'Draft', scheduled: 'Scheduled', published: 'Published' }

const rowId = (post: Post) => `post-${post.id}`

/** 'Posts': every post with its state and its date, newest first, searched by title, summary or slug. */
export function PostList({
  list,
  headingRef,
  ...actions
}: RecordActions<Post> & { list: ListQuery<Post>; headingRef: RefObject<HTMLHeadingElement | null> }) {
  return (
    <AdminList
      heading={{ title: 'Posts', id: 'posts-heading', ref: headingRef }}
      search={{ description: 'Title, summary or slug' }}
      list={list}
      noun="posts"
      focusId={rowId}
    >
      {(post) => (
        <li key={post.id} id={rowId(post)} tabIndex={-1} className={classes.card} data-testid="admin-post-card">
          <Stack gap={6}>
            <Text fw={700} className={classes.wrap}>
              {post.title}
            </Text>
            <Group gap="xs">
              <StateBadge tone={TONE[post.status]}>{LABEL[post.status]}</StateBadge>
              <Text size="sm" c="dark.6">
                {post.status === 'published' && post.publishedAt ? (
                  <AdminDate value={post.publishedAt} />
                ) : post.status === 'scheduled' && post.publishAt ? (
                  <>
                    for <AdminDate value={post.publishAt} />
                  </>
                ) : (
                  'Not published'
                )}
              </Text>
            </Group>
            <Group justify="space-between" wrap="nowrap" gap="sm">
              <Text size="sm" c="dark.6" className={classes.wrap}>
                /news/{post.slug}
              </Text>
              <RecordRowActions row={post} name={post.title} {...actions} />
            </Group>
          </Stack>
        </li>
      )}
    </AdminList>
  )
}
