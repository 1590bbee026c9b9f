import { useRouter } from '@tanstack/react-router'
import { useEffect, useState } from 'react'
import type { FormPostState } from '../../shared/form-post'
import { NoticeBox } from '../components/notice-box'

/**
 * A form's outcome written into the page, in its toast's words: what a visitor without JavaScript
 * sees after a post (docs/decisions/030-forms-without-javascript.md). `failed` marks a refusal.
 */
export type FormNoticeText = { title: string; message: string; failed?: boolean }

/**
 * The refused post this page was rendered with, when it is `form`'s: the server's render and the
 * browser's hydration read the same state (the router's context, filled from the page's data block).
 * It belongs to that one view of the page: once the form has it, a later visit starts empty.
 */
export function useFormPost(form: FormPostState['form']): FormPostState | undefined {
  const context = useRouter().options.context
  const [post] = useState(() => (context.formPost?.form === form ? context.formPost : undefined))
  useEffect(() => {
    if (post && context.formPost === post) context.formPost = undefined
  }, [context, post])
  return post
}

/** The outcome above the form: a status for a success, an alert for a refusal. */
export function FormNotice({ notice }: { notice: FormNoticeText | null }) {
  if (!notice) return null
  return (
    <NoticeBox
      role={notice.failed ? 'alert' : 'status'}
      tone={notice.failed ? 'red' : 'teal'}
      title={notice.title}
      style={{ marginTop: 'var(--mantine-spacing-md)' }}
      data-testid="form-notice"
    >
      {notice.message}
    </NoticeBox>
  )
}
