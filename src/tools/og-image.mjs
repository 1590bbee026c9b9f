/**
 * Draws the site's Open Graph image (1200 × 630, what link previews show) and writes it to
 * public/static/og-image.png: our own layout and mark, rendered by Debian's Chromium. Run it again
 * after changing the council's name or mark:  node src/tools/og-image.mjs
 */
import { readFileSync, writeFileSync } from 'node:fs'
import { chromium } from 'playwright-core'

const mark = readFileSync(new URL('../../public/static/favicon.svg', import.meta.url), 'utf8').replace(
  /<title>.*<\/title>/,
  '',
)
const html = `<!DOCTYPE html><html><head><meta charset="utf-8"><style>
  html, body { margin: 0; width: 1200px; height: 630px; }
  body { font-family: "DejaVu Sans", system-ui, sans-serif; color: #fff;
    background: radial-gradient(circle at 20% 20%, #006daf 0%, #00538b 40%, #002b4a 100%);
    display: flex; flex-direction: column; justify-content: center; padding: 0 96px; box-sizing: border-box; }
  .brand { display: flex; align-items: center; gap: 24px; font-size: 34px; font-weight: 700; }
  .brand svg { width: 96px; height: 96px; }
  h1 { font-size: 64px; line-height: 1.1; margin: 48px 0 24px; max-width: 900px; }
  p { font-size: 30px; margin: 0; opacity: 0.92; }
</style></head><body>
  <div class="brand">${mark}<span>Mild Hyperbaric Oxygen Standards Council</span></div>
  <h1>Setting Standards for Mild Hyperbaric Wellness</h1>
  <p>Safety standards, education and research · a wellness practice, not medicine</p>
</body></html>`

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
})
const page = await browser.newPage({ viewport: { width: 1200, height: 630 } })
await page.setContent(html)
const png = await page.screenshot({ type: 'png' })
await browser.close()
writeFileSync(new URL('../../public/static/og-image.png', import.meta.url), png)
process.stdout.write(`public/static/og-image.png: ${png.length} bytes\n`)
