import { eq, sql } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { councilSettings } from '../../db/schema'
import {
  COUNCIL_SETTING_LABELS,
  COUNCIL_SETTINGS,
  type CouncilSetting,
  type CouncilSettingsInput,
  type CouncilSettingsView,
  SETTING_VARIABLES,
} from '../../shared/schemas/council-settings'
import { DEFAULT_SITE, type SiteInfo } from '../../shared/site'
import { ConflictError } from '../errors'
import { type Actor, recordChange } from './audit'

/**
 * The council's identity (docs/decisions/050-council-settings.md): starting values in code, the
 * owners' saved settings over them, and the server's configuration over both.
 */

type SettingsRow = typeof councilSettings.$inferSelect
export type Settings = Pick<SiteInfo, CouncilSetting>
/** The values the server's configuration fixes, by setting. */
export type FixedSettings = Partial<Settings>

/** The saved row, or null before the first save. */
export async function readCouncilSettings(db: Db): Promise<SettingsRow | null> {
  const [row] = await db.select().from(councilSettings).where(eq(councilSettings.id, 1))
  return row ?? null
}

/** What every reader of the identity gets: the configuration's value, else the saved one, else the starting one. */
export function resolveSettings(row: SettingsRow | null, fixed: FixedSettings): Settings {
  const values = {} as Settings
  for (const key of COUNCIL_SETTINGS) values[key] = fixed[key] ?? row?.[key] ?? DEFAULT_SITE[key]
  return values
}

export function settingsView(row: SettingsRow | null, fixed: FixedSettings): CouncilSettingsView {
  const fixedBy: CouncilSettingsView['fixed'] = {}
  for (const [key, variable] of Object.entries(SETTING_VARIABLES) as [keyof typeof SETTING_VARIABLES, string][])
    if (fixed[key] !== undefined) fixedBy[key] = variable
  return {
    version: row?.version ?? 0,
    values: resolveSettings(row, fixed),
    fixed: fixedBy,
    updatedAt: row?.updatedAt.toISOString() ?? null,
    updatedBy: row?.updatedBy ?? null,
  }
}

export const STALE_SETTINGS =
  'Another member saved the settings after you opened them. Reload to see their change, then make yours again.'

/**
 * An owner's save. Refused, and nothing written, when the form was opened at an older version or
 * changes a setting the configuration fixes; a setting left out keeps its value. The change and its
 * activity row commit together.
 */
export async function saveCouncilSettings(
  db: Db,
  actor: Actor,
  fixed: FixedSettings,
  input: CouncilSettingsInput,
): Promise<SettingsRow> {
  for (const key of COUNCIL_SETTINGS) {
    const fixedValue = fixed[key]
    const sent = input[key]
    if (fixedValue !== undefined && sent !== undefined && sent !== fixedValue)
      throw new ConflictError(
        `${COUNCIL_SETTING_LABELS[key]} is set by the server's configuration (${SETTING_VARIABLES[key as keyof typeof SETTING_VARIABLES]}) and cannot be changed here.`,
      )
  }
  return db.transaction(async (tx) => {
    // The row exists from here on, so two first saves queue on its lock like any two saves.
    await tx.insert(councilSettings).values({ id: 1 }).onConflictDoNothing()
    const [before] = await tx.select().from(councilSettings).where(eq(councilSettings.id, 1)).for('update')
    if (!before || before.version !== input.version) throw new ConflictError(STALE_SETTINGS)
    const changes: Partial<Record<CouncilSetting, string>> = {}
    for (const key of COUNCIL_SETTINGS) {
      const sent = input[key]
      if (sent !== undefined && fixed[key] === undefined) changes[key] = sent
    }
    const [after] = await tx
      .update(councilSettings)
      .set({ ...changes, version: sql`${councilSettings.version} + 1`, updatedAt: new Date(), updatedBy: actor.email })
      .where(eq(councilSettings.id, 1))
      .returning()
    if (!after) throw new ConflictError(STALE_SETTINGS)
    const was = resolveSettings(before, fixed)
    const now = resolveSettings(after, fixed)
    await recordChange(tx, actor, {
      action: 'update',
      entity: 'council_settings',
      entityId: 1,
      before: pick(was, Object.keys(changes) as CouncilSetting[]),
      after: pick(now, Object.keys(changes) as CouncilSetting[]),
    })
    return after
  })
}

const pick = (values: Settings, keys: CouncilSetting[]) => Object.fromEntries(keys.map((key) => [key, values[key]]))
