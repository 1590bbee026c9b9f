/**
 * Reads the samples of a Prometheus text exposition (version 0.0.4): `name{label="value",…} number`
 * per line, comments skipped. The npm registry's parser (parse-prometheus-text-format 1.1.1) drops
 * the labels of a labelled histogram, so the tests read samples with this and leave the format's
 * correctness to Prometheus's own promtool (tests/integration/metrics.test.ts).
 */
export type PromSample = { name: string; labels: Record<string, string>; value: number }

const SAMPLE = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})?\s+(\S+)(?:\s+\d+)?$/
const LABEL = /([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\]|\\.)*)"/g

export function readSamples(text: string): PromSample[] {
  const samples: PromSample[] = []
  for (const line of text.split('\n')) {
    if (line === '' || line.startsWith('#')) continue
    const match = SAMPLE.exec(line)
    if (!match) throw new Error(`not a sample line: ${line}`)
    const labels: Record<string, string> = {}
    for (const [, name, raw] of (match[2] ?? '').matchAll(LABEL))
      labels[name as string] = (raw as string).replace(/\\(.)/g, (_all, c: string) => (c === 'n' ? '\n' : c))
    samples.push({ name: match[1] as string, labels, value: Number(match[3]) })
  }
  return samples
}

/** The names of the families a text declares with `# TYPE`. */
export function familyNames(text: string): string[] {
  return [...text.matchAll(/^# TYPE (\S+) /gm)].map((match) => match[1] as string)
}
