// `npm run bench`: speed and memory of the built server, each figure next to a baseline measured
// in the same run on the same machine (these machines are shared and noisy; absolute numbers mean
// little, ratios a lot). Never part of the tests.
import { spawn } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { builtServer, ensureBuild, root } from './ensure-build.mjs'

// `npm run bench -- --load` / `--soak` (or BENCH_MODE=load|soak): many connections from a separate
// load generator, with an errors verdict (and a memory-growth one for soak); see bench-load.mjs.
const args = process.argv.slice(2)
if (args.length > 0 || process.env.BENCH_MODE) {
  const { runLoadBench } = await import('./bench-load.mjs')
  process.exit(await runLoadBench(args))
}

const DURATION_MS = Number(process.env.BENCH_MS ?? 4000)
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 8)

const freePort = () =>
  new Promise((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address()
      server.close(() => resolve(port))
    })
  })

async function load(url, init = {}) {
  const latencies = []
  const deadline = Date.now() + DURATION_MS
  let failures = 0
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (Date.now() < deadline) {
        const start = performance.now()
        const response = await fetch(url, init)
        await response.arrayBuffer()
        if (!response.ok) failures += 1
        latencies.push(performance.now() - start)
      }
    }),
  )
  latencies.sort((a, b) => a - b)
  const pick = (q) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))]
  return { rps: latencies.length / (DURATION_MS / 1000), p50: pick(0.5), p99: pick(0.99), failures }
}

const rssOf = async (pid) => {
  const { readFile } = await import('node:fs/promises')
  const status = await readFile(`/proc/${pid}/status`, 'utf8')
  return Number(status.match(/VmRSS:\s+(\d+)/)?.[1] ?? 0) / 1024
}

ensureBuild()
const port = await freePort()
const dataDir = mkdtempSync(join(tmpdir(), 'mhbot-bench-'))
const child = spawn(process.execPath, [builtServer], {
  cwd: root,
  env: {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'error',
    RATE_LIMITS: 'off',
    NODE_ENV: 'production',
    SESSION_SECRET: 'bench-secret-bench-secret-bench-secret-0',
  },
  stdio: 'inherit',
})
const base = `http://127.0.0.1:${port}`
for (let i = 0; i < 200; i++) {
  try {
    if ((await fetch(`${base}/readyz`)).ok) break
  } catch {}
  await new Promise((r) => setTimeout(r, 100))
}

const rows = []
const measure = async (name, url, init) => {
  const result = await load(url, init)
  rows.push({ name, ...result })
  return result
}
const baseline = await measure('GET /healthz (baseline: no work)', `${base}/healthz`)
const rssIdle = await rssOf(child.pid)
await measure('GET / (rendered page, from the HTML cache)', `${base}/`)
await measure('GET /research (rendered page with 9 studies, cached)', `${base}/research`)
await measure('GET /api/research-studies (database read)', `${base}/api/research-studies`)
// A fresh query string each time defeats the page cache: this is the full render cost.
let n = 0
const renders = []
const deadline = Date.now() + DURATION_MS
while (Date.now() < deadline) {
  n += 1
  const start = performance.now()
  await (await fetch(`${base}/faq?nocache=${n}`)).arrayBuffer()
  renders.push(performance.now() - start)
}
renders.sort((a, b) => a - b)
rows.push({
  name: 'GET /faq?unique (full server render, sequential)',
  rps: renders.length / (DURATION_MS / 1000),
  p50: renders[Math.floor(renders.length / 2)],
  p99: renders[Math.floor(renders.length * 0.99)],
  failures: 0,
})
const rssLoaded = await rssOf(child.pid)

console.log(`\nConcurrency ${CONCURRENCY}, ${DURATION_MS} ms per row, Node ${process.version}\n`)
console.log('| request | req/s | p50 ms | p99 ms | vs baseline req/s | failures |')
console.log('|---|---|---|---|---|---|')
for (const row of rows) {
  console.log(
    `| ${row.name} | ${row.rps.toFixed(0)} | ${row.p50.toFixed(2)} | ${row.p99.toFixed(2)} | ${(row.rps / baseline.rps).toFixed(2)}x | ${row.failures} |`,
  )
}
console.log(
  `\nResident memory: ${rssIdle.toFixed(0)} MB after start-up and the baseline, ${rssLoaded.toFixed(0)} MB after ${n} distinct renders (page cache bounded at 500 entries).`,
)
child.kill('SIGTERM')
await new Promise((r) => child.once('exit', r))
rmSync(dataDir, { recursive: true, force: true })
