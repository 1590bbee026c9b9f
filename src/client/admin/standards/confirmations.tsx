import { Alert, Stack, Text } from '@mantine/core'
import { useNavigate } from '@tanstack/react-router'
import { type RefObject, useRef } from 'react'
import { useTRPC } from '../../lib/trpc'
import { ConfirmDialog, useConfirm } from '../ui/confirm'
import { refusalOf, useAdminMutation } from '../ui/mutation'
import { printedDay } from './dates'
import type { StandardDocument, StandardVersion } from './types'

/** What a step is asked about: the version, and for a publication the date it takes effect. */
export type Step = { document: StandardDocument; version: StandardVersion; effectiveDate?: string }

const named = ({ document, version }: Step) => `${document.number} version ${version.version}`
const params = ({ document, version }: Step) => ({ number: document.key, version: version.version })

/** The server's reason, kept in the dialog after the toast has gone, so it can be read and acted on. */
function Refusal({ error }: { error: unknown }) {
  if (!error) return null
  return (
    <Alert color="red" variant="light" title="Not done" role="alert" data-testid="step-refusal">
      <Text size="sm" c="dark.8">
        {refusalOf(error) ?? 'It could not be done. Check the connection and try again.'}
      </Text>
    </Alert>
  )
}

/**
 * The steps of a version's life: publish and withdraw ask first (a refusal keeps its dialog open with
 * the server's words in it; the toast says the same); telling the subscribers drafts a news post
 * and opens it in the news editor, where it is previewed, edited and sent as any post.
 */
export function useVersionSteps(screenHeading: RefObject<HTMLElement | null>) {
  const trpc = useTRPC()
  // A step removes the button that asked (the version moves on): the focus goes to its document's heading.
  // Each dialog closes after the refresh (`afterRefresh`), once that button has left: closed before, its
  // exit hands the focus to the button, which the refresh then removes, and the focus falls to the body.
  const fallbackFocus = useRef<HTMLElement | null>(null)
  const refresh = [trpc.standards.pathKey()]
  const publishing = useConfirm<Step>()
  const withdrawing = useConfirm<Step>()
  const navigate = useNavigate()

  const publish = useAdminMutation(trpc.standards.publish.mutationOptions(), {
    refresh,
    success: (done) =>
      `Version ${done.version} published${done.superseded ? `; version ${done.superseded} is superseded` : ''}`,
    failure: (_variables, error) => refusalOf(error) ?? 'The version could not be published',
    afterRefresh: publishing.close,
  })
  const announce = useAdminMutation(trpc.standards.announce.mutationOptions(), {
    refresh: [...refresh, trpc.news.pathKey()],
    success: (draft) =>
      draft.created ? 'A news draft is ready: preview it, edit it, then send it' : 'The news post was drafted before',
    failure: (_variables, error) => refusalOf(error) ?? 'The news draft could not be made',
    onSuccess: (draft) => void navigate({ to: '/admin/news', search: { post: draft.postId } }),
  })
  const withdraw = useAdminMutation(trpc.standards.withdraw.mutationOptions(), {
    refresh,
    success: (done) => `Version ${done.version} withdrawn`,
    failure: (_variables, error) => refusalOf(error) ?? 'The version could not be withdrawn',
    afterRefresh: withdrawing.close,
  })

  const dialogs = (
    <>
      <ConfirmDialog
        confirm={publishing}
        title="Publish this version?"
        confirmLabel="Publish"
        busy={publish.isPending}
        onConfirm={(step) => publish.mutate({ ...params(step), effectiveDate: step.effectiveDate ?? '' })}
        fallbackFocus={fallbackFocus}
        data-testid="publish-confirmation"
      >
        {(step) => {
          const current = step.document.versions.find((version) => version.state === 'published')
          return (
            <Stack gap="sm">
              <Text size="sm">
                {named(step)} becomes the current version, in effect from {printedDay(step.effectiveDate ?? '')}.
                {current ? ` Version ${current.version}, current now, becomes superseded.` : ''} The comments and the
                council’s answers become public with it, and its text can no longer change.
              </Text>
              <Refusal error={publish.error} />
            </Stack>
          )
        }}
      </ConfirmDialog>
      <ConfirmDialog
        confirm={withdrawing}
        title="Withdraw this version?"
        confirmLabel="Withdraw"
        cancelLabel="Keep it"
        busy={withdraw.isPending}
        onConfirm={(step) => withdraw.mutate(params(step))}
        fallbackFocus={fallbackFocus}
      >
        {(step) => (
          <Stack gap="sm">
            <Text size="sm">
              {step.version.state === 'review'
                ? `The public review of ${named(step)} ends and no more comments are taken. The version and its comments stay in the record as withdrawn.`
                : `The draft ${named(step)} stays in the record as withdrawn and can no longer be edited.`}{' '}
              A new draft can then be started.
            </Text>
            <Refusal error={withdraw.error} />
          </Stack>
        )}
      </ConfirmDialog>
    </>
  )

  // A new question starts without the last one's refusal.
  const asking = (confirm: { ask: (step: Step) => void }, mutation: { reset: () => void }) => (step: Step) => {
    mutation.reset()
    fallbackFocus.current = window.document.getElementById(`standard-${step.document.key}`) ?? screenHeading.current
    confirm.ask(step)
  }
  return {
    publish: asking(publishing, publish),
    announce: (step: Step, kind: 'review' | 'published') => announce.mutate({ ...params(step), kind }),
    announcing: announce.isPending,
    withdraw: asking(withdrawing, withdraw),
    dialogs,
  }
}

export type VersionSteps = ReturnType<typeof useVersionSteps>
