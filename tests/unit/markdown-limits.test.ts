import fc from 'fast-check'
import { afterAll, describe, expect, it } from 'vitest'
import {
  closeRenderPool,
  MARKDOWN_TIME_LIMIT_MS,
  MarkdownRefusedError,
  REFUSAL_START,
  renderBody,
} from '../../src/server/services/markdown'
import { nestingProblem } from '../../src/server/services/markdown-nesting'

/*
 * No text stalls the server: whatever its shape, the renderer answers or refuses within its time
 * limit, and refuses with the sentence the author reads, never with another error
 * (docs/decisions/035-markdown-rendered-once-off-the-event-loop.md).
 */

/** Time for the pool to pass the text, terminate the thread and answer, on a busy machine. */
const MARGIN_MS = 1_500

/** The pieces the parser is slow or deep on: emphasis, brackets, code spans, quotes, list markers. */
const PIECES = [
  '*',
  '_',
  '[',
  ']',
  '`',
  '>',
  '- ',
  '* ',
  '1. ',
  '*a',
  '_a',
  '[a',
  'a]',
  '**',
  '`a',
  '> ',
  '![',
  '](',
  '\n',
  '  ',
  'a ',
  '\\',
]

/** A pathological text: pieces repeated, opened then closed, or nested one more on every line. */
const shapes = fc
  .record({
    pieces: fc.array(fc.constantFrom(...PIECES), { minLength: 1, maxLength: 3 }),
    closing: fc.constantFrom(...PIECES),
    form: fc.constantFrom('repeated', 'open-close', 'nested lines'),
    length: fc.integer({ min: 1_000, max: 200_000 }),
  })
  .map(({ pieces, closing, form, length }) => {
    const unit = pieces.join('')
    if (form === 'repeated') return unit.repeat(Math.ceil(length / unit.length)).slice(0, length)
    if (form === 'open-close') {
      const half = Math.floor(length / 2)
      return (
        unit.repeat(Math.ceil(half / unit.length)).slice(0, half) +
        closing.repeat(Math.ceil(half / closing.length)).slice(0, half)
      )
    }
    const lines: string[] = []
    for (let depth = 1, size = 0; size < length; depth++) {
      const line = `${unit.repeat(depth)}text`
      lines.push(line)
      size += line.length + 1
    }
    return lines.join('\n').slice(0, length)
  })

afterAll(() => closeRenderPool())

describe('the renderer under pathological texts', () => {
  it('answers or refuses each within the time limit, and refuses only with the author’s sentence', async () => {
    await fc.assert(
      fc.asyncProperty(shapes, async (markdown) => {
        // A thread ready first: the limit is the text's, not a fresh thread's start.
        await renderBody('ready')
        const started = performance.now()
        try {
          const rendered = await renderBody(markdown, 'fromH2')
          expect(typeof rendered.html).toBe('string')
        } catch (error) {
          expect(error).toBeInstanceOf(MarkdownRefusedError)
          const refusal = error as MarkdownRefusedError
          expect(refusal.statusCode).toBe(400)
          expect(refusal.fields?.body?.startsWith(REFUSAL_START)).toBe(true)
        }
        expect(performance.now() - started).toBeLessThan(MARKDOWN_TIME_LIMIT_MS + MARGIN_MS)
      }),
      { numRuns: 40 },
    )
  }, 240_000)

  it('refuses the known stalls: runs of *a and of [ then ], 5,000 > or list markers, lists 40 deep', async () => {
    for (const [markdown, reason] of [
      ['*a'.repeat(50_000), 'time'],
      [`${'['.repeat(100_000)}${']'.repeat(100_000)}`, 'brackets'],
      ['>'.repeat(5_000), 'containers'],
      ['- '.repeat(5_000), 'containers'],
      [Array.from({ length: 40 }, (_, depth) => `${'  '.repeat(depth)}- item`).join('\n'), 'containers'],
    ] as const) {
      await renderBody('ready')
      const started = performance.now()
      const refused = await renderBody(markdown).then(
        () => null,
        (error: unknown) => error,
      )
      expect(refused, markdown.slice(0, 20)).toBeInstanceOf(MarkdownRefusedError)
      expect((refused as MarkdownRefusedError).reason).toBe(reason)
      expect(performance.now() - started).toBeLessThan(MARKDOWN_TIME_LIMIT_MS + MARGIN_MS)
    }
  }, 60_000)
})

describe('the nesting bound', () => {
  it('counts quotes, list markers and indentation at a line’s start, and open brackets anywhere', () => {
    expect(nestingProblem(`${'> '.repeat(32)}fine`)).toBeNull()
    expect(nestingProblem(`${'> '.repeat(33)}too deep`)).toBe('containers')
    expect(nestingProblem(`${'1. '.repeat(33)}x`)).toBe('containers')
    expect(nestingProblem(`${' '.repeat(80)}code, not a list`)).toBeNull()
    expect(nestingProblem(`text ${'>'.repeat(500)} in a line`)).toBeNull()
    expect(nestingProblem(`${'['.repeat(32)}${']'.repeat(32)}`)).toBeNull()
    expect(nestingProblem(`${'['.repeat(33)}`)).toBe('brackets')
    expect(nestingProblem('\\['.repeat(1_000))).toBeNull()
    expect(nestingProblem('[a] '.repeat(10_000))).toBeNull()
  })
})
