import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { type AnyColumn, type SQL, sql } from 'drizzle-orm'

/*
 * US ZIP codes to a place and its coordinates, offline: the `zipcodes` package's table (42,555
 * codes with a city, a state and a latitude and longitude), read from node_modules on the
 * first lookup and never before, so a process that never saves a facility or searches near a ZIP
 * never holds it, and no page's code ever imports it (docs/decisions/047-zip-codes-offline.md).
 */

/** A ZIP code's place ("Austin, TX") and its coordinates in degrees. */
export type ZipLocation = { zip: string; place: string; lat: number; lon: number }

/** A point on the earth, in degrees. */
export type GeoPoint = { lat: number; lon: number }

/** One row of the package's table, as it ships it. */
type ZipRecord = { latitude?: unknown; longitude?: unknown; city?: unknown; state?: unknown }

/**
 * The table, compacted once read: the codes as sorted numbers, their coordinates, and an index into
 * the distinct places (about 30,000). About 1 MB of arrays and 2 MB of heap, where a Map of small
 * objects held 28 MB; a lookup is a binary search (under a microsecond).
 */
type ZipTable = { zips: Int32Array; lat: Float64Array; lon: Float64Array; place: Uint32Array; places: string[] }

let table: ZipTable | null = null

/**
 * The package's US table (not its index, which also loads a Canadian one and merges the two). Its
 * file is `exports.codes = {…};` followed by a map of states, and that object is JSON: parsed as
 * JSON, nothing of it stays once compacted, where `require` keeps about 22 MB of compiled script in
 * the heap for the life of the process (measured; docs/decisions/047-zip-codes-offline.md). Should
 * a later version write it otherwise, `require` still reads it.
 */
function packageCodes(): Record<string, ZipRecord> {
  const require = createRequire(import.meta.url)
  const path = require.resolve('zipcodes/lib/codes')
  const text = readFileSync(path, 'utf8')
  const start = text.indexOf('{')
  try {
    const codes: unknown = JSON.parse(text.slice(start, text.indexOf('};', start) + 1))
    if (codes && typeof codes === 'object') return codes as Record<string, ZipRecord>
  } catch {
    // Not JSON after all: read as the package means it to be read.
  }
  const { codes } = require(path) as { codes: Record<string, ZipRecord> }
  delete require.cache[path]
  return codes
}

function loadTable(): ZipTable {
  const rows: { zip: number; lat: number; lon: number; place: string }[] = []
  for (const [key, { latitude, longitude, city, state }] of Object.entries(packageCodes())) {
    const lat = Number(latitude)
    const lon = Number(longitude)
    if (!/^\d{5}$/.test(key) || typeof city !== 'string' || typeof state !== 'string') continue
    // A few military and unique codes have no coordinates (0, 0): no distance can be told for them.
    if (!Number.isFinite(lat) || !Number.isFinite(lon) || (lat === 0 && lon === 0)) continue
    rows.push({ zip: Number(key), lat, lon, place: `${city}, ${state}` })
  }
  rows.sort((a, b) => a.zip - b.zip)
  const places: string[] = []
  const placeIndex = new Map<string, number>()
  const compact: ZipTable = {
    zips: new Int32Array(rows.length),
    lat: new Float64Array(rows.length),
    lon: new Float64Array(rows.length),
    place: new Uint32Array(rows.length),
    places,
  }
  rows.forEach((row, index) => {
    let at = placeIndex.get(row.place)
    if (at === undefined) {
      at = places.push(row.place) - 1
      placeIndex.set(row.place, at)
    }
    compact.zips[index] = row.zip
    compact.lat[index] = row.lat
    compact.lon[index] = row.lon
    compact.place[index] = at
  })
  return compact
}

/** The row of `zip` in the sorted codes, or -1. */
function rowOf({ zips }: ZipTable, zip: number): number {
  let low = 0
  let high = zips.length - 1
  while (low <= high) {
    const middle = (low + high) >>> 1
    const found = zips[middle] as number
    if (found === zip) return middle
    if (found < zip) low = middle + 1
    else high = middle - 1
  }
  return -1
}

/** Five digits, or ZIP+4 ("78701-1234", "787011234"), whose first five count; spaces around allowed. */
const ZIP_INPUT = /^\s*(\d{5})(?:[-\s]?\d{4})?\s*$/

/** The place and coordinates of a US ZIP code, or null for a code the table does not hold or a text that is no ZIP. */
export function zipLocation(zip: string): ZipLocation | null {
  const five = typeof zip === 'string' ? ZIP_INPUT.exec(zip)?.[1] : undefined
  if (five === undefined) return null
  table ??= loadTable()
  const row = rowOf(table, Number(five))
  if (row === -1) return null
  return {
    zip: five,
    place: table.places[table.place[row] as number] as string,
    lat: table.lat[row] as number,
    lon: table.lon[row] as number,
  }
}

/** The mean earth radius (IUGG), in kilometres. */
const EARTH_RADIUS_KM = 6371.0088

const radians = (degrees: number) => (degrees * Math.PI) / 180

/** The great-circle distance between two points in kilometres (haversine: exact enough for a sphere, stable for near points). */
export function distanceKm(a: GeoPoint, b: GeoPoint): number {
  const dLat = radians(b.lat - a.lat)
  const dLon = radians(b.lon - a.lon)
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(radians(a.lat)) * Math.cos(radians(b.lat)) * Math.sin(dLon / 2) ** 2
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(h)))
}

/**
 * The same distance as a SQL expression, from `point` to a row's latitude and longitude columns,
 * so the search orders and pages by it in the database (`order by … nulls last, number`): null
 * where the row has no coordinates. The same formula as distanceKm, so the page can show what the
 * order used; `least(1, …)` keeps rounding from taking asin out of its domain.
 */
export function distanceKmSql(
  point: GeoPoint,
  latitude: AnyColumn | SQL,
  longitude: AnyColumn | SQL,
): SQL<number | null> {
  const lat = sql`(${latitude})::float8`
  const lon = sql`(${longitude})::float8`
  const pointLat = sql`${point.lat}::float8`
  const pointLon = sql`${point.lon}::float8`
  return sql<number | null>`(2 * ${sql.raw(String(EARTH_RADIUS_KM))} * asin(least(1, sqrt(
    power(sin(radians(${lat} - ${pointLat}) / 2), 2)
    + cos(radians(${pointLat})) * cos(radians(${lat})) * power(sin(radians(${lon} - ${pointLon}) / 2), 2)
  ))))`
}
