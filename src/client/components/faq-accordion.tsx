import type { ReactNode } from 'react'
import classes from './faq-accordion.module.css'

export type FaqEntry = { value: string; question: string; answer: ReactNode }

/** An entry's value as an id's part: lower case, letters and digits, words joined by hyphens (no spaces). */
const slug = (value: string) =>
  value
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')

/**
 * The FAQ's questions as the browser's own disclosures: each a `<details>` of one exclusive group
 * (`name`, shared by every list on the page), so one answer is open at a time, a second tap closes
 * it, the keyboard works, find-in-page searches closed answers and opens the one it matches, and
 * all of it from the first paint, before and without the page's code
 * (docs/decisions/042-first-touch-on-native-controls.md). React never holds `open`: the code's
 * arrival leaves whatever the visitor opened as it is.
 */
export function FaqAccordion({
  entries,
  name,
  'data-testid': testId,
}: {
  entries: FaqEntry[]
  /** The exclusive group: opening a question closes the open one among every list with this name. */
  name: string
  'data-testid'?: string
}) {
  return (
    <div className={classes.list} data-testid={testId}>
      {entries.map((entry) => {
        const id = `question-${slug(entry.value)}`
        return (
          <details key={entry.value} name={name} className={classes.item}>
            {/* The question is a heading (h3 is allowed in a summary), so it can be found among the page's headings. */}
            <summary className={classes.control} data-faq-question>
              {/* A search result lands in the answer, which the browser opens for a link into it (a link to the summary would leave it closed). */}
              <h3 id={`${id}-question`} data-search-anchor={`${id}-answer`} className={classes.heading}>
                {entry.question}
              </h3>
              <span className={classes.chevron} aria-hidden="true" />
            </summary>
            <div id={`${id}-answer`} className={classes.answer} data-faq-answer>
              {entry.answer}
            </div>
          </details>
        )
      })}
    </div>
  )
}
