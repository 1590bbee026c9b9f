import type { CSSProperties } from 'react'
import { MEDICAL_ATA, MILD_COMMON_ATA, MILD_MAX_ATA, SEA_LEVEL_ATA } from '../../content/facts'
import classes from './pressure-scale.module.css'

/**
 * The pressure scale of /education: sea level, the common mild range, the upper mild limit and the
 * medical range, on a bar that is stretched below 2.4 ATA so the mild range can be read (the
 * caption says so). The caption is also its text alternative. Its words come from
 * src/content/facts.ts; the positions below are drawn for those figures, so a changed figure means
 * redrawing the bar too.
 *
 * The bar and its labels are HTML, placed along the bar by CSS (pressure-scale.module.css) at a
 * fraction of its length: the labels keep their 15 and 14 px at every width (an SVG's text shrank
 * with the drawing, to 7 px on a phone). Below 576 px the bar stands upright, sea level at the top,
 * with the labels beside it, where a phone has room for them.
 */

/** Where a pressure sits along the bar, 0-1: 1.0-2.4 ATA take 60 %, 2.4-6 ATA the rest. */
const at = (ata: number) => (ata <= 2.4 ? ((ata - 1) / 1.4) * 0.6 : 0.6 + ((ata - 2.4) / 3.6) * 0.4)

const place = (fraction: number) => ({ '--at': fraction }) as CSSProperties
const span = (from: number, to: number) => ({ '--from': at(from), '--to': at(to) }) as CSSProperties

const LABELS = [
  { figure: MILD_COMMON_ATA, note: 'common mild range', at: at(1.4), side: 'above', tone: 'mild' },
  { figure: MEDICAL_ATA, note: 'medical hyperbaric oxygen', at: at(4.2), side: 'above', tone: 'medical' },
  { figure: SEA_LEVEL_ATA, note: 'sea level', at: at(1), side: 'below', tone: 'mark', start: true },
  { figure: MILD_MAX_ATA, note: 'upper mild limit', at: at(2), side: 'below', tone: 'mark' },
] as const

export function PressureScale() {
  return (
    <figure className={classes.figure} data-testid="pressure-scale">
      {/* One image to assistive technology, named by the caption (which says everything the labels do). */}
      <div className={classes.scale} role="img" aria-labelledby="pressure-scale-caption">
        <div className={classes.track}>
          {/* The common mild range, 1.3-1.5 ATA, and medical hyperbaric oxygen, 2.4-6 ATA. */}
          <div className={`${classes.range} ${classes.mild}`} style={span(1.3, 1.5)} />
          <div className={`${classes.range} ${classes.medical}`} style={span(2.4, 6)} />
        </div>
        <div className={classes.tick} style={place(at(1))} />
        <div className={classes.tick} style={place(at(2))} />
        {LABELS.map((label) => (
          <p
            key={label.figure}
            className={classes.label}
            style={place(label.at)}
            data-side={label.side}
            data-tone={label.tone}
            data-start={'start' in label ? true : undefined}
          >
            <span className={classes.figureText}>{label.figure}</span>
            <span className={classes.note}>{label.note}</span>
          </p>
        ))}
      </div>
      <figcaption id="pressure-scale-caption" className={classes.caption}>
        {`Pressure scale (stretched below 2.4 ATA): sea level is ${SEA_LEVEL_ATA}; mild sessions commonly run at ${MILD_COMMON_ATA}; ${MILD_MAX_ATA} is the upper limit of mild sessions; medical hyperbaric oxygen uses ${MEDICAL_ATA}.`}
      </figcaption>
    </figure>
  )
}
