import { Button, Group, Stack, Text } from '@mantine/core'
import { useEffect, useRef, useState } from 'react'
import { apaCitation, apaText, bibtex, type Citable, ris } from '../lib/citation'
import { requestDeferredUi, type StandInProps, useDeferredUi, useStandIn } from '../lib/deferred-ui'

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

/** The files a reference manager imports. */
const FILE_FORMATS = [
  { label: 'BibTeX (.bib)', extension: 'bib', type: 'application/x-bibtex;charset=utf-8', write: bibtex },
  { label: 'RIS (.ris)', extension: 'ris', type: 'application/x-research-info-systems;charset=utf-8', write: ris },
]

/**
 * "Cite": the study in APA style to copy, and as BibTeX and RIS files for a reference manager. The
 * popover (Mantine's Popover, with floating-ui) comes with the deferred frame parts
 * (lib/deferred-ui.ts), fetched when the visitor points at or focuses a Cite button; until then the
 * button is a stand-in with the same look and markup, and a press on it opens the popover once it
 * is here.
 */
export function CiteStudy({ study }: { study: Citable }) {
  const ui = useDeferredUi()
  const [openOnArrival, setOpenOnArrival] = useState(false)
  const [focusOnArrival, setFocusOnArrival] = useState(false)
  const target = useRef<HTMLButtonElement>(null)
  useEffect(() => {
    if (ui && focusOnArrival && !openOnArrival) target.current?.focus()
  }, [ui, focusOnArrival, openOnArrival])
  if (!ui) {
    return (
      <CiteStandIn
        title={study.title}
        onOpen={() => setOpenOnArrival(true)}
        onLeaveFocused={() => setFocusOnArrival(true)}
      />
    )
  }
  const { Popover, CopyButton } = ui
  const apa = apaCitation(study)
  const file = `study-${study.id}`
  return (
    <Popover
      defaultOpened={openOnArrival}
      width="min(340px, calc(100vw - 24px))"
      position="bottom-start"
      shadow="md"
      trapFocus
      returnFocus
      withinPortal
    >
      <Popover.Target>
        <Button ref={target} variant="subtle" size="compact-sm" aria-label={`Cite ${study.title}`}>
          Cite
        </Button>
      </Popover.Target>
      <Popover.Dropdown>
        <Stack gap="sm" data-testid="citation">
          <Text fw={700} size="sm">
            APA (7th edition)
          </Text>
          <Text size="sm" lh={1.6} style={{ overflowWrap: 'anywhere' }} data-testid="citation-apa">
            {/* One italic run at most (the journal and volume): its text is a unique key. */}
            {apa.map((part) => (part.italic ? <em key={part.text}>{part.text}</em> : part.text))}
          </Text>
          <CopyButton value={apaText(study)}>
            {({ copied, copy }) => (
              <Button size="xs" variant="light" onClick={copy}>
                {copied ? 'Copied' : 'Copy the citation'}
              </Button>
            )}
          </CopyButton>
          <Group gap="xs">
            {FILE_FORMATS.map((format) => (
              <Button
                key={format.extension}
                size="xs"
                variant="default"
                onClick={() => download(`${file}.${format.extension}`, format.type, format.write(study))}
              >
                {format.label}
              </Button>
            ))}
          </Group>
        </Stack>
      </Popover.Dropdown>
    </Popover>
  )
}

/** The Cite button until the popover's code is here: the closed target's markup (Popover.Target adds these). */
function CiteStandIn({ title, onOpen, ...standIn }: { title: string; onOpen: () => void } & StandInProps) {
  const { id, button } = useStandIn(standIn)
  return (
    <Button
      ref={button}
      variant="subtle"
      size="compact-sm"
      aria-label={`Cite ${title}`}
      aria-haspopup="dialog"
      aria-expanded={false}
      id={id}
      onFocus={requestDeferredUi}
      onPointerEnter={requestDeferredUi}
      onClick={() => {
        requestDeferredUi()
        onOpen()
      }}
    >
      Cite
    </Button>
  )
}
