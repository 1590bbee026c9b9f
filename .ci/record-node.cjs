// Loaded into every node process that .ci/run's steps start (NODE_OPTIONS=--require): appends the
// process's Node version and binary to the file CI_NODE_LOG names, so .ci/run can show, step by
// step, that npm, its scripts, the tools and vitest's workers all ran on Node 24. Silent otherwise.
if (process.env.CI_NODE_LOG) {
  try {
    require('node:fs').appendFileSync(process.env.CI_NODE_LOG, `${process.version} ${process.execPath}\n`)
  } catch {}
}
