/**
 * When the page's code starts (docs/decisions/032-code-when-the-visitor-reaches-for-it.md).
 *
 * The router emits `<link rel="modulepreload">` for the entry's imports and the matched routes'
 * chunks, and one `<script type="module" src>` for the entry. They are replaced by a small classic
 * script that names the same files in data attributes and adds the same tags later:
 * - on a public page (`data-start="reach"`), when a mouse or a keyboard first reaches for the page:
 *   a mouse moved or pressed, a key, focus moved. A press (mouse or key) starts it only once it is
 *   let go and the frame after it painted, so the press's own answer never waits for the loader's
 *   work. A finger or a pen starts nothing, and a key or a focus after one is a phone's own
 *   keyboard or a tapped field: a visitor on a touch screen is served the page as HTML for as long
 *   as it is open (docs/decisions/057-a-touch-screen-is-served-html.md). Every public page works as
 *   HTML (navigation, forms, search, the FAQ, Cite: decisions 030, 031 and 042), so a visitor who
 *   only reads or taps never pays for the code; for a mouse or a keyboard it then enhances what
 *   the visitor is about to use (toasts, the drawer, client-side navigation).
 * - on a private page (the admin, which is made of code), right after the first frame.
 * Every chunk of the first render is still named in the HTML and fetched at once when the code
 * starts (no waterfall). The script's text never changes, so its CSP hash is the same on every page.
 */
export const AFTER_PAINT_LOADER =
  "(s=>{let n=0,w;const d=document,go=()=>{if(n++)return;for(const u of s.dataset.preload.split(' ')){if(!u)continue;const l=d.createElement('link');l.rel='modulepreload';l.href=u;d.head.append(l)}const e=d.createElement('script');e.type='module';e.src=s.dataset.entry;d.head.append(e)},soon=()=>requestAnimationFrame(()=>setTimeout(go));if(s.dataset.start==='reach'){let f=0;const k=['pointerdown','pointermove','keydown','focusin'],x=['pointerup','pointercancel','keyup'],o={capture:true,passive:true},on=(l,g)=>{for(const t of l)addEventListener(t,g,o)},off=(l,g)=>{for(const t of l)removeEventListener(t,g,o)},end=()=>{off(x,end);clearTimeout(w);soon()},r=e=>{if(e.pointerType&&e.pointerType!=='mouse'){f=1;return}if(f&&!e.pointerType)return;off(k,r);if(/down/.test(e.type)){on(x,end);w=setTimeout(end,1000)}else soon()};on(k,r)}else d.visibilityState==='hidden'?go():soon()})(document.currentScript)"

/** The events that may start a public page's code, as the loader lists them (held equal by a unit test). */
export const REACH_EVENTS = ['pointerdown', 'pointermove', 'keydown', 'focusin'] as const

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
