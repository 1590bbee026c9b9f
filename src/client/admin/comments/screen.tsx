import { Box, NativeSelect, Stack } from '@mantine/core'
import { useQuery } from '@tanstack/react-query'
import { useNavigate } from '@tanstack/react-router'
import { VERSION_STATE_LABELS } from '../../../shared/constants'
import { useTRPC } from '../../lib/trpc'
import { commentsSearch } from '../standards/versions'
import fieldClasses from '../ui/fields.module.css'
import { QueryState } from '../ui/query-state'
import { useListSearch } from '../ui/search'
import type { CommentedVersion } from './types'
import { VersionComments } from './version'

const optionValue = (version: CommentedVersion) => commentsSearch(version.key, version.version).q

/** "MHBOT-SC/G-002 version 1.1 · Public review · 2 waiting". */
const optionLabel = (version: CommentedVersion) =>
  [
    `${version.number} version ${version.version}`,
    VERSION_STATE_LABELS[version.state],
    version.comments.unanswered > 0 ? `${version.comments.unanswered} waiting` : null,
  ]
    .filter(Boolean)
    .join(' · ')

/** The version in the address, else the first in review (the server lists the newest review first). */
const chosen = (versions: CommentedVersion[], q: string | undefined) =>
  versions.find((version) => optionValue(version) === q) ??
  versions.find((version) => version.state === 'review') ??
  versions[0]

/**
 * The public comments on the standards (editors, moderators and owners): one version at a time,
 * chosen from those in review or with comments; the version lives in the address (`q`), so the
 * standards screen links straight to it.
 */
export function CommentsScreen() {
  const trpc = useTRPC()
  const versions = useQuery(trpc.standards.commentedVersions.queryOptions())
  const q = useListSearch()
  const navigate = useNavigate()

  return (
    <Box>
      <QueryState
        query={versions}
        loading="Loading the versions..."
        failed="The versions could not be loaded"
        empty="No version is in public review, and none has comments."
      >
        {(list) => {
          const version = chosen(list, q)
          if (!version) return null
          return (
            <Stack gap="lg">
              <NativeSelect
                label="Version"
                description="The versions in public review, and those with comments"
                value={optionValue(version)}
                data={list.map((item) => ({ value: optionValue(item), label: optionLabel(item) }))}
                onChange={(event) =>
                  void navigate({ to: '.', search: { q: event.currentTarget.value }, resetScroll: false })
                }
                maw={520}
                classNames={fieldClasses}
              />
              <VersionComments key={optionValue(version)} version={version} />
            </Stack>
          )
        }}
      </QueryState>
    </Box>
  )
}
