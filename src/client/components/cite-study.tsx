import { Button, Group, Stack, Text } from '@mantine/core'
import { type CSSProperties, useEffect, useRef, useState } from 'react'
import { apaCitation, apaText, bibtex, type Citable, ris } from '../lib/citation'
import { useHydrated } from '../lib/use-hydrated'
import classes from './cite-study.module.css'

/** The files a reference manager imports. */
const FILE_FORMATS = [
  { label: 'BibTeX (.bib)', extension: 'bib', type: 'application/x-bibtex;charset=utf-8', write: bibtex },
  { label: 'RIS (.ris)', extension: 'ris', type: 'application/x-research-info-systems;charset=utf-8', write: ris },
]

/** A file as a link's address: the browser saves it (the link's `download`) without asking the server or the page's code. */
const dataUrl = (type: string, text: string) => `data:${type},${encodeURIComponent(text)}`

/**
 * "Cite": the study in APA style, and as BibTeX and RIS files for a reference manager, in the
 * browser's own popover (`popovertarget`), all of it in the server's HTML: the first tap opens it,
 * before and without the page's code; Escape and a tap outside close it
 * (docs/decisions/042-first-touch-on-native-controls.md). Where the browser positions by anchor it
 * opens under its button, elsewhere in the middle of the screen. Copying needs the clipboard's
 * script, so that button comes with the page's code.
 */
export function CiteStudy({ study }: { study: Citable }) {
  const popover = `cite-${study.id}`
  // The anchor's name, as a custom property: the stylesheet sets anchor-name and position-anchor
  // from it where the browser has them (and an HTML checker reads no unknown property in the page).
  const anchor = { '--cite-anchor': `--cite-${study.id}` } as CSSProperties
  const file = `study-${study.id}`
  return (
    <>
      <Button
        variant="subtle"
        size="compact-sm"
        aria-label={`Cite ${study.title}`}
        popoverTarget={popover}
        className={classes.button}
        style={anchor}
      >
        Cite
      </Button>
      <div
        id={popover}
        popover="auto"
        role="dialog"
        aria-label={`Cite ${study.title}`}
        className={classes.popover}
        style={anchor}
        data-testid="citation"
      >
        <Stack gap="sm">
          <Text fw={700} size="sm">
            APA (7th edition)
          </Text>
          <Text size="sm" lh={1.6} className={classes.apa} data-testid="citation-apa">
            {/* One italic run at most (the journal and volume): its text is a unique key. */}
            {apaCitation(study).map((part) => (part.italic ? <em key={part.text}>{part.text}</em> : part.text))}
          </Text>
          <Group gap="xs">
            {FILE_FORMATS.map((format) => (
              <Button
                key={format.extension}
                component="a"
                href={dataUrl(format.type, format.write(study))}
                download={`${file}.${format.extension}`}
                size="xs"
                variant="default"
              >
                {format.label}
              </Button>
            ))}
            {/* Last, so its arrival moves nothing the visitor may be about to tap. */}
            <CopyCitation text={apaText(study)} />
          </Group>
        </Stack>
      </div>
    </>
  )
}

/** Copies the APA text; with the page's code only (the clipboard is a script's). */
function CopyCitation({ text }: { text: string }) {
  const hydrated = useHydrated()
  const [copied, setCopied] = useState(false)
  const self = useRef<HTMLButtonElement>(null)
  useEffect(() => {
    if (!copied) return
    const timer = setTimeout(() => setCopied(false), 2000)
    return () => clearTimeout(timer)
  }, [copied])
  if (!hydrated) return null
  const copy = () =>
    navigator.clipboard.writeText(text).then(
      () => setCopied(true),
      () => {
        // No clipboard (an insecure origin, a refused permission): the text is selected to copy by hand.
        const apa = self.current?.closest('[popover]')?.querySelector('[data-testid="citation-apa"]')
        if (apa) window.getSelection()?.selectAllChildren(apa)
      },
    )
  return (
    <Button ref={self} size="xs" variant="light" onClick={copy}>
      {copied ? 'Copied' : 'Copy the citation'}
    </Button>
  )
}
