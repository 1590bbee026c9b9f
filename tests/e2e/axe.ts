import { readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import type { Page } from 'playwright-core'

/**
 * axe-core's source. The site's Content Security Policy (rightly) blocks an injected <script> tag,
 * so it is evaluated through the DevTools protocol instead, which the policy does not govern:
 * the page is scanned with its real CSP in force.
 */
const AXE = readFileSync(fileURLToPath(new URL('../../node_modules/axe-core/axe.min.js', import.meta.url)), 'utf8')
/** The WCAG 2.2 AA rules. */
const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa']

type AxeNode = { target: unknown[]; failureSummary?: string; any: { id: string; message: string }[] }
export type AxeRule = { id: string; impact: string | null; help: string; nodes: AxeNode[] }
export type AxeResults = { violations: AxeRule[]; incomplete: AxeRule[]; passes: AxeRule[] }

/** Runs axe on the page as it stands. */
export async function scan(page: Page): Promise<AxeResults> {
  await page.evaluate(AXE)
  return page.evaluate(
    (values) =>
      (window as unknown as { axe: { run: (context: Document, options: object) => Promise<AxeResults> } }).axe.run(
        document,
        { runOnly: { type: 'tag', values } },
      ),
    TAGS,
  )
}

/** Each violation as one line: the rule, the element and why; an empty list when there are none. */
export async function axeViolations(page: Page): Promise<string[]> {
  const { violations } = await scan(page)
  return violations.flatMap((rule) =>
    rule.nodes.map((node) => `${rule.id} ${JSON.stringify(node.target)}: ${node.failureSummary ?? ''}`),
  )
}
