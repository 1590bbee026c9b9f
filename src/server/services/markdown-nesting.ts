/*
 * The nesting bound checked before a text goes to the Markdown renderer's threads
 * (docs/decisions/035-markdown-rendered-once-off-the-event-loop.md): linear, and apart from the
 * renderer so the main thread never loads the renderer to check it.
 */

/** How deep quotes and lists may nest, and brackets open, before the text is refused unparsed. */
export const MAX_NESTING = 32

export type NestingProblem = 'containers' | 'brackets'

/**
 * Whether the text nests deeper than MAX_NESTING, counted in one pass: block quotes and list items
 * opened at the start of a line (`> > -` or indentation), and square brackets open at once. The
 * parser recurses once per level (5,000 `>` overflow the stack) and matches brackets in quadratic
 * time, while no text meant for reading comes near these depths.
 */
export function nestingProblem(markdown: string): NestingProblem | null {
  let brackets = 0
  let lineStart = true
  let depth = 0
  let columns = 0
  for (let i = 0; i < markdown.length; i++) {
    const char = markdown.charCodeAt(i)
    if (char === 10 /* newline */) {
      lineStart = true
      depth = 0
      columns = 0
      continue
    }
    if (lineStart) {
      if (char === 32 /* space */ || char === 9 /* tab */) {
        columns += char === 9 ? 4 : 1
        continue
      }
      const marker = containerMarker(markdown, i)
      if (marker > 0) {
        // Every two columns of indentation before a marker can stand for one more list level,
        // counted from the line's start or from the marker before.
        if (++depth + (columns >> 1) > MAX_NESTING) return 'containers'
        i += marker - 1
        // Only the indentation after the innermost marker can open deeper levels.
        columns = 0
        continue
      }
      lineStart = false
    }
    if (char === 92 /* backslash */) {
      i++
      continue
    }
    if (char === 91 /* [ */ && ++brackets > MAX_NESTING) return 'brackets'
    if (char === 93 /* ] */ && brackets > 0) brackets--
  }
  return null
}

const isBlank = (text: string, index: number) => {
  const char = text.charCodeAt(index)
  return Number.isNaN(char) || char === 32 || char === 9 || char === 10 || char === 13
}

/** The length of a block quote or list marker at `index` (`>`, `- `, `1. `), or 0. */
function containerMarker(text: string, index: number): number {
  const char = text.charCodeAt(index)
  if (char === 62 /* > */) return 1
  if ((char === 45 || char === 42 || char === 43) /* - * + */ && isBlank(text, index + 1)) return 1
  let end = index
  // At most nine digits, as CommonMark allows for an ordered list's number.
  while (end - index < 9 && text.charCodeAt(end) >= 48 && text.charCodeAt(end) <= 57) end++
  const after = text.charCodeAt(end)
  if (end > index && (after === 46 || after === 41) /* . ) */ && isBlank(text, end + 1)) return end - index + 1
  return 0
}
