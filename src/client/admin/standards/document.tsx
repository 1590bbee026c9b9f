import { Button, Card, Group, Stack, Text, Title } from '@mantine/core'
import { useRef, useState } from 'react'
import lists from '../ui/lists.module.css'
import type { VersionSteps } from './confirmations'
import { NewDraftForm } from './new-draft'
import type { StandardDocument } from './types'
import { VersionRow } from './version-row'
import { workInProgress } from './versions'
import { NewsPostLink, WorkPanel } from './work'

type Props = {
  document: StandardDocument
  steps: VersionSteps
  /** The version whose text is open in the editor ("KEY/1.1"), one at a time on the screen. */
  editing: string | null
  onEditing: (key: string | null) => void
}

/** A document: its versions, newest first, and the one being worked on, or the way to start one. */
export function DocumentCard({ document, steps, editing, onEditing }: Props) {
  const [drafting, setDrafting] = useState(false)
  const newDraft = useRef<HTMLButtonElement>(null)
  const work = workInProgress(document)
  const headingId = `standard-${document.key}`
  const editKey = work ? `${document.key}/${work.version}` : null
  // A version that went through a public review and took effect is worth telling the subscribers of.
  const current = document.versions.find((version) => version.state === 'published')
  const reviewed = current?.reviewOpenedAt ? current : null

  return (
    <Card
      withBorder
      p={{ base: 'md', sm: 'lg' }}
      radius="md"
      component="section"
      aria-labelledby={headingId}
      data-testid="standard-document"
      data-key={document.key}
    >
      <Stack gap="md">
        <div>
          <Title order={2} size="h4" id={headingId} className={lists.wrap} tabIndex={-1}>
            {document.number} · {document.title}
          </Title>
          <Text size="sm" c="dark.6" tt="capitalize">
            {document.kind}
          </Text>
        </div>
        <ul className={lists.list} aria-label={`Versions of ${document.number}`}>
          {document.versions.map((version) => (
            <VersionRow key={version.version} document={document} version={version} />
          ))}
        </ul>
        {reviewed ? (
          reviewed.publishedNoticePostId !== null ? (
            <NewsPostLink postId={reviewed.publishedNoticePostId}>
              {`The news post about version ${reviewed.version}`}
            </NewsPostLink>
          ) : (
            <Group data-testid="tell-published">
              <Button
                variant="default"
                loading={steps.announcing}
                onClick={() => steps.announce({ document, version: reviewed }, 'published')}
              >
                Tell subscribers<span className="visually-hidden"> of version {reviewed.version}</span>
              </Button>
              <Text size="sm" c="dark.6">
                Version {reviewed.version} is published: draft a news post about it, to preview and send from News.
              </Text>
            </Group>
          )
        ) : null}
        {work ? (
          <WorkPanel
            document={document}
            version={work}
            steps={steps}
            editing={editing === editKey}
            onEditing={(open) => onEditing(open ? editKey : null)}
          />
        ) : drafting ? (
          <NewDraftForm
            document={document}
            onCreated={(version) => {
              setDrafting(false)
              // The new draft opens in the editor: changing its text is what comes next.
              onEditing(`${document.key}/${version}`)
            }}
            onCancel={() => {
              setDrafting(false)
              requestAnimationFrame(() => newDraft.current?.focus())
            }}
          />
        ) : (
          <Group>
            <Button ref={newDraft} variant="light" onClick={() => setDrafting(true)}>
              New draft<span className="visually-hidden"> of {document.number}</span>
            </Button>
          </Group>
        )}
      </Stack>
    </Card>
  )
}
