import { spawnSync } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import { expect, it } from 'vitest'

/**
 * The alerting rules operators load (docs/alerts/mhbot.rules.yml, docs/metrics.md) are checked by
 * Prometheus's own promtool, and their unit tests (mhbot.rules.test.yml) show each rule firing on
 * the series it is for and quiet on a healthy one. CI installs promtool (Debian's prometheus).
 */
const ALERTS = fileURLToPath(new URL('../../docs/alerts/', import.meta.url))

const promtool = spawnSync('sh', ['-c', 'command -v promtool'], { encoding: 'utf8' }).stdout.trim() || null
const runs = promtool !== null || Boolean(process.env.CI)

it.runIf(runs)('promtool accepts the rules and their tests pass', () => {
  if (promtool === null) throw new Error('promtool is missing: CI installs the Debian package prometheus')
  for (const args of [
    ['check', 'rules', 'mhbot.rules.yml'],
    ['test', 'rules', 'mhbot.rules.test.yml'],
  ]) {
    const result = spawnSync(promtool, args, { cwd: ALERTS, encoding: 'utf8' })
    expect(`${result.stdout}${result.stderr}`, args.join(' ')).toMatch(/SUCCESS/)
    expect(result.status, `${args.join(' ')}\n${result.stdout}${result.stderr}`).toBe(0)
  }
})
