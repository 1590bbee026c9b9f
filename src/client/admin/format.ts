/**
 * The subscribers screen's dates, through the kit's one helper (ui/dates.tsx). This module goes when
 * that screen moves onto the kit.
 */
import { formatAdminDate, isoString } from './ui/dates'

export const formatDate = (value: Date | string) => formatAdminDate(value, { time: false })
export { isoString }
