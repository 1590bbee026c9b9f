import { parentPort } from 'node:worker_threads'
import type { HeadingStyle } from '../../shared/schemas/news'
import { renderMarkdown } from './markdown-render'

/*
 * A thread of the Markdown pool (services/markdown.ts): it renders one text at a time and answers
 * with the HTML, text and headings, or says what failed. The pool terminates it when a text takes
 * too long, which is the only way to stop the parser mid-way.
 */

/** `linkBase`: render for a mail, links made absolute (markdown-render.ts). */
export type RenderTask = { id: number; markdown: string; headings: HeadingStyle; linkBase?: string }
export type RenderAnswer =
  | { id: number; ok: true; html: string; text: string; headings: string[]; unreachable: string[] }
  | { id: number; ok: false; overflow: boolean; message: string }

const port = parentPort
if (!port) throw new Error('markdown-worker runs as a worker thread')

port.on('message', (task: RenderTask) => {
  let answer: RenderAnswer
  try {
    answer = { id: task.id, ok: true, ...renderMarkdown(task.markdown, task.headings, task.linkBase) }
  } catch (error) {
    // Deep recursion overflows the stack: the same refusal as a text nested too deep.
    answer = {
      id: task.id,
      ok: false,
      overflow: error instanceof RangeError,
      message: error instanceof Error ? error.message : String(error),
    }
  }
  port.postMessage(answer)
})

// The pool hands out texts only once the renderer's modules are loaded, so loading never counts
// against a text's time.
port.postMessage('ready')
