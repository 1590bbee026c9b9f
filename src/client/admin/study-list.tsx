import { ActionIcon, Box, Card, Group, Loader, ScrollArea, Stack, Text, Title } from '@mantine/core'
import { ADMIN_LIST_MAX_HEIGHT_PX } from '../../shared/constants'
import type { RouterOutputs } from '../lib/trpc'
import { PencilIcon, TrashIcon } from './icons'

export type Study = RouterOutputs['researchStudies']['list'][number]

type Props = {
  studies: Study[] | undefined
  loading: boolean
  /** The study whose delete is in flight, to show its spinner. */
  deletingId: number | null
  onEdit: (study: Study) => void
  onDelete: (study: Study) => void
}

/** 'Existing Studies': a scrollable list of cards with edit and delete buttons. */
export function StudyList({ studies, loading, deletingId, onEdit, onDelete }: Props) {
  return (
    <Box component="section" aria-labelledby="existing-heading">
      <Title order={2} size="h3" id="existing-heading" mb="md">
        Existing Studies
      </Title>
      {loading ? (
        <Group gap="xs">
          <Loader size="xs" />
          <Text>Loading studies...</Text>
        </Group>
      ) : (studies ?? []).length === 0 ? (
        <Text c="dark.6">No studies added yet.</Text>
      ) : (
        <ScrollArea.Autosize mah={ADMIN_LIST_MAX_HEIGHT_PX} type="auto" offsetScrollbars data-testid="studies-list">
          <Stack gap="sm" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
            {(studies ?? []).map((study) => (
              <Card key={study.id} withBorder padding="md" radius="md" component="li" data-testid="admin-study-card">
                <Group justify="space-between" align="flex-start" wrap="nowrap">
                  <Stack gap={4} style={{ minWidth: 0 }}>
                    <Text fw={700}>{study.title}</Text>
                    {study.authors ? (
                      <Text size="sm" c="dark.6">
                        {study.authors}
                      </Text>
                    ) : null}
                    {study.journal ? (
                      <Text size="sm" c="dark.6" fs="italic">
                        {study.journal}
                        {study.year ? ` (${study.year})` : ''}
                      </Text>
                    ) : null}
                    <Text size="sm" c="dark.6">
                      Category: {study.category}
                    </Text>
                  </Stack>
                  {/* 44 px targets, 12 px apart: a thumb cannot hit Delete when it means Edit. */}
                  <Group gap={12} wrap="nowrap">
                    <ActionIcon
                      variant="light"
                      size={44}
                      aria-label={`Edit ${study.title}`}
                      onClick={() => onEdit(study)}
                    >
                      <PencilIcon />
                    </ActionIcon>
                    <ActionIcon
                      variant="light"
                      color="red"
                      size={44}
                      aria-label={`Delete ${study.title}`}
                      loading={deletingId === study.id}
                      onClick={() => onDelete(study)}
                    >
                      <TrashIcon />
                    </ActionIcon>
                  </Group>
                </Group>
              </Card>
            ))}
          </Stack>
        </ScrollArea.Autosize>
      )}
    </Box>
  )
}
