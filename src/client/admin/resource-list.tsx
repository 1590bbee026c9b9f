import {
  ActionIcon,
  Alert,
  Anchor,
  Badge,
  Box,
  Button,
  Card,
  Group,
  Loader,
  Modal,
  ScrollArea,
  Stack,
  Text,
  Title,
} from '@mantine/core'
import type { Ref } from 'react'
import { ADMIN_LIST_MAX_HEIGHT_PX } from '../../shared/constants'
import type { RouterOutputs } from '../lib/trpc'
import { PencilIcon, TrashIcon } from './icons'

export type Resource = RouterOutputs['resources']['list'][number]

/** The stored file's name, which the server keeps as the link's last segment. */
export function resourceFileName(resource: Pick<Resource, 'fileUrl'>): string {
  const last = resource.fileUrl.split('/').pop() ?? ''
  try {
    return decodeURIComponent(last) || resource.fileUrl
  } catch {
    return last || resource.fileUrl
  }
}

type Props = {
  resources: Resource[] | undefined
  loading: boolean
  failed: boolean
  onRetry: () => void
  /** The resource whose delete is in flight, to show its spinner. */
  deletingId: number | null
  onEdit: (resource: Resource) => void
  onDelete: (resource: Resource) => void
  /** Focus lands here after a delete, since the button that had it is gone. */
  headingRef?: Ref<HTMLHeadingElement>
}

/** 'Existing Resources': a scrollable list of cards, each with its file's link and edit and delete buttons. */
export function ResourceList({ resources, loading, failed, onRetry, deletingId, onEdit, onDelete, headingRef }: Props) {
  return (
    <Box component="section" aria-labelledby="existing-resources-heading">
      <Title order={2} size="h3" id="existing-resources-heading" mb="md" ref={headingRef} tabIndex={-1}>
        Existing Resources
      </Title>
      {loading ? (
        <Group gap="xs" aria-live="polite">
          <Loader size="xs" />
          <Text>Loading resources...</Text>
        </Group>
      ) : failed ? (
        <Alert color="red" variant="light" title="The resources could not be loaded" role="alert">
          <Stack gap="sm" align="flex-start">
            <Text size="sm">Check the connection and try again.</Text>
            <Button variant="outline" color="red" size="xs" onClick={onRetry}>
              Try again
            </Button>
          </Stack>
        </Alert>
      ) : (resources ?? []).length === 0 ? (
        <Text c="dark.6">No resources yet.</Text>
      ) : (
        <ScrollArea.Autosize
          // On one column the page itself scrolls; a box that scrolls inside it is hard to use on a phone.
          mah={{ base: 'none', md: ADMIN_LIST_MAX_HEIGHT_PX }}
          type="auto"
          offsetScrollbars="present"
          data-testid="resources-list"
        >
          <Stack gap="sm" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
            {(resources ?? []).map((resource) => (
              <Card
                key={resource.id}
                withBorder
                padding="md"
                radius="md"
                component="li"
                data-testid="admin-resource-card"
              >
                <Stack gap={6}>
                  <Text fw={700} style={{ overflowWrap: 'anywhere' }}>
                    {resource.title}
                  </Text>
                  <Group gap="xs">
                    <Badge variant="light" radius="sm">
                      {resource.category}
                    </Badge>
                    <Text size="sm" c="dark.6">
                      {resource.fileType}
                    </Text>
                  </Group>
                  {resource.description ? (
                    <Text size="sm" c="dark.6" lineClamp={2} style={{ overflowWrap: 'anywhere' }}>
                      {resource.description}
                    </Text>
                  ) : null}
                  {/* The buttons sit under the text, so on a phone the title keeps the card's whole width. */}
                  <Group justify="space-between" wrap="nowrap" gap="sm">
                    <Anchor
                      href={resource.fileUrl}
                      target="_blank"
                      rel="noopener noreferrer"
                      size="sm"
                      fw={600}
                      aria-label={`Open ${resource.fileType}: ${resource.title} (opens in a new tab)`}
                    >
                      Open {resource.fileType}
                    </Anchor>
                    <Group gap={4} wrap="nowrap">
                      <ActionIcon
                        variant="light"
                        size="lg"
                        aria-label={`Edit ${resource.title}`}
                        onClick={() => onEdit(resource)}
                      >
                        <PencilIcon />
                      </ActionIcon>
                      <ActionIcon
                        variant="light"
                        color="red"
                        size="lg"
                        aria-label={`Delete ${resource.title}`}
                        loading={deletingId === resource.id}
                        onClick={() => onDelete(resource)}
                      >
                        <TrashIcon />
                      </ActionIcon>
                    </Group>
                  </Group>
                </Stack>
              </Card>
            ))}
          </Stack>
        </ScrollArea.Autosize>
      )}
    </Box>
  )
}

type ConfirmProps = {
  /** Kept after closing, so the dialog's text stays while it fades out. */
  resource: Resource | null
  opened: boolean
  busy: boolean
  onConfirm: (resource: Resource) => void
  onClose: () => void
}

/** Deleting a resource deletes its stored file too, so it is never one click away. */
export function ConfirmDeleteResource({ resource, opened, busy, onConfirm, onClose }: ConfirmProps) {
  return (
    <Modal
      opened={opened && resource !== null}
      onClose={busy ? () => {} : onClose}
      title="Delete this resource?"
      centered
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      {resource ? (
        <Stack gap="md">
          <Text style={{ overflowWrap: 'anywhere' }}>
            “{resource.title}” and its file ({resourceFileName(resource)}) will be deleted from the site. This cannot be
            undone.
          </Text>
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose} disabled={busy} data-autofocus>
              Cancel
            </Button>
            <Button color="red" loading={busy} onClick={() => onConfirm(resource)}>
              Delete resource
            </Button>
          </Group>
        </Stack>
      ) : null}
    </Modal>
  )
}
