/**
 * The page's code starts loading once the browser has painted the server-rendered HTML, not while
 * it is still parsing it (docs/decisions/022-server-memory-and-first-paint.md).
 *
 * The router emits `<link rel="modulepreload">` for the entry's imports and the matched routes'
 * chunks, and one `<script type="module" src>` for the entry. They are replaced by a small classic
 * script that names the same files in data attributes and adds the same tags right after the first
 * frame. Every chunk of the first render is still named in the HTML and fetched at once (no
 * waterfall); what changes is that a phone paints the text first and parses the code afterwards.
 * The script's text never changes, so its CSP hash is the same on every page.
 */
export const AFTER_PAINT_LOADER =
  "(s=>{const go=()=>{const d=document;for(const u of s.dataset.preload.split(' ')){if(!u)continue;const l=d.createElement('link');l.rel='modulepreload';l.href=u;d.head.append(l)}const e=d.createElement('script');e.type='module';e.src=s.dataset.entry;d.head.append(e)};document.visibilityState==='hidden'?go():requestAnimationFrame(()=>setTimeout(go))})(document.currentScript)"

const MODULE_PRELOAD = /<link rel="modulepreload" href="([^"]+)"[^>]*\/?>/g
const MODULE_SCRIPT = /<script type="module" src="([^"]+)"[^>]*><\/script>/g

/**
 * Moves the page's module preloads and its entry script behind the after-paint loader. `attributes`
 * is written on the loader's tag (the render mark, so the CSP hashes it like the router's own
 * scripts). A page with no module script, or with more than one (development's Vite client), is
 * left as it is.
 */
export function loadCodeAfterPaint(html: string, attributes: string): string {
  const scripts = [...html.matchAll(MODULE_SCRIPT)]
  const entry = scripts[0]
  if (scripts.length !== 1 || !entry) return html
  const preloads = [...html.matchAll(MODULE_PRELOAD)].map((match) => match[1])
  const loader = `<script${attributes} data-entry="${entry[1]}" data-preload="${preloads.join(' ')}">${AFTER_PAINT_LOADER}</script>`
  return html.replace(MODULE_PRELOAD, '').replace(entry[0], () => loader)
}
