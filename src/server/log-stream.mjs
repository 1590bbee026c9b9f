// Where the server's log goes: standard output, written off the request path
// (docs/decisions/038-logs-off-the-request-path.md). Plain JavaScript so that the benchmark's anchor
// (src/tools/bench-anchor.mjs), which runs from source, writes its log exactly as the server does.
import pino from 'pino'

/**
 * The most log that waits in memory for a reader that has stopped reading (a stuck log collector):
 * beyond it lines are dropped and counted, rather than the process growing without end.
 */
export const LOG_BUFFER_MAX_BYTES = 16 * 1024 * 1024

/** Lines are written when this much has gathered (below the limit of one write, 16 KB)… */
const LOG_BATCH_BYTES = 8 * 1024
/** …or when the first line still waiting has waited this long. */
const LOG_DELAY_MS = 20

/**
 * Standard output as an asynchronous pino destination. A line is added to a buffer in the request's
 * turn and written by libuv's thread pool; while one write is under way the lines that follow
 * gather and go in the next, so under load one write carries many lines and the event loop never
 * waits on the reader of the pipe. pino flushes what is left synchronously when the process exits
 * (a fatal error included); a graceful stop ends it first with closeLogStream.
 * @param {{ onDropped?: (lines: number) => void, fd?: number, maxBytes?: number }} [options]
 *   onDropped: told, once the buffer has emptied again, how many lines were dropped while it was
 *   full; fd and maxBytes: another descriptor than standard output and another limit (tests)
 */
export function openLogStream({ onDropped, fd = 1, maxBytes = LOG_BUFFER_MAX_BYTES } = {}) {
  const stream = pino.destination({
    dest: fd,
    sync: false,
    maxLength: maxBytes,
    minLength: LOG_BATCH_BYTES,
  })
  // Lines gather until 8 KB or 20 ms, whichever comes first, and go in one write: under load a
  // write carries the lines of dozens of requests. A write per line cost about a third of a kept
  // answer's throughput, and a write at the end of each event-loop turn still a fifth (decision
  // 038: each is a thread-pool round trip and a wake-up on a machine of two cores); a line waits
  // at most 20 ms, and whatever waits is written when the process exits or closes the stream.
  // SonicBoom's types leave out the fields it keeps.
  const state = /** @type {{ _len: number, destroyed: boolean }} */ (/** @type {unknown} */ (stream))
  /** @type {NodeJS.Timeout | null} */
  let timer = null
  const flush = () => {
    timer = null
    if (!state.destroyed && state._len > 0) stream.flush()
  }
  const write = stream.write.bind(stream)
  stream.write = (data) => {
    const result = write(data)
    if (timer === null) {
      timer = setTimeout(flush, LOG_DELAY_MS)
      timer.unref()
    }
    return result
  }
  let dropped = 0
  stream.on('drop', () => {
    dropped += 1
  })
  // 'drain': everything buffered has been written.
  stream.on('drain', () => {
    if (dropped === 0 || !onDropped) return
    const lines = dropped
    dropped = 0
    onDropped(lines)
  })
  return stream
}

/**
 * Writes out everything buffered and resolves once it is written (or the stream failed). After it
 * the stream takes no more lines: call it last, just before the process exits.
 * @param {ReturnType<typeof openLogStream>} stream
 * @returns {Promise<void>}
 */
export function closeLogStream(stream) {
  return new Promise((resolve) => {
    // SonicBoom's types leave out the flag it keeps.
    if (/** @type {{ destroyed?: boolean }} */ (/** @type {unknown} */ (stream)).destroyed) {
      resolve()
      return
    }
    stream.once('close', () => resolve())
    stream.once('error', () => resolve())
    stream.end()
  })
}
