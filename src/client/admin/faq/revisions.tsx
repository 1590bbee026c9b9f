import { Alert, Button, Card, Group, Stack, Text, Title } from '@mantine/core'
import { useQuery } from '@tanstack/react-query'
import { useRef, useState } from 'react'
import { DiffLegend, StandardDiff } from '../../components/standard-diff'
import { useTRPC } from '../../lib/trpc'
import { StateBadge } from '../ui/badges'
import { ConfirmDialog, useConfirm } from '../ui/confirm'
import { AdminDate } from '../ui/dates'
import lists from '../ui/lists.module.css'
import { refusalOf, useAdminMutation } from '../ui/mutation'
import type { FaqEditing, FaqRevisionEntry } from './types'

type Props = {
  /** The draft version the screen holds: a restore from an older one is refused (someone saved since). */
  version: number
  /** Whether the form holds changes not saved: a restore would replace them. */
  unsaved: boolean
  onRestored: (faq: FaqEditing) => void
}

/**
 * The FAQ's published revisions, newest first, and the text it started with: each can be viewed as
 * a comparison with the FAQ published now (the standards' comparison) and restored as the draft.
 */
export function FaqRevisions({ version, unsaved, onRestored }: Props) {
  const trpc = useTRPC()
  const revisions = useQuery(trpc.faq.revisions.queryOptions())
  const [shown, setShown] = useState<number | null>(null)
  const viewed = useQuery({ ...trpc.faq.revision.queryOptions({ revision: shown ?? 0 }), enabled: shown !== null })
  const heading = useRef<HTMLHeadingElement>(null)
  const restoring = useConfirm<FaqRevisionEntry>()
  const restore = useAdminMutation(trpc.faq.restore.mutationOptions(), {
    refresh: [trpc.faq.pathKey()],
    success: (_data, variables) =>
      variables.revision === 0
        ? 'The starting text is the draft now: review it, then publish'
        : `Revision ${variables.revision} is the draft now: review it, then publish`,
    failure: (_variables, error) => refusalOf(error) ?? 'The revision could not be restored',
    onSuccess: (faq) => onRestored(faq),
    afterRefresh: restoring.close,
    onError: restoring.close,
  })
  const name = (entry: { revision: number }) =>
    entry.revision === 0 ? 'The starting text' : `Revision ${entry.revision}`

  return (
    <Card withBorder padding="lg" radius="md" component="section" aria-labelledby="faq-revisions-heading">
      <Stack gap="md">
        <Title order={2} size="h4" id="faq-revisions-heading" ref={heading} tabIndex={-1}>
          Revisions
        </Title>
        <Text size="sm" c="dark.6">
          Every published FAQ is kept, with who published it and when. Compare one with the FAQ published now, or make
          it the draft again to publish it as a new revision.
        </Text>
        {revisions.data ? (
          <ul className={lists.list} aria-label="Revisions of the FAQ" data-testid="faq-revisions">
            {revisions.data.map((entry) => (
              <li key={entry.revision} className={lists.card} data-testid="faq-revision" data-revision={entry.revision}>
                <Group justify="space-between" align="flex-start" gap="sm">
                  <Stack gap={2}>
                    <Group gap="xs">
                      <Text fw={700}>{name(entry)}</Text>
                      {entry.current ? <StateBadge tone="done">Published now</StateBadge> : null}
                    </Group>
                    <Text size="sm" c="dark.6">
                      {entry.publishedAt ? (
                        <>
                          Published <AdminDate value={entry.publishedAt} /> by {entry.publishedBy}
                        </>
                      ) : (
                        'As the site was first set up'
                      )}{' '}
                      · {entry.questions} questions
                    </Text>
                  </Stack>
                  <Group gap="xs">
                    <Button
                      size="xs"
                      variant="default"
                      aria-expanded={shown === entry.revision}
                      onClick={() => setShown(shown === entry.revision ? null : entry.revision)}
                    >
                      {shown === entry.revision ? 'Hide' : 'Compare'}
                      <span className="visually-hidden"> {name(entry).toLowerCase()}</span>
                    </Button>
                    {entry.current ? null : (
                      <Button size="xs" variant="light" onClick={() => restoring.ask(entry)}>
                        Restore as draft<span className="visually-hidden"> ({name(entry).toLowerCase()})</span>
                      </Button>
                    )}
                  </Group>
                </Group>
                {shown === entry.revision ? (
                  <div data-testid="faq-revision-comparison">
                    {viewed.data ? (
                      <>
                        <Text size="sm" mt="sm">
                          From {name(entry).toLowerCase()} to the FAQ published now:{' '}
                          {viewed.data.comparison.inserted === 0 && viewed.data.comparison.deleted === 0
                            ? 'the same text.'
                            : `${viewed.data.comparison.inserted} words inserted, ${viewed.data.comparison.deleted} deleted.`}
                        </Text>
                        <DiffLegend />
                        <Card withBorder mt="sm" p="xs">
                          <StandardDiff blocks={viewed.data.comparison.blocks} />
                        </Card>
                      </>
                    ) : viewed.isError ? (
                      <Alert color="red" variant="light" mt="sm">
                        The revision could not be loaded.
                      </Alert>
                    ) : (
                      <Text size="sm" mt="sm" aria-live="polite">
                        Loading...
                      </Text>
                    )}
                  </div>
                ) : null}
              </li>
            ))}
          </ul>
        ) : revisions.isError ? (
          <Alert color="red" variant="light">
            The revisions could not be loaded.
          </Alert>
        ) : (
          <Text size="sm" aria-live="polite">
            Loading...
          </Text>
        )}
      </Stack>
      <ConfirmDialog
        confirm={restoring}
        title="Restore this revision as the draft?"
        confirmLabel="Restore as draft"
        busy={restore.isPending}
        onConfirm={(entry) => restore.mutate({ revision: entry.revision, version })}
        fallbackFocus={heading}
      >
        {(entry) => (
          <Text size="sm">
            {name(entry)} becomes the draft, replacing the draft there is{unsaved ? ' and your unsaved changes' : ''}.
            Nothing public changes until the draft is published.
          </Text>
        )}
      </ConfirmDialog>
    </Card>
  )
}
