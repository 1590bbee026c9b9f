// The W3C Nu HTML Checker (npm package vnu-jar) over rendered pages: one Java process for all of
// them, since starting the JVM costs more than checking a page. Used by the valid-HTML browser test
// and the bench (docs/decisions/040-valid-html.md).
import { execFile } from 'node:child_process'
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { createRequire } from 'node:module'
import { tmpdir } from 'node:os'
import { basename, join } from 'node:path'

/** @typedef {{ name: string, html: string }} HtmlDocument */
/** @typedef {{ message: string, extract?: string, line?: number }} HtmlError */
/** @typedef {{ name: string, errors: HtmlError[] }} HtmlReport */
/**
 * One message of vnu's JSON output (only the fields read here).
 * @typedef {{ type?: string, subType?: string, url?: string, message?: string, extract?: string, lastLine?: number, firstLine?: number }} VnuMessage
 */

/** The jar inside the vnu-jar package (its main module exports the path). */
const jarPath = () => String(createRequire(import.meta.url)('vnu-jar'))

/**
 * Checks each document as HTML and resolves to its errors (vnu's type "error"; warnings and info
 * are left out). A document vnu could not read at all counts as an error of that document.
 * Rejects when Java is missing, vnu fails, or the check outlasts `timeoutMs`.
 * @param {HtmlDocument[]} documents
 * @param {{ timeoutMs?: number, java?: string }} [options]
 * @returns {Promise<HtmlReport[]>}
 */
export async function checkHtml(documents, options = {}) {
  if (documents.length === 0) return []
  const { timeoutMs = 180_000, java = process.env.JAVA ?? 'java' } = options
  const dir = await mkdtemp(join(tmpdir(), 'html-check-'))
  try {
    // Files named by position: a page's name may hold any character; vnu reports each by its URL.
    const files = documents.map((_, index) => join(dir, `${index}.html`))
    await Promise.all(documents.map((document, index) => writeFile(files[index] ?? '', document.html, 'utf8')))
    const output = await runVnu(
      java,
      ['-jar', jarPath(), '--format', 'json', '--stdout', '--errors-only', '--exit-zero-always', ...files],
      timeoutMs,
    )
    /** @type {{ messages?: VnuMessage[] }} */
    const parsed = JSON.parse(output)
    /** @type {HtmlReport[]} */
    const reports = documents.map((document) => ({ name: document.name, errors: [] }))
    for (const message of parsed.messages ?? []) {
      if (message.type !== 'error' && message.type !== 'non-document-error') continue
      const index = Number(basename(message.url ?? '').replace(/\.html$/, ''))
      const report = reports[index]
      /** @type {HtmlError} */
      const error = { message: message.message ?? '(no message)' }
      if (message.extract !== undefined) error.extract = message.extract
      const line = message.lastLine ?? message.firstLine
      if (line !== undefined) error.line = line
      if (report) report.errors.push(error)
      // A message that names no document of ours (vnu's own failure) must not pass unseen.
      else throw new Error(`vnu reported an error outside the documents: ${error.message}`)
    }
    return reports
  } finally {
    await rm(dir, { recursive: true, force: true })
  }
}

/**
 * @param {string} java
 * @param {string[]} args
 * @param {number} timeoutMs
 * @returns {Promise<string>} vnu's JSON report
 */
function runVnu(java, args, timeoutMs) {
  return new Promise((resolve, reject) => {
    execFile(
      java,
      args,
      { timeout: timeoutMs, killSignal: 'SIGKILL', maxBuffer: 64 * 1024 * 1024, encoding: 'utf8' },
      (error, stdout, stderr) => {
        if (error && 'code' in error && error.code === 'ENOENT')
          reject(
            new Error(`${java} not found: the HTML checker needs Java 17+ (apt-get install -y default-jre-headless)`),
          )
        else if (error?.killed)
          reject(new Error(`the HTML checker ran past its ${Math.round(timeoutMs / 1000)} s limit`))
        else if (error) reject(new Error(`the HTML checker failed: ${error.message}\n${stderr.slice(-2000)}`))
        else resolve(stdout)
      },
    )
  })
}
