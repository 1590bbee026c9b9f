import { existsSync } from 'node:fs'
import { createRequire } from 'node:module'
import { availableParallelism } from 'node:os'
import { pathToFileURL } from 'node:url'
import { Worker } from 'node:worker_threads'
import type { HeadingStyle } from '../../shared/schemas/news'
import { AppError, BadInputError } from '../errors'
import { MAX_NESTING, type NestingProblem, nestingProblem } from './markdown-nesting'
import type { RenderedMarkdown } from './markdown-render'
import type { RenderAnswer, RenderTask } from './markdown-worker'

export { MAX_NESTING } from './markdown-nesting'
export { type RenderedMarkdown, renderMarkdown } from './markdown-render'

/*
 * Markdown is rendered in worker threads, with a time limit, when a body is saved or previewed,
 * never on the event loop and never on a read
 * (docs/decisions/035-markdown-rendered-once-off-the-event-loop.md). The parser is superlinear on
 * some texts (`*a` repeated to 100,000 characters takes 44 s), so a text that runs past the limit
 * has its thread terminated (nothing else stops a synchronous parser) and a fresh one takes its
 * place; the author is told what shape of text to change.
 */

/** How long one text may take to render. A real post renders in a few milliseconds. */
export const MARKDOWN_TIME_LIMIT_MS = 2000

/** Texts waiting for a thread; past this the server is busy and says so rather than queue without end. */
const MAX_WAITING = 64

const POOL_SIZE = Math.min(2, Math.max(1, availableParallelism()))

export const REFUSAL_START = 'This text has a structure the renderer cannot handle in time: '

const REFUSALS = {
  containers: `${REFUSAL_START}block quotes or lists nested more than ${MAX_NESTING} deep (such as a line of many > or - marks). Nest them less deeply.`,
  brackets: `${REFUSAL_START}square brackets nested more than ${MAX_NESTING} deep. Close each [ sooner, or write it as \\[ when it is not a link.`,
  time: `${REFUSAL_START}it took longer than ${MARKDOWN_TIME_LIMIT_MS / 1000} seconds, which long runs of * or _ (or of [, ] or \`) cause. Break such runs up with spaces or words, or write each character with a backslash before it (\\*).`,
} as const satisfies Record<NestingProblem | 'time', string>

export type RefusalReason = keyof typeof REFUSALS

/** A body the renderer cannot handle in time: a 400 naming the body and the shape to change. */
export class MarkdownRefusedError extends BadInputError {
  constructor(readonly reason: RefusalReason) {
    super(REFUSALS[reason], { body: REFUSALS[reason] })
  }
}

type Pending = {
  task: RenderTask
  resolve: (rendered: RenderedMarkdown) => void
  reject: (error: Error) => void
}

type Thread = { worker: Worker; ready: boolean; current: Pending | null; timer: NodeJS.Timeout | null }

/**
 * Where the worker's code is: beside this file when the server runs from its sources (tsx, vitest;
 * the thread then loads tsx too), and in dist/server (markdown-worker.js, an entry of the server's
 * build in vite.config.ts) when it runs built, this module being bundled into main.js or a chunk
 * one folder below it.
 */
function workerEntry(): { url: URL; execArgv: string[] } {
  const here = import.meta.url
  if (here.endsWith('.ts')) {
    const tsx = pathToFileURL(createRequire(here).resolve('tsx')).href
    return { url: new URL('./markdown-worker.ts', here), execArgv: ['--import', tsx] }
  }
  const candidates = ['./markdown-worker.js', '../markdown-worker.js'].map((path) => new URL(path, here))
  const found = candidates.find((url) => existsSync(url))
  if (!found) throw new Error(`markdown-worker.js not found beside ${here}`)
  return { url: found, execArgv: [] }
}

class RenderPool {
  private readonly threads: Thread[] = []
  private readonly waiting: Pending[] = []
  private nextId = 1
  private entry: { url: URL; execArgv: string[] } | null = null

  constructor(
    private readonly size: number,
    private readonly limitMs: number,
  ) {}

  render(markdown: string, headings: HeadingStyle, linkBase?: string): Promise<RenderedMarkdown> {
    if (this.waiting.length >= MAX_WAITING)
      return Promise.reject(
        new AppError('service_unavailable', 'The server is busy rendering other texts. Please try again in a moment.'),
      )
    return new Promise((resolve, reject) => {
      const task = { id: this.nextId++, markdown, headings, ...(linkBase ? { linkBase } : {}) }
      this.waiting.push({ task, resolve, reject })
      this.fill()
      this.dispatch()
    })
  }

  /** Threads start when there is work, so a process that never renders never loads the renderer. */
  private fill() {
    while (this.threads.length < this.size) this.threads.push(this.spawn())
  }

  private spawn(): Thread {
    this.entry ??= workerEntry()
    const worker = new Worker(this.entry.url, { execArgv: this.entry.execArgv })
    const thread: Thread = { worker, ready: false, current: null, timer: null }
    // An idle thread does not keep the process alive (tests, admin-link, a server shutting down).
    worker.unref()
    worker.on('message', (message: RenderAnswer | 'ready') => {
      if (message === 'ready') {
        thread.ready = true
        this.dispatch()
        return
      }
      const pending = thread.current
      if (!pending || pending.task.id !== message.id) return
      this.finish(thread)
      if (message.ok)
        pending.resolve({
          html: message.html,
          text: message.text,
          headings: message.headings,
          unreachable: message.unreachable,
        })
      else if (message.overflow) pending.reject(new MarkdownRefusedError('containers'))
      else pending.reject(new Error(`Markdown renderer failed: ${message.message}`))
      this.dispatch()
    })
    worker.on('error', (error) =>
      // A text that fills the thread's memory is refused like one that takes too long.
      this.replace(
        thread,
        (error as { code?: string }).code === 'ERR_WORKER_OUT_OF_MEMORY' ? new MarkdownRefusedError('time') : error,
      ),
    )
    worker.on('exit', () => this.replace(thread, new Error('Markdown worker exited')))
    return thread
  }

  private finish(thread: Thread) {
    if (thread.timer) clearTimeout(thread.timer)
    thread.timer = null
    thread.current = null
    thread.worker.unref()
  }

  /** Takes a thread out (it failed, exited or was terminated) and starts another if work waits. */
  private replace(thread: Thread, error: Error) {
    const index = this.threads.indexOf(thread)
    if (index === -1) return
    this.threads.splice(index, 1)
    const pending = thread.current
    this.finish(thread)
    pending?.reject(error)
    // A thread that never started will not start again: the waiting texts fail with it, not in a loop.
    if (!thread.ready) for (const waiting of this.waiting.splice(0)) waiting.reject(error)
    if (this.waiting.length > 0) {
      this.fill()
      this.dispatch()
    }
  }

  private dispatch() {
    for (const thread of this.threads) {
      if (!thread.ready || thread.current) continue
      const pending = this.waiting.shift()
      if (!pending) return
      thread.current = pending
      // A thread at work keeps the process alive until it answers.
      thread.worker.ref()
      thread.timer = setTimeout(() => {
        // The parser cannot be interrupted: the thread goes, and a fresh one takes its place.
        this.replace(thread, new MarkdownRefusedError('time'))
        void thread.worker.terminate()
      }, this.limitMs)
      thread.worker.postMessage(pending.task)
    }
  }

  /** Stops every thread; the next render starts new ones. */
  async close() {
    const threads = this.threads.splice(0)
    await Promise.all(threads.map((thread) => thread.worker.terminate()))
  }
}

const pool = new RenderPool(POOL_SIZE, MARKDOWN_TIME_LIMIT_MS)

/**
 * Renders an author's Markdown off the event loop: the safe HTML and the plain text, or a
 * MarkdownRefusedError (400) when the text nests too deep or takes longer than the time limit.
 * With `linkBase`, for a mail: links to the site's own pages made absolute.
 */
export function renderBody(
  markdown: string,
  headings: HeadingStyle = 'shifted',
  linkBase?: string,
): Promise<RenderedMarkdown> {
  const problem = nestingProblem(markdown)
  if (problem) return Promise.reject(new MarkdownRefusedError(problem))
  return pool.render(markdown, headings, linkBase)
}

/** Stops the pool's threads (tests that count threads or end cleanly). */
export const closeRenderPool = () => pool.close()
