import { XMLParser, XMLValidator } from 'fast-xml-parser'
import { describe, expect, it } from 'vitest'
import {
  BADGE_COLOURS,
  BADGE_HEIGHT,
  BADGE_WIDTH,
  listingBadgeSvg,
  unknownBadgeSvg,
} from '../../src/server/services/registry/badge'
import { LISTING_STATUS_LABELS, LISTING_STATUSES, NO_LISTING } from '../../src/shared/registry'

/*
 * The registry's badge (src/server/services/registry/badge.ts) read back by an XML parser: well-formed,
 * with its text alternative, the number and the status in words, a link to the listing's page, nothing
 * fetched from elsewhere, and colours that pass contrast.
 */

const SITE = 'https://council.example.org'
const parser = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '', textNodeName: '#text' })

type Node = Record<string, unknown>
const asNode = (value: unknown): Node => (value && typeof value === 'object' ? (value as Node) : {})
const asList = (value: unknown): Node[] => (Array.isArray(value) ? value.map(asNode) : value ? [asNode(value)] : [])

/** Every text node's words, in document order. */
function texts(node: unknown): string[] {
  if (typeof node === 'string' || typeof node === 'number') return [String(node)]
  if (Array.isArray(node)) return node.flatMap(texts)
  if (!node || typeof node !== 'object') return []
  return Object.entries(node).flatMap(([name, value]) =>
    name === 'title' ? [] : name === '#text' ? [String(value)] : texts(value),
  )
}

function parsed(svg: string) {
  const valid = XMLValidator.validate(svg)
  expect(valid, JSON.stringify(valid)).toBe(true)
  const root = asNode(asNode(parser.parse(svg)).svg)
  return { root, link: asNode(root.a), words: texts(root.a ?? root.g).join(' ') }
}

/** WCAG 2 relative luminance and contrast ratio of two #rrggbb colours. */
function luminance(hex: string) {
  const [r = 0, g = 0, b = 0] = [1, 3, 5].map((at) => {
    const channel = Number.parseInt(hex.slice(at, at + 2), 16) / 255
    return channel <= 0.04045 ? channel / 12.92 : ((channel + 0.055) / 1.055) ** 2.4
  })
  return 0.2126 * r + 0.7152 * g + 0.0722 * b
}
const contrast = (a: string, b: string) => {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number]
  return (light + 0.05) / (dark + 0.05)
}

describe('a listing badge', () => {
  it.each(LISTING_STATUSES)(
    'is valid SVG that says %s in words, with its number, a text alternative and a link',
    (status) => {
      const svg = listingBadgeSvg(
        { number: 'MHBOT-SC/L-0003', key: 'MHBOT-SC-L-0003', status, name: 'Example Wellness Centre' },
        `${SITE}/`,
      )
      const { root, link, words } = parsed(svg)
      const label = LISTING_STATUS_LABELS[status]
      expect(root.xmlns).toBe('http://www.w3.org/2000/svg')
      expect(root.role).toBe('img')
      expect([root.width, root.height]).toEqual([String(BADGE_WIDTH), String(BADGE_HEIGHT)])
      expect(root['aria-label']).toBe(root.title)
      expect(root.title).toContain('MHBOT-SC/L-0003')
      expect(root.title).toContain('Example Wellness Centre')
      expect(root.title).toContain(label)
      expect(link.href).toBe(`${SITE}/registry/MHBOT-SC-L-0003`)
      expect(link['xlink:href']).toBe(link.href)
      expect(words).toContain('MHBOT-SC/L-0003')
      expect(words).toContain(label)
      expect(words).toContain('mHBOT Standards Council')
      // The status panel has the status's own colour, and nothing is fetched from elsewhere.
      expect(svg).toContain(`fill="${BADGE_COLOURS.status[status]}"`)
      expect(svg).not.toMatch(/<image|@import|@font-face|url\(|<script|<style/i)
      expect(svg.match(/href="([^"]*)"/g)?.every((href) => href.includes(`${SITE}/registry/MHBOT-SC-L-0003`))).toBe(
        true,
      )
    },
  )

  it('is a different badge for each status', () => {
    const badges = LISTING_STATUSES.map((status) =>
      listingBadgeSvg({ number: 'MHBOT-SC/L-0001', key: 'MHBOT-SC-L-0001', status, name: 'Example' }, SITE),
    )
    expect(new Set(badges).size).toBe(LISTING_STATUSES.length)
  })

  it('escapes whatever a name holds, and stays valid', () => {
    const name = `Example <script>alert("x")</script> & 'Sons' \u0007 ]]>`
    const { root } = parsed(
      listingBadgeSvg({ number: 'MHBOT-SC/L-0012', key: 'MHBOT-SC-L-0012', status: 'listed', name }, SITE),
    )
    expect(root.title).toContain(`Example <script>alert("x")</script> & 'Sons'`)
  })

  it('uses colours whose white text passes WCAG AA contrast (4.5:1)', () => {
    for (const background of [BADGE_COLOURS.council, BADGE_COLOURS.unknown, ...Object.values(BADGE_COLOURS.status)])
      expect(contrast(BADGE_COLOURS.text, background), background).toBeGreaterThanOrEqual(4.5)
  })
})

describe('the badge of an unknown number', () => {
  it('is valid SVG that says no listing has the number, never a status', () => {
    const { root, words } = parsed(unknownBadgeSvg('<MHBOT & co>', SITE))
    expect(root.role).toBe('img')
    expect(root.title).toContain(NO_LISTING)
    expect(root.title).toContain('<MHBOT & co>')
    expect(asNode(root.a).href).toBe(`${SITE}/registry`)
    expect(words).toContain(NO_LISTING)
    for (const label of Object.values(LISTING_STATUS_LABELS)) expect(words).not.toContain(label)
  })

  it('needs no site address: then it is no link', () => {
    const { root, words } = parsed(unknownBadgeSvg(''))
    expect(asList(root.a)).toEqual([])
    expect(words).toContain(NO_LISTING)
  })
})
