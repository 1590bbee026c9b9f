import { Anchor, Button, Group, Stack, Text, TextInput, Title } from '@mantine/core'
import { Link } from '@tanstack/react-router'
import { type FormEvent, useRef, useState } from 'react'
import { useTRPC } from '../../lib/trpc'
import { formatAdminDate } from '../ui/dates'
import fieldClasses from '../ui/fields.module.css'
import { refusalOf, useAdminMutation } from '../ui/mutation'
import type { VersionSteps } from './confirmations'
import { VersionEditor } from './editor'
import classes from './standards.module.css'
import type { StandardDocument, StandardVersion } from './types'
import { defaultClosingDate, localToday, utcMidnight } from './versions'

type Props = {
  document: StandardDocument
  version: StandardVersion
  steps: VersionSteps
  editing: boolean
  onEditing: (editing: boolean) => void
}

/**
 * The version being worked on: its text, then the next step of its life. A draft goes to public
 * review; a review is announced to the subscribers, then published once it has closed and every
 * comment has its answer (the server says what is missing); either can be withdrawn.
 */
export function WorkPanel({ document, version, steps, editing, onEditing }: Props) {
  const step = { document, version }
  const id = `work-${document.key}`
  const heading = useRef<HTMLHeadingElement>(null)
  const edit = useRef<HTMLButtonElement>(null)
  return (
    <section aria-labelledby={`${id}-heading`} className={classes.work} data-testid="work-panel">
      <Stack gap="md">
        <Title order={3} size="h5" id={`${id}-heading`} ref={heading} tabIndex={-1}>
          {version.state === 'draft' ? `Draft ${version.version}` : `Version ${version.version} in public review`}
        </Title>
        {editing ? (
          <VersionEditor
            document={document}
            version={version}
            onClose={() => {
              onEditing(false)
              // The editor took the place of its button, which brings the focus back.
              requestAnimationFrame(() => edit.current?.focus())
            }}
          />
        ) : (
          <Group>
            <Button ref={edit} variant="light" onClick={() => onEditing(true)}>
              Edit the text
            </Button>
          </Group>
        )}
        {version.state === 'draft' ? (
          // Its form goes once the review is open: the heading, which now says so, takes the focus.
          <OpenReviewForm document={document} version={version} onOpened={() => heading.current?.focus()} />
        ) : null}
        {version.state === 'review' ? (
          <>
            {version.reviewNoticePostId !== null ? (
              <NewsPostLink postId={version.reviewNoticePostId}>The news post about this review</NewsPostLink>
            ) : version.reviewOpen ? (
              <Group>
                <Button variant="default" loading={steps.announcing} onClick={() => steps.announce(step, 'review')}>
                  Tell subscribers
                </Button>
                <Text size="sm" c="dark.6">
                  Drafts a news post about the review, to preview and send from News.
                </Text>
              </Group>
            ) : null}
            <PublishForm
              closesAt={version.reviewOpen ? version.reviewClosesAt : null}
              onPublish={(effectiveDate) => steps.publish({ ...step, effectiveDate })}
            />
          </>
        ) : null}
        <Group>
          <Button variant="outline" color="red.9" onClick={() => steps.withdraw(step)}>
            Withdraw version {version.version}
          </Button>
        </Group>
      </Stack>
    </section>
  )
}

function OpenReviewForm({
  document,
  version,
  onOpened,
}: {
  document: StandardDocument
  version: StandardVersion
  onOpened: () => void
}) {
  const trpc = useTRPC()
  const [closesOn, setClosesOn] = useState(defaultClosingDate)
  const [error, setError] = useState<string | null>(null)
  const open = useAdminMutation(trpc.standards.openReview.mutationOptions(), {
    refresh: [trpc.standards.pathKey()],
    form: { setErrors: (errors) => setError(errors.closesAt ?? null) },
    success: `The public review of version ${version.version} is open`,
    failure: (_variables, failure) => refusalOf(failure) ?? 'The review could not be opened',
    // A refused date is said beside the field it is about, where it stays while it is changed.
    onError: (failure) => setError((current) => refusalOf(failure) ?? current),
    afterRefresh: onOpened,
  })
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    setError(null)
    if (!closesOn) return setError('Choose the day the review closes')
    open.mutate({ number: document.key, version: version.version, closesAt: utcMidnight(closesOn) })
  }
  return (
    <form onSubmit={submit} noValidate className={classes.inline}>
      <TextInput
        type="date"
        label="Review closes on"
        description="Comments are taken until the end of this day (UTC)"
        value={closesOn}
        error={error}
        onChange={(event) => setClosesOn(event.currentTarget.value)}
        required
        classNames={fieldClasses}
      />
      <Button type="submit" loading={open.isPending}>
        Open public review
      </Button>
    </form>
  )
}

/** A news post a standard's step drafted, opened in the news editor. */
export function NewsPostLink({ postId, children }: { postId: number; children: string }) {
  return (
    <Anchor
      size="sm"
      renderRoot={(props) => <Link to="/admin/news" search={{ post: postId }} {...props} />}
      data-testid="standard-news-post"
    >
      {children}
    </Anchor>
  )
}

/**
 * The effective date and Publish. While the review is open (`closesAt`), the button says when it can
 * be pressed and cannot be: the comments are still coming in.
 */
function PublishForm({ closesAt, onPublish }: { closesAt: Date | null; onPublish: (effectiveDate: string) => void }) {
  const [effective, setEffective] = useState(localToday)
  const [error, setError] = useState<string | null>(null)
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    if (!effective) return setError('Choose the day the version takes effect')
    setError(null)
    onPublish(effective)
  }
  return (
    <form onSubmit={submit} noValidate className={classes.inline}>
      <TextInput
        type="date"
        label="Effective date"
        value={effective}
        error={error}
        onChange={(event) => setEffective(event.currentTarget.value)}
        required
        classNames={fieldClasses}
      />
      <Button type="submit" disabled={closesAt !== null} data-testid="publish-button">
        {closesAt ? `Publish after ${formatAdminDate(closesAt)}` : 'Publish'}
      </Button>
    </form>
  )
}
