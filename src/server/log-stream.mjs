// Where the server's log goes: standard output, written off the request path
// (docs/decisions/038-logs-off-the-request-path.md, docs/decisions/058-the-log-batches-its-own-lines.md).
// Plain JavaScript so that the benchmark's anchor (src/tools/bench-anchor.mjs), which runs from
// source, writes its log exactly as the server does.
import { write as writeAsync, writeSync } from 'node:fs'

/**
 * The most log that waits in memory for a reader that has stopped reading (a stuck log collector):
 * beyond it lines are dropped and counted, rather than the process growing without end. Counted in
 * characters, which is what the waiting lines hold in memory.
 */
export const LOG_BUFFER_MAX_BYTES = 16 * 1024 * 1024

/** Lines are written when this much has gathered… */
const LOG_BATCH_CHARS = 32 * 1024
/** …or when the first line still waiting has waited this long. */
const LOG_DELAY_MS = 20
/** A descriptor that is full and does not block (EAGAIN) is tried again after this long. */
const RETRY_MS = 10
/** How long the last synchronous write at exit keeps trying a full descriptor that does not block. */
const EXIT_RETRY_MS = 1000

/**
 * Lines in a chunk of the log: the count a dropped batch adds to the lines reported dropped.
 * @param {Buffer} chunk
 */
function linesIn(chunk) {
  let lines = 0
  for (let at = chunk.indexOf(10); at !== -1; at = chunk.indexOf(10, at + 1)) lines += 1
  return lines
}

/**
 * Standard output as pino's destination, batched by this module rather than by SonicBoom (decision
 * 058): a line is pushed onto a list in the request's turn, and the list is joined and written by
 * libuv's thread pool once 32 KB have gathered or the first line has waited 20 ms. One write is under
 * way at a time; the lines that arrive meanwhile go in the next, so under load a write carries
 * dozens of requests' lines and the event loop never waits on the reader of the pipe.
 */
class LogStream {
  /** @type {string[]} lines waiting for the next write */
  #waiting = []
  #waitingChars = 0
  /** @type {Buffer | null} what the write under way still has to write */
  #writing = null
  /** @type {NodeJS.Timeout | null} */
  #timer = null
  /** @type {NodeJS.Timeout | null} a refused write (EAGAIN) waiting to be tried again */
  #retry = null
  /**
   * Set once a write was refused (EAGAIN): the descriptor does not block, so a write returns at once
   * and is made in the event loop's turn from then on. No write is then ever under way in the
   * thread pool, where a process that exits would lose how much of it was written.
   */
  #inTurn = false
  /** The first waiting line has waited LOG_DELAY_MS: write as soon as the write under way ends. */
  #due = false
  #dropped = 0
  /** @type {Array<() => void>} */
  #onEmpty = []
  #closing = false
  /** Set once closed: lines written after it are ignored. */
  destroyed = false

  /**
   * @param {number} fd
   * @param {number} maxChars
   * @param {((lines: number) => void) | undefined} onDropped
   */
  constructor(fd, maxChars, onDropped) {
    this.fd = fd
    this.maxChars = maxChars
    this.onDropped = onDropped
    this.flushSync = this.flushSync.bind(this)
    // A process that ends without closing the stream (a fatal error, process.exit) writes what waits.
    process.on('exit', this.flushSync)
  }

  /**
   * Takes one line (pino writes whole lines). Returns false when it was dropped or the stream is closed.
   * @param {string} line
   */
  write(line) {
    if (this.destroyed) return false
    if (this.#waitingChars + (this.#writing?.length ?? 0) + line.length > this.maxChars) {
      this.#dropped += 1
      return false
    }
    this.#waiting.push(line)
    this.#waitingChars += line.length
    if (this.#writing === null && this.#waitingChars >= LOG_BATCH_CHARS) this.#writeWaiting()
    else if (this.#timer === null && !this.#due) {
      // Whenever lines wait, a timer runs or a write is due: none waits longer than LOG_DELAY_MS
      // beyond the write under way.
      this.#timer = setTimeout(() => {
        this.#timer = null
        if (this.#writing === null) this.#writeWaiting()
        else this.#due = true
      }, LOG_DELAY_MS)
      this.#timer.unref()
    }
    return true
  }

  #writeWaiting() {
    if (this.#timer !== null) {
      clearTimeout(this.#timer)
      this.#timer = null
    }
    this.#due = false
    if (this.#waitingChars === 0) return
    // A Buffer, so that a partial write goes on from the byte where it stopped.
    const batch = Buffer.from(this.#waiting.length === 1 ? (this.#waiting[0] ?? '') : this.#waiting.join(''))
    this.#waiting = []
    this.#waitingChars = 0
    this.#send(batch)
  }

  /** @param {Buffer} data */
  #send(data) {
    this.#writing = data
    if (!this.#inTurn) {
      writeAsync(this.fd, data, 0, data.length, null, (error, written) => this.#written(data, error, written))
      return
    }
    let written = 0
    /** @type {NodeJS.ErrnoException | null} */
    let failure = null
    try {
      written = writeSync(this.fd, data, 0, data.length)
    } catch (error) {
      failure = /** @type {NodeJS.ErrnoException} */ (error)
    }
    this.#written(data, failure, written)
  }

  /**
   * @param {Buffer} data
   * @param {NodeJS.ErrnoException | null} error
   * @param {number} written
   */
  #written(data, error, written) {
    if (error?.code === 'EAGAIN') {
      this.#inTurn = true
      this.#retry = setTimeout(() => {
        this.#retry = null
        this.#send(data)
      }, RETRY_MS)
      // While the server runs, the retry alone does not hold the process open. Once the stream is
      // closing it must: a graceful stop has closed everything else, and a process whose event loop
      // empties ends there, with a line half-written (CI, 2026-11-29).
      if (!this.#closing) this.#retry.unref()
      return
    }
    // Any other error (the reader is gone: EPIPE) loses this batch; its lines are counted as dropped.
    if (error) this.#dropped += linesIn(data)
    else if (written < data.length) {
      this.#send(data.subarray(written))
      return
    }
    this.#writing = null
    if (this.#waitingChars >= LOG_BATCH_CHARS || this.#due || (this.#closing && this.#waitingChars > 0)) {
      this.#writeWaiting()
      return
    }
    if (this.#waitingChars > 0) return
    if (this.#dropped > 0 && this.onDropped && !this.destroyed) {
      const lines = this.#dropped
      this.#dropped = 0
      this.onDropped(lines)
      // The report is itself a line: it is written by the next write.
      if (this.#writing !== null || this.#waitingChars > 0) return
    }
    for (const resolve of this.#onEmpty.splice(0)) resolve()
  }

  /**
   * Writes what waits synchronously, in this turn: for a process about to end. A write under way
   * in the thread pool is left to finish (the kernel has it by then); a refused one waiting for its
   * retry, and what waits behind it, are written here.
   */
  flushSync() {
    // A refused write waiting for its retry is not under way: what it still holds goes first.
    const refused = this.#retry !== null ? this.#writing : null
    if (this.#retry !== null) {
      clearTimeout(this.#retry)
      this.#retry = null
      this.#writing = null
    }
    if (this.#waitingChars === 0 && refused === null) return
    const waiting = Buffer.from(this.#waiting.join(''))
    const batch = refused === null ? waiting : Buffer.concat([refused, waiting])
    this.#waiting = []
    this.#waitingChars = 0
    let at = 0
    const deadline = Date.now() + EXIT_RETRY_MS
    while (at < batch.length) {
      try {
        at += writeSync(this.fd, batch, at, batch.length - at)
      } catch (error) {
        const code = /** @type {NodeJS.ErrnoException} */ (error).code
        if (code !== 'EAGAIN' || Date.now() > deadline) return
        Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 1)
      }
    }
  }

  /**
   * pino's `logger.flush(callback)`: calls back once everything taken so far is written.
   * @param {(error?: Error) => void} [callback]
   */
  flush(callback) {
    this.#whenEmpty().then(() => callback?.())
  }

  #whenEmpty() {
    return new Promise((/** @type {(value?: void) => void} */ resolve) => {
      if (this.#writing === null && this.#waitingChars === 0) {
        resolve()
        return
      }
      this.#onEmpty.push(resolve)
      if (this.#writing === null) this.#writeWaiting()
    })
  }

  /** Writes out everything taken, then takes no more lines. */
  async close() {
    if (this.destroyed) return
    this.#closing = true
    this.#retry?.ref()
    await this.#whenEmpty()
    this.destroyed = true
    process.off('exit', this.flushSync)
  }
}

/**
 * Standard output (or `fd`) as an asynchronous pino destination (see LogStream).
 * @param {{ onDropped?: (lines: number) => void, fd?: number, maxBytes?: number }} [options]
 *   onDropped: told, once everything waiting has been written, how many lines were dropped while it
 *   was full; fd and maxBytes: another descriptor than standard output and another limit (tests)
 */
export function openLogStream({ onDropped, fd = 1, maxBytes = LOG_BUFFER_MAX_BYTES } = {}) {
  return new LogStream(fd, maxBytes, onDropped)
}

/**
 * Writes out everything taken and resolves once it is written (or a write failed). After it the
 * stream takes no more lines: call it last, just before the process exits.
 * @param {LogStream} stream
 * @returns {Promise<void>}
 */
export function closeLogStream(stream) {
  return stream.close()
}
