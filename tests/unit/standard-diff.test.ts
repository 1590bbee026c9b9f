import { describe, expect, it } from 'vitest'
import { compareBodies, type DiffBlock } from '../../src/server/services/standards/diff'

/** The body a comparison says there was (`side` 'before') or is ('after'), blocks joined as written. */
function spelled(blocks: DiffBlock[], side: 'before' | 'after'): string {
  const dropped = side === 'before' ? 'inserted' : 'deleted'
  return blocks
    .filter((block) => block.kind !== dropped)
    .map((block) =>
      block.segments
        .filter((segment) => segment.kind !== dropped)
        .map((segment) => segment.text)
        .join(''),
    )
    .join('\n\n')
}

const kinds = (blocks: DiffBlock[]) => blocks.map((block) => block.kind)

const BODY = [
  '## Equipment',
  'Chambers are built to ASME PVHO-1 and inspected every year.',
  '- A trained operator is present.\n- Records are kept.',
  'The council publishes its contraindications.',
].join('\n\n')

describe('compareBodies', () => {
  it('finds nothing changed in identical bodies', () => {
    const result = compareBodies(BODY, BODY)
    expect(kinds(result.blocks)).toEqual(['same', 'same', 'same', 'same'])
    expect(result.blocks.every((block) => block.segments.every((segment) => segment.kind === 'same'))).toBe(true)
    expect(spelled(result.blocks, 'after')).toBe(BODY)
    expect(result).toMatchObject({ inserted: 0, deleted: 0 })
  })

  it('ignores line endings and the blank lines around blocks', () => {
    const result = compareBodies(BODY, `\n\n${BODY.replace(/\n/g, '\r\n')}\n\n\n`)
    expect(kinds(result.blocks)).toEqual(['same', 'same', 'same', 'same'])
  })

  it('shows only the word that changed in a rewritten sentence', () => {
    const after = BODY.replace('every year', 'every month')
    const result = compareBodies(BODY, after)
    expect(kinds(result.blocks)).toEqual(['same', 'changed', 'same', 'same'])
    expect(result.blocks[1]?.segments).toEqual([
      { kind: 'same', text: 'Chambers are built to ASME PVHO-1 and inspected every ' },
      { kind: 'deleted', text: 'year' },
      { kind: 'inserted', text: 'month' },
      { kind: 'same', text: '.' },
    ])
    expect(result).toMatchObject({ inserted: 1, deleted: 1 })
    expect(spelled(result.blocks, 'before')).toBe(BODY)
    expect(spelled(result.blocks, 'after')).toBe(after)
  })

  it('shows an added paragraph whole', () => {
    const after = BODY.replace('\n\n- A trained', '\n\nStaff are trained each spring.\n\n- A trained')
    const result = compareBodies(BODY, after)
    expect(kinds(result.blocks)).toEqual(['same', 'same', 'inserted', 'same', 'same'])
    expect(result.blocks[2]?.segments).toEqual([{ kind: 'inserted', text: 'Staff are trained each spring.' }])
    expect(result).toMatchObject({ inserted: 5, deleted: 0 })
  })

  it('shows a removed paragraph whole', () => {
    const after = BODY.replace('\n\nThe council publishes its contraindications.', '')
    const result = compareBodies(BODY, after)
    expect(kinds(result.blocks)).toEqual(['same', 'same', 'same', 'deleted'])
    expect(result.blocks[3]?.segments).toEqual([
      { kind: 'deleted', text: 'The council publishes its contraindications.' },
    ])
    expect(result).toMatchObject({ inserted: 0, deleted: 5 })
    expect(spelled(result.blocks, 'after')).toBe(after)
  })

  it('shows a moved paragraph as removed in one place and added in the other', () => {
    const [heading, first, list, last] = BODY.split('\n\n')
    const after = [heading, last, first, list].join('\n\n')
    const result = compareBodies(BODY, after)
    expect(result.blocks.filter((block) => block.kind === 'changed')).toEqual([])
    const moved = (kind: 'inserted' | 'deleted') =>
      result.blocks.filter((block) => block.kind === kind).map((block) => block.segments[0]?.text)
    expect(moved('inserted')).toEqual(moved('deleted'))
    expect(moved('inserted')).toHaveLength(1)
    expect(result.inserted).toBe(result.deleted)
    expect(spelled(result.blocks, 'before')).toBe(BODY)
    expect(spelled(result.blocks, 'after')).toBe(after)
  })

  it('pairs a run of removed blocks with the added ones that follow, in order', () => {
    const result = compareBodies('Keep.\n\nOne two.\n\nThree four.\n\nKeep too.', 'Keep.\n\nOne three.\n\nKeep too.')
    expect(kinds(result.blocks)).toEqual(['same', 'changed', 'deleted', 'same'])
    expect(result.blocks[1]?.segments).toEqual([
      { kind: 'same', text: 'One ' },
      { kind: 'deleted', text: 'two' },
      { kind: 'inserted', text: 'three' },
      { kind: 'same', text: '.' },
    ])
    expect(result).toMatchObject({ inserted: 1, deleted: 3 })
  })

  it('compares empty bodies', () => {
    expect(compareBodies('', '')).toEqual({ blocks: [], inserted: 0, deleted: 0 })
    expect(compareBodies('', '\n\n')).toEqual({ blocks: [], inserted: 0, deleted: 0 })
    expect(compareBodies('', 'New text.')).toEqual({
      blocks: [{ kind: 'inserted', segments: [{ kind: 'inserted', text: 'New text.' }] }],
      inserted: 2,
      deleted: 0,
    })
    expect(compareBodies('Old text.', '')).toEqual({
      blocks: [{ kind: 'deleted', segments: [{ kind: 'deleted', text: 'Old text.' }] }],
      inserted: 0,
      deleted: 2,
    })
  })

  it('compares two long bodies, however different', () => {
    let seed = 7
    const word = () => {
      seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648
      return seed.toString(36)
    }
    const body = (size: number, words: number) => {
      const paragraphs: string[] = []
      for (let length = 0; length < size; ) {
        const paragraph = `${Array.from({ length: words }, word).join(' ')}.`
        paragraphs.push(paragraph)
        length += paragraph.length + 2
      }
      return paragraphs.join('\n\n')
    }
    const long = body(200_000, 40)
    const edited = long
      .split('\n\n')
      .map((paragraph, index) => (index % 10 === 0 ? paragraph.replace(/^\S+/, 'changed') : paragraph))
      .join('\n\n')
    const rewritten = body(200_000, 40)
    const cases: [string, string][] = [
      [long, long],
      [long, edited],
      [long, rewritten],
      [long.replace(/\n\n/g, ' '), rewritten.replace(/\n\n/g, ' ')],
      ['x\n\n'.repeat(70_000), 'y\n\n'.repeat(70_000)],
    ]
    for (const [before, after] of cases) {
      const result = compareBodies(before, after)
      expect(spelled(result.blocks, 'before')).toBe(before.trimEnd())
      expect(spelled(result.blocks, 'after')).toBe(after.trimEnd())
    }
    expect(compareBodies(long, edited)).toMatchObject({ inserted: Math.ceil(long.split('\n\n').length / 10) })
  }, 60_000) // Ten 200 KB comparisons: about 4 s alone, several times that beside a full test run.
})
