import { describe, expect, it } from 'vitest'
import { renderMarkdown } from '../../src/server/services/markdown'

const levels = (html: string) => [...html.matchAll(/<h(\d)>/g)].map((match) => Number(match[1]))

describe('the author’s headings under the page’s own h1', () => {
  it('by default go one level lower than written (a standard’s ## sections under the page’s h2)', () => {
    expect(levels(renderMarkdown('## A\n\ntext\n\n### B\n\n## C').html)).toEqual([3, 4, 3])
    expect(levels(renderMarkdown('# A\n\n## B').html)).toEqual([2, 3])
  })

  it('in a post start at h2 however they were written, keeping their distances, never skipping one', () => {
    for (const [markdown, expected] of [
      ['# A\n\n## B\n\n# C', [2, 3, 2]],
      ['## A\n\n### B\n\n## C', [2, 3, 2]],
      ['### A\n\n#### B', [2, 3]],
      ['## A\n\n#### B', [2, 3]],
      ['###### A\n\n# B\n\n## C', [2, 2, 3]],
      ['## A\n\n#### B\n\n### C\n\n#### D', [2, 3, 3, 4]],
      ['###### A\n\n###### B', [2, 2]],
      ['no heading at all', []],
    ] as const)
      expect(levels(renderMarkdown(markdown, 'fromH2').html), markdown).toEqual(expected)
  })

  it('never makes an h1, nor goes past h6', () => {
    expect(levels(renderMarkdown('# A\n\n## B\n\n### C\n\n#### D\n\n##### E\n\n###### F', 'fromH2').html)).toEqual([
      2, 3, 4, 5, 6, 6,
    ])
    expect(levels(renderMarkdown('##### A\n\n###### B').html)).toEqual([6, 6])
  })
})
