import { Text } from '@mantine/core'
import classes from './standard-diff.module.css'

type Segment = { kind: 'same' | 'inserted' | 'deleted'; text: string }
type Block = { kind: 'same' | 'changed' | 'inserted' | 'deleted'; segments: Segment[]; heading?: true }

/*
 * Two versions' texts compared (src/server/services/standards/diff.ts), as a reader reads them:
 * block by block, headings shown as headings, and word by word inside a rewritten block. A change is marked by the
 * element (<ins>, <del>), by its look beyond colour (underlined, struck through) and, for a screen
 * reader, by words it reads out ("inserted:", "deleted:"), never by colour alone.
 */

function SegmentView({ segment }: { segment: Segment }) {
  if (segment.kind === 'same') return segment.text
  // A change that is only spacing is not worth a word read out, but it is still marked.
  const spoken = segment.text.trim() !== ''
  if (segment.kind === 'inserted') {
    return (
      <ins className={classes.ins}>
        {spoken ? <span className="visually-hidden">inserted: </span> : null}
        {segment.text}
      </ins>
    )
  }
  return (
    <del className={classes.del}>
      {spoken ? <span className="visually-hidden">deleted: </span> : null}
      {segment.text}
    </del>
  )
}

/** What the marks mean, drawn with the same marks. */
export function DiffLegend() {
  return (
    <Text component="p" c="dark.7" mt="sm" mb={0} data-testid="diff-legend">
      <span className={classes.ins}>Inserted text</span> is underlined on a green background;{' '}
      <span className={classes.del}>deleted text</span> is struck through on a red background. Screen readers announce
      each as inserted or deleted.
    </Text>
  )
}

export function StandardDiff({ blocks }: { blocks: Block[] }) {
  return (
    <div className={classes.diff} data-testid="diff">
      {blocks.map((block, index) => (
        <div
          // The comparison is computed once and never reordered: a block's position is its identity.
          // biome-ignore lint/suspicious/noArrayIndexKey: fixed order
          key={index}
          className={classes.block}
          data-kind={block.kind}
          data-heading={block.heading ? '' : undefined}
          {...(block.heading ? { role: 'heading', 'aria-level': 3 } : {})}
        >
          {block.segments.map((segment, position) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: fixed order
            <SegmentView key={position} segment={segment} />
          ))}
        </div>
      ))}
    </div>
  )
}
