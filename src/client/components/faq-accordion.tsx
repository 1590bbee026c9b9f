import { type ReactNode, useEffect, useLayoutEffect, useRef } from 'react'
import classes from './faq-accordion.module.css'

export type FaqEntry = { value: string; question: string; answer: ReactNode }

/**
 * The FAQ's questions: one open at a time across the page, the open one closes when chosen again
 * (docs/product.md#states-and-data-loading). A closed answer is `hidden="until-found"`, not removed:
 * the browser's find-in-page searches it and opens it (the `beforematch` event), and without
 * JavaScript a <noscript> style shows every answer. Built here rather than with Mantine's Accordion,
 * whose closed panels are display:none, out of reach of find-in-page.
 */
export function FaqAccordion({
  entries,
  open,
  onChange,
  'data-testid': testId,
}: {
  entries: FaqEntry[]
  open: string | null
  onChange: (value: string | null) => void
  'data-testid'?: string
}) {
  return (
    <div className={classes.list} data-testid={testId}>
      {entries.map((entry) => (
        <FaqItem
          key={entry.value}
          entry={entry}
          opened={open === entry.value}
          onToggle={() => onChange(open === entry.value ? null : entry.value)}
          onFound={() => onChange(entry.value)}
        />
      ))}
    </div>
  )
}

function FaqItem({
  entry,
  opened,
  onToggle,
  onFound,
}: {
  entry: FaqEntry
  opened: boolean
  onToggle: () => void
  onFound: () => void
}) {
  const panel = useRef<HTMLElement>(null)
  const found = useRef(onFound)
  found.current = onFound
  useEffect(() => {
    const element = panel.current
    if (!element) return
    const open = () => found.current()
    // React has no prop for this event yet.
    element.addEventListener('beforematch', open)
    return () => element.removeEventListener('beforematch', open)
  }, [])
  // React writes `hidden` as a boolean (hidden=""), which find-in-page skips: once on the client,
  // a closed answer becomes hidden="until-found". React sets the attribute only when `opened`
  // changes, and this runs after each such change.
  useLayoutEffect(() => {
    if (!opened) panel.current?.setAttribute('hidden', 'until-found')
  }, [opened])
  const id = `question-${entry.value}`
  return (
    <div className={classes.item} data-open={opened || undefined}>
      <h3 className={classes.heading}>
        <button
          type="button"
          id={`${id}-question`}
          className={classes.control}
          aria-expanded={opened}
          aria-controls={`${id}-answer`}
          data-faq-question
          onClick={onToggle}
        >
          <span>{entry.question}</span>
          <span className={classes.chevron} aria-hidden="true" />
        </button>
      </h3>
      <section
        ref={panel}
        id={`${id}-answer`}
        aria-labelledby={`${id}-question`}
        className={classes.panel}
        data-faq-answer
        hidden={!opened}
      >
        <div className={classes.answer}>{entry.answer}</div>
      </section>
    </div>
  )
}

/** Without JavaScript nobody can open a question: show every answer instead. */
export function FaqNoScript() {
  return (
    <noscript>
      <style>{`.${classes.panel}[hidden] { display: block !important; content-visibility: visible !important; }`}</style>
    </noscript>
  )
}
