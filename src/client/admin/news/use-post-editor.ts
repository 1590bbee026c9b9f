import type { UseMutationOptions } from '@tanstack/react-query'
import { useBlocker } from '@tanstack/react-router'
import { type FormEvent, useRef, useState } from 'react'
import { type PostInput, PostInputSchema, slugFromTitle } from '../../../shared/schemas/news'
import { focusFirstError } from '../../lib/focus-first-error'
import { useTRPC } from '../../lib/trpc'
import { useAdminForm } from '../ui/form'
import { refusalOf, useAdminMutation } from '../ui/mutation'
import type { Post } from './types'

export type PostValues = {
  title: string
  slug: string
  summary: string
  body: string
  status: Post['status']
  /** As the datetime field holds it: local time, 2025-06-01T09:00. */
  publishAt: string
}

const EMPTY: PostValues = { title: '', slug: '', summary: '', body: '', status: 'draft', publishAt: '' }

const pad = (n: number) => String(n).padStart(2, '0')
/** A moment as a datetime-local field shows it, in the browser's time zone. */
const localInput = (value: Date | string | null) => {
  if (!value) return ''
  const d = new Date(value)
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`
}

const toValues = (post: Post): PostValues => ({
  title: post.title,
  slug: post.slug,
  summary: post.summary,
  body: post.body,
  status: post.status,
  publishAt: localInput(post.publishAt),
})

const UNSAVED = 'This post has unsaved changes. Leave without saving them?'

/**
 * The editor's state: the form (checked by the schema the server parses with), the slug following
 * the title until it is edited, Save as create or update, and leave-page protection while there
 * are unsaved changes (a route change asks; closing the tab gets the browser's own question).
 */
export function usePostEditor(refresh: readonly unknown[][]) {
  const trpc = useTRPC()
  const form = useAdminForm<PostValues>(PostInputSchema, EMPTY)
  const [editing, setEditing] = useState<Post | null>(null)
  const [slugEdited, setSlugEdited] = useState(false)
  const titleRef = useRef<HTMLInputElement>(null)
  const published = Boolean(editing?.publishedAt)
  const dirty = form.isDirty()

  useBlocker({
    shouldBlockFn: () => form.isDirty() && !window.confirm(UNSAVED),
    enableBeforeUnload: () => form.isDirty(),
  })

  const load = (post: Post | null) => {
    const values = post ? toValues(post) : EMPTY
    setEditing(post)
    setSlugEdited(Boolean(post))
    form.setValues(values)
    form.resetDirty(values)
    form.clearErrors()
  }
  /** Opens a post (or a new one), asking first when the open one has unsaved changes. */
  const open = (post: Post | null) => {
    if (form.isDirty() && !window.confirm(UNSAVED)) return
    load(post)
    requestAnimationFrame(() => {
      document.getElementById('post-form')?.scrollIntoView({ block: 'start' })
      titleRef.current?.focus({ preventScroll: true })
    })
  }

  const setTitle = (title: string) => {
    form.setFieldValue('title', title)
    if (!slugEdited && !published) form.setFieldValue('slug', slugFromTitle(title))
  }
  const setSlug = (slug: string) => {
    setSlugEdited(true)
    form.setFieldValue('slug', slug)
  }

  const texts = (verb: string) => ({
    refresh: refresh as never,
    form,
    success: `Post ${verb} successfully`,
    failure: (_variables: unknown, error: unknown) => refusalOf(error) ?? `Failed to save post`,
    onSuccess: (saved: unknown) => load(saved as Post),
  })
  const create = useAdminMutation(
    trpc.news.create.mutationOptions() as UseMutationOptions<unknown, unknown, PostInput, unknown>,
    texts('saved'),
  )
  const update = useAdminMutation(
    trpc.news.update.mutationOptions() as UseMutationOptions<
      unknown,
      unknown,
      { id: number; data: PostInput },
      unknown
    >,
    texts('saved'),
  )

  const submit = (event?: FormEvent<HTMLFormElement>) =>
    form.onSubmit(
      (values) => {
        const data = PostInputSchema.parse(values)
        if (editing) update.mutate({ id: editing.id, data })
        else create.mutate(data)
      },
      (errors, values, submitEvent) => focusFirstError(errors, values, submitEvent),
    )(event)

  return {
    form,
    editing,
    published,
    dirty,
    titleRef,
    open,
    close: () => open(null),
    /** After a delete: the form empties without asking. */
    reset: () => load(null),
    setTitle,
    setSlug,
    submit,
    busy: create.isPending || update.isPending,
  }
}

export type PostEditor = ReturnType<typeof usePostEditor>
