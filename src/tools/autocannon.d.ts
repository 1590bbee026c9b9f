// The part of autocannon (which ships no types) that bench-autocannon.mjs uses.
declare module 'autocannon' {
  type Options = {
    url: string
    connections: number
    duration: number
    timeout: number
    headers?: Record<string, string>
  }
  type Result = {
    requests: { total: number }
    duration: number
    errors: number
    timeouts: number
    non2xx: number
    statusCodeStats: Record<string, { count: number }>
    latency: { p50: number; p99: number; max: number }
  }
  export default function autocannon(options: Options): Promise<Result>
}
