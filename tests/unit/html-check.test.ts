import { spawnSync } from 'node:child_process'
import { describe, expect, it } from 'vitest'
import { checkHtml } from '../../src/tools/html-check.mjs'

/**
 * The HTML checker the valid-HTML browser test and the bench use (docs/decisions/040-valid-html.md).
 * It needs Java: skipped without it on a developer's machine, never in CI (.ci/run installs it).
 */
const hasJava = spawnSync(process.env.JAVA ?? 'java', ['-version']).status === 0
if (!hasJava && process.env.CI)
  throw new Error('CI needs Java for the HTML checker (apt-get install default-jre-headless)')

const page = (body: string) =>
  `<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>A page</title></head><body>${body}</body></html>`

describe.skipIf(!hasJava)('checkHtml (W3C Nu HTML Checker)', () => {
  it('reports each document’s errors, not its warnings, in the order given, in one run', {
    timeout: 120_000,
  }, async () => {
    const reports = await checkHtml([
      { name: 'valid', html: page('<main><h1>Fine</h1><p>Words.</p></main>') },
      {
        name: 'style in body, a prop as an attribute, an id with a space',
        html: page('<p>Text</p><style>:root{--x:1}</style><div radius="xl" id="a b">x</div>'),
      },
      // A section without a heading is a warning only.
      { name: 'warning only', html: page('<section><p>No heading.</p></section>') },
    ])
    expect(reports.map((report) => report.name)).toEqual([
      'valid',
      'style in body, a prop as an attribute, an id with a space',
      'warning only',
    ])
    expect(reports[0]?.errors).toEqual([])
    expect(reports[2]?.errors).toEqual([])
    const messages = (reports[1]?.errors ?? []).map((error) => error.message).join('\n')
    expect(messages).toMatch(/“style” element/)
    expect(messages).toMatch(/Attribute “radius” not allowed/)
    expect(messages).toMatch(/must not contain whitespace/)
    expect(reports[1]?.errors[0]?.line).toBe(1)
    expect(reports[1]?.errors[0]?.extract).toBeTypeOf('string')
  })

  it('answers an empty list without starting Java', async () => {
    await expect(checkHtml([])).resolves.toEqual([])
  })

  it('says what is missing when Java is not there', async () => {
    await expect(checkHtml([{ name: 'a', html: page('') }], { java: 'no-such-java-here' })).rejects.toThrow(
      /default-jre-headless/,
    )
  })
})
