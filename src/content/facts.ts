/**
 * The facts the pages and the council's documents both state (docs/product.md#content-facts), each
 * written once; the longer passages they share are in passages.ts. Short on purpose: a page that
 * states one fact loads the module whole (docs/decisions/021-first-load-budget.md). The disclaimer is
 * the council's to edit: it is a setting (shared/site.ts).
 */

/** Pressures, as the site writes them. */
export const SEA_LEVEL_ATA = '1.0 ATA'
export const MILD_MAX_ATA = '2.0 ATA'
export const MILD_COMMON_ATA = '1.3-1.5 ATA'
/** Medical HBOT as the prose states it; the comparison table's reading is MEDICAL_TYPICAL_ATA. Both appear by design. */
export const MEDICAL_ATA = '2.4-6 ATA'
export const MEDICAL_TYPICAL_ATA = '2.0-3.0 ATA'

/** What an oxygen concentrator delivers. */
export const CONCENTRATOR_OXYGEN = '93-96%'
export const SESSION_LENGTH = '60-90 minutes'
/** How long before a session to avoid alcohol. */
export const NO_ALCOHOL_BEFORE = '24 hours'

/** The equipment standards the council refers to: chamber construction, and the manufacturer's quality system. */
export const CHAMBER_STANDARD = 'ASME PVHO-1'
export const QUALITY_STANDARD = 'ISO 13485'

/** The position statement: the council's number for it, and the day its first edition was issued, as printed. */
export const POSITION_STATEMENT_NUMBER = 'MHBOT-SC/001'
export const POSITION_STATEMENT_DATE = 'October 31, 2025'
