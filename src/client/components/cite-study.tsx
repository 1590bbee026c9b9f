import { Button, CopyButton, Group, Popover, Stack, Text } from '@mantine/core'
import { apaCitation, apaText, bibtex, type Citable, ris } from '../lib/citation'

/** Saves `text` as a file named `name`, made in the browser (nothing is asked of the server). */
function download(name: string, type: string, text: string) {
  const url = URL.createObjectURL(new Blob([text], { type }))
  const link = document.createElement('a')
  link.href = url
  link.download = name
  document.body.append(link)
  link.click()
  link.remove()
  setTimeout(() => URL.revokeObjectURL(url), 1000)
}

/** "Cite": the study in APA style to copy, and as BibTeX and RIS files for a reference manager. */
export function CiteStudy({ study }: { study: Citable }) {
  const apa = apaCitation(study)
  const file = `study-${study.id}`
  return (
    <Popover
      width="min(340px, calc(100vw - 24px))"
      position="bottom-start"
      shadow="md"
      trapFocus
      returnFocus
      withinPortal
    >
      <Popover.Target>
        <Button variant="subtle" size="compact-sm" aria-label={`Cite ${study.title}`}>
          Cite
        </Button>
      </Popover.Target>
      <Popover.Dropdown>
        <Stack gap="sm" data-testid="citation">
          <Text fw={700} size="sm">
            APA (7th edition)
          </Text>
          <Text size="sm" lh={1.6} style={{ overflowWrap: 'anywhere' }} data-testid="citation-apa">
            {apa.before}
            {apa.journal ? <em>{apa.journal}</em> : null}
            {apa.after}
          </Text>
          <CopyButton value={apaText(study)}>
            {({ copied, copy }) => (
              <Button size="xs" variant="light" onClick={copy}>
                {copied ? 'Copied' : 'Copy the citation'}
              </Button>
            )}
          </CopyButton>
          <Group gap="xs">
            <Button
              size="xs"
              variant="default"
              onClick={() => download(`${file}.bib`, 'application/x-bibtex;charset=utf-8', bibtex(study))}
            >
              BibTeX (.bib)
            </Button>
            <Button
              size="xs"
              variant="default"
              onClick={() => download(`${file}.ris`, 'application/x-research-info-systems;charset=utf-8', ris(study))}
            >
              RIS (.ris)
            </Button>
          </Group>
        </Stack>
      </Popover.Dropdown>
    </Popover>
  )
}
