import { Text, Textarea, TextInput } from '@mantine/core'
import { useMutation } from '@tanstack/react-query'
import { useSearch } from '@tanstack/react-router'
import { useId } from 'react'
import { TEXT_LIMITS } from '../../shared/constants'
import { checkComment, commentSubmission } from '../../shared/form-rules'
import { COMMENT_SUCCESS } from '../../shared/form-texts'
import { focusFirstError } from '../lib/focus-first-error'
import { useFormPost } from '../lib/form-post'
import { usePublicForm } from '../lib/public-form'
import { showToast } from '../lib/show-toast'
import { useTRPC } from '../lib/trpc'
import { FormCheckbox, Honeypot, PublicFormCard, SubmitButton } from './form-parts'
import { PrivacyNote } from './privacy-note'
import { StandardDate } from './standard-parts'

const EMPTY = {
  name: '',
  organisation: '',
  email: '',
  section: '',
  comment: '',
  proposedChange: '',
  consent: false,
  website: '',
}

export const CONSENT_LABEL = 'Publish my name and organisation with my comment'

/** The server's answer carries the same message; this is for an answer without one. */
const RECEIVED = COMMENT_SUCCESS

/** tRPC names a refused field by its path in the whole input ("comment.email"); the form by its own name. */
function ownFields(fields: Record<string, string> | undefined) {
  if (!fields) return undefined
  return Object.fromEntries(Object.entries(fields).map(([key, message]) => [key.replace(/^comment\./, ''), message]))
}

/**
 * The public comment on a version in review: the same parts and behaviour as the contact form
 * (browser-side check with the shared rules, the first wrong field takes the focus, a toast says
 * what happened, a honeypot for bots), with a consent box that is optional: without it the
 * comment is published, once the version is, without the name and organisation.
 */
export function StandardCommentForm({
  documentKey,
  documentNumber,
  version,
  closesAt,
  sections,
}: {
  documentKey: string
  documentNumber: string
  version: string
  closesAt: Date | string | null
  /** The version's headings, offered as suggestions for "Section" (any text is still accepted). */
  sections: string[]
}) {
  const trpc = useTRPC()
  const id = useId()
  const sectionsId = `${id}-sections`
  const { form, formRef, mutation, notice } = usePublicForm({
    initialValues: EMPTY,
    validate: checkComment,
    success: RECEIVED,
    failure: 'Failed to send your comment. Please try again.',
    post: useFormPost('comment'),
    // ?commented=1: where a comment posted without JavaScript lands (docs/decisions/030-forms-without-javascript.md).
    done: useSearch({ strict: false }).commented === 1,
  })
  const send = useMutation(
    trpc.standards.comment.mutationOptions({
      // The server's own words: they say what happens to the comment next.
      onSuccess: (answer) => {
        form.reset()
        showToast({ title: RECEIVED.title, message: answer.message || RECEIVED.message, variant: 'success' })
      },
      onError: (error) =>
        mutation.onError({
          message: error.message,
          data: error.data ? { fields: ownFields(error.data.fields) } : null,
        }),
    }),
  )

  return (
    // size="md" on the fields: text under 16 px makes phones zoom into the field on focus.
    <PublicFormCard
      headingId="comment-form-heading"
      title={`Comment on version ${version}`}
      intro={
        <Text mt="xs" c="dark.7">
          Comments on this draft of {documentNumber} are open until <StandardDate value={closesAt} />. The council
          answers every comment in writing and publishes the comments and its answers with the version.
        </Text>
      }
      notice={notice}
      formRef={formRef}
      action={`/api/standards/${encodeURIComponent(documentKey)}/versions/${encodeURIComponent(version)}/comments`}
      onSubmit={form.onSubmit(
        (values) => send.mutate({ number: documentKey, version, comment: commentSubmission(values) }),
        focusFirstError,
      )}
      id="comment-form"
      testId="comment-form"
    >
      <TextInput label="Name" size="md" required autoComplete="name" {...form.getInputProps('name')} />
      <TextInput
        label="Organisation"
        size="md"
        description="Optional"
        autoComplete="organization"
        {...form.getInputProps('organisation')}
      />
      <TextInput
        label="Email"
        size="md"
        type="email"
        required
        autoComplete="email"
        description="Never shown or published; the council uses it only to ask you about your comment."
        {...form.getInputProps('email')}
      />
      <TextInput
        label="Section"
        size="md"
        required
        autoComplete="off"
        description="The heading or number of the part of the text your comment is about."
        list={sections.length > 0 ? sectionsId : undefined}
        {...form.getInputProps('section')}
      />
      {sections.length > 0 ? (
        <datalist id={sectionsId}>
          {sections.map((heading) => (
            <option key={heading} value={heading} />
          ))}
        </datalist>
      ) : null}
      <Textarea
        label="Comment"
        size="md"
        required
        autosize
        minRows={6}
        description={`At least 10 characters, at most ${TEXT_LIMITS.comment}.`}
        {...form.getInputProps('comment')}
      />
      <Textarea
        label="Proposed change"
        size="md"
        autosize
        minRows={3}
        description="Optional: the wording you would put in its place."
        {...form.getInputProps('proposedChange')}
      />
      <FormCheckbox
        label={CONSENT_LABEL}
        inputProps={form.getInputProps('consent')}
        help="Optional. Without it, your comment is published without your name and organisation."
      />
      <Honeypot inputProps={form.getInputProps('website')} />
      <SubmitButton pending={send.isPending}>Send Comment</SubmitButton>
      <PrivacyNote>Your e-mail address is never published.</PrivacyNote>
    </PublicFormCard>
  )
}
