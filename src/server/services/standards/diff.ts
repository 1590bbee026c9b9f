import { type ChangeObject, diffArrays, diffWordsWithSpace } from 'diff'

/*
 * What changed between two versions of a standard, for the public "compare versions" page. The
 * texts are compared as the reader reads them (the rendered text, never the Markdown), block by block (a block is what blank lines separate: a
 * paragraph, a heading, a whole list or table), and a rewritten block word by word, so a changed
 * sentence shows only the words that changed.
 */

export type DiffSegment = { kind: 'same' | 'inserted' | 'deleted'; text: string }

/**
 * One block of the comparison. A 'changed' block's 'same' and 'deleted' segments spell the block as
 * it was, its 'same' and 'inserted' segments the block as it is; the others hold one segment each.
 */
export type DiffBlock = {
  kind: 'same' | 'changed' | 'inserted' | 'deleted'
  segments: DiffSegment[]
  /** The block is one of the texts' headings (as it is now, or as it was for a deleted one). */
  heading?: true
}

export type BodyComparison = {
  blocks: DiffBlock[]
  /** Words added: runs of non-space characters (a word, or punctuation standing alone) in the inserted text. */
  inserted: number
  /** Words removed, counted the same way in the deleted text. */
  deleted: number
}

/*
 * Myers' diff costs about (length × edits); past these many edits a comparison is not worth
 * refining and would take seconds on a long standard. The limits count edits, not time, so the
 * same two bodies always compare the same way.
 */
const MAX_BLOCK_EDITS = 2_000
const MAX_WORD_EDITS = 2_000

function blocksOf(body: string): string[] {
  return body
    .replace(/\r\n?/g, '\n')
    .split(/\n(?:[ \t]*\n)+/)
    .map((block) => block.trimEnd())
    .filter((block) => block.trim() !== '')
}

type Change = { kind: 'same' | 'inserted' | 'deleted'; blocks: string[] }

const changeKind = (change: ChangeObject<unknown>): Change['kind'] =>
  change.added ? 'inserted' : change.removed ? 'deleted' : 'same'

/** When the block diff gives up: what the two share at either end, and everything between as replaced. */
function prefixSuffixChanges(before: string[], after: string[]): Change[] {
  let start = 0
  while (start < before.length && start < after.length && before[start] === after[start]) start++
  let end = 0
  while (
    end < before.length - start &&
    end < after.length - start &&
    before[before.length - 1 - end] === after[after.length - 1 - end]
  ) {
    end++
  }
  return [
    { kind: 'same', blocks: before.slice(0, start) },
    { kind: 'deleted', blocks: before.slice(start, before.length - end) },
    { kind: 'inserted', blocks: after.slice(start, after.length - end) },
    { kind: 'same', blocks: before.slice(before.length - end) },
  ]
}

function blockChanges(before: string[], after: string[]): Change[] {
  const changes = diffArrays(before, after, { maxEditLength: MAX_BLOCK_EDITS })
  if (!changes) return prefixSuffixChanges(before, after)
  return changes.map((change) => ({ kind: changeKind(change), blocks: change.value }))
}

function rewrittenBlock(before: string, after: string): DiffBlock {
  const words = diffWordsWithSpace(before, after, { maxEditLength: MAX_WORD_EDITS })
  const segments: DiffSegment[] = words
    ? words.map((word) => ({ kind: changeKind(word), text: word.value }))
    : [
        { kind: 'deleted', text: before },
        { kind: 'inserted', text: after },
      ]
  return { kind: 'changed', segments }
}

const wordCount = (text: string) => text.match(/\S+/g)?.length ?? 0

/**
 * Compares two texts block by block, and each rewritten block word by word. `headings`: the texts'
 * headings, so the blocks that are one can be shown as headings.
 */
export function compareBodies(
  before: string,
  after: string,
  options: { headings?: ReadonlySet<string> } = {},
): BodyComparison {
  const blocks: DiffBlock[] = []
  let deletedRun: string[] = []
  let insertedRun: string[] = []
  // A run of deletions and insertions with nothing unchanged between them is read as rewrites, in order.
  const closeRun = () => {
    const paired = Math.min(deletedRun.length, insertedRun.length)
    for (let index = 0; index < paired; index++) {
      blocks.push(rewrittenBlock(deletedRun[index] ?? '', insertedRun[index] ?? ''))
    }
    for (const text of deletedRun.slice(paired)) blocks.push({ kind: 'deleted', segments: [{ kind: 'deleted', text }] })
    for (const text of insertedRun.slice(paired)) {
      blocks.push({ kind: 'inserted', segments: [{ kind: 'inserted', text }] })
    }
    deletedRun = []
    insertedRun = []
  }
  for (const change of blockChanges(blocksOf(before), blocksOf(after))) {
    // concat, not push(...): a long body's run can be more blocks than a call takes arguments.
    if (change.kind === 'deleted') deletedRun = deletedRun.concat(change.blocks)
    else if (change.kind === 'inserted') insertedRun = insertedRun.concat(change.blocks)
    else {
      closeRun()
      for (const text of change.blocks) blocks.push({ kind: 'same', segments: [{ kind: 'same', text }] })
    }
  }
  closeRun()

  const headings = options.headings
  if (headings && headings.size > 0) {
    for (const block of blocks) {
      const spelled = block.segments
        .filter((segment) => segment.kind !== (block.kind === 'deleted' ? 'inserted' : 'deleted'))
        .map((segment) => segment.text)
        .join('')
        .trim()
      if (headings.has(spelled)) block.heading = true
    }
  }

  let inserted = 0
  let deleted = 0
  for (const block of blocks) {
    for (const segment of block.segments) {
      if (segment.kind === 'inserted') inserted += wordCount(segment.text)
      if (segment.kind === 'deleted') deleted += wordCount(segment.text)
    }
  }
  return { blocks, inserted, deleted }
}
