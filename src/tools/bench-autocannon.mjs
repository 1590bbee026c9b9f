// The load generator for `npm run bench -- --load/--soak` when wrk is not installed: its own
// process (so it does not share the bench's event loop), one autocannon run per URL, all at once.
// Argument: JSON { base, groups: [{ path, connections, delay, duration }], timeout, headers? } (seconds). Prints one
// `BENCH_RESULT {json}` line per URL, in the shape the wrk script prints.
import autocannon from 'autocannon'

/** @typedef {{ path: string, connections: number, delay: number, duration: number }} Group */
/** @type {{ base: string, groups: Group[], timeout: number, headers?: Record<string, string> }} */
const { base, groups, timeout, headers = {} } = JSON.parse(process.argv[2] ?? '{}')
const runs = await Promise.all(
  groups.map(async (group) => {
    await new Promise((resolve) => setTimeout(resolve, group.delay * 1000))
    const { connections, duration } = group
    return { group, result: await autocannon({ url: `${base}${group.path}`, connections, duration, timeout, headers }) }
  }),
)
for (const { group, result } of runs) {
  const codes = Object.fromEntries(
    Object.entries(result.statusCodeStats)
      .filter(([code]) => !code.startsWith('2'))
      .map(([code, { count }]) => [code, count]),
  )
  const line = {
    path: group.path,
    connections: group.connections,
    requests: result.requests.total,
    seconds: result.duration,
    socketErrors: result.errors - result.timeouts,
    timeouts: result.timeouts,
    non2xx: result.non2xx,
    codes,
    p50: result.latency.p50,
    p99: result.latency.p99,
    max: result.latency.max,
  }
  console.log(`BENCH_RESULT ${JSON.stringify(line)}`)
}
