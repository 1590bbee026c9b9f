/**
 * When the page's code starts (docs/decisions/032-code-when-the-visitor-reaches-for-it.md).
 *
 * The router emits `<link rel="modulepreload">` for the entry's imports and the matched routes'
 * chunks, and one `<script type="module" src>` for the entry. They are replaced by a small classic
 * script that names the same files in data attributes and adds the same tags later:
 * - on a public page (`data-start="reach"`), at the visitor's first reach for the page: a pointer
 *   pressed or moved, a touch, a key, focus moved. A press (pointer, touch, key) starts it only once
 *   it is let go and the frame after it painted, so the tap's own answer (a native disclosure
 *   opening) never waits for the loader's work (docs/decisions/042-first-touch-on-native-controls.md). Every public page works as HTML (navigation,
 *   forms, search: decisions 030 and 031), so a visitor who only reads never pays for the code, and
 *   a phone's main thread stays free while the page is read; the code then enhances what the
 *   visitor is about to use (toasts, the drawer, client-side navigation).
 * - on a private page (the admin, which is made of code), right after the first frame.
 * Every chunk of the first render is still named in the HTML and fetched at once when the code
 * starts (no waterfall). The script's text never changes, so its CSP hash is the same on every page.
 */
export const AFTER_PAINT_LOADER =
  "(s=>{let n=0,w;const d=document,go=()=>{if(n++)return;for(const u of s.dataset.preload.split(' ')){if(!u)continue;const l=d.createElement('link');l.rel='modulepreload';l.href=u;d.head.append(l)}const e=d.createElement('script');e.type='module';e.src=s.dataset.entry;d.head.append(e)},soon=()=>requestAnimationFrame(()=>setTimeout(go));if(s.dataset.start==='reach'){const k=['pointerdown','pointermove','touchstart','keydown','focusin'],x=['pointerup','pointercancel','touchend','touchcancel','keyup'],o={capture:true,passive:true},on=(l,f)=>{for(const t of l)addEventListener(t,f,o)},off=(l,f)=>{for(const t of l)removeEventListener(t,f,o)},end=()=>{off(x,end);clearTimeout(w);soon()},r=e=>{off(k,r);if(/down|start/.test(e.type)){on(x,end);w=setTimeout(end,1000)}else soon()};on(k,r)}else d.visibilityState==='hidden'?go():soon()})(document.currentScript)"

/** The events that start a public page's code, as the loader lists them (held equal by a unit test). */
export const REACH_EVENTS = ['pointerdown', 'pointermove', 'touchstart', 'keydown', 'focusin'] as const

const MODULE_PRELOAD = /<link rel="modulepreload" href="([^"]+)"[^>]*\/?>/g
const MODULE_SCRIPT = /<script type="module" src="([^"]+)"[^>]*><\/script>/g

/**
 * Moves the page's module preloads and its entry script behind the loader. `attributes` is written
 * on the loader's tag (the render mark, so the CSP hashes it like the router's own scripts).
 * `start`: 'reach' on public pages, 'paint' on private ones. A page with no module script, or with
 * more than one (development's Vite client), is left as it is.
 */
export function loadCodeAfterPaint(html: string, attributes: string, start: 'reach' | 'paint' = 'paint'): string {
  const scripts = [...html.matchAll(MODULE_SCRIPT)]
  const entry = scripts[0]
  if (scripts.length !== 1 || !entry) return html
  const preloads = [...html.matchAll(MODULE_PRELOAD)].map((match) => match[1])
  const when = start === 'reach' ? ' data-start="reach"' : ''
  const loader = `<script${attributes}${when} data-entry="${entry[1]}" data-preload="${preloads.join(' ')}">${AFTER_PAINT_LOADER}</script>`
  return html.replace(MODULE_PRELOAD, '').replace(entry[0], () => loader)
}
