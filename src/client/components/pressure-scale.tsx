import { MEDICAL_ATA, MILD_COMMON_ATA, MILD_MAX_ATA, SEA_LEVEL_ATA } from '../../content/facts'

/**
 * The pressure scale of /education, drawn here: sea level, the common mild range, the upper mild
 * limit and the medical range, on a bar that is stretched below 2.4 ATA so the mild range can be
 * read (the caption says so). The caption is also its text alternative. Its words come from
 * src/content/facts.ts; the positions below are drawn for those figures, so a changed figure means
 * redrawing the bar too.
 */

/** Where a pressure sits along the bar, 0-1: 1.0-2.4 ATA take 60 %, 2.4-6 ATA the rest. */
const at = (ata: number) => (ata <= 2.4 ? ((ata - 1) / 1.4) * 0.6 : 0.6 + ((ata - 2.4) / 3.6) * 0.4)

const WIDTH = 640
const LEFT = 2
const RIGHT = 8
const BAR_Y = 70
const x = (ata: number) => LEFT + at(ata) * (WIDTH - LEFT - RIGHT)

const MARKS = [
  { ata: 1.0, label: SEA_LEVEL_ATA, note: 'sea level' },
  { ata: 2.0, label: MILD_MAX_ATA, note: 'upper mild limit' },
]

/** Every range and mark on the bar is named the same way: a figure in bold, a note under it. */
function Label({
  x,
  y,
  anchor = 'middle',
  fill,
  figure,
  note,
}: {
  x: number
  y: number
  anchor?: 'start' | 'middle'
  fill: string
  figure: string
  note: string
}) {
  return (
    <>
      <text x={x} y={y} textAnchor={anchor} fontSize="15" fontWeight="700" fill={fill}>
        {figure}
      </text>
      <text x={x} y={y + 18} textAnchor={anchor} fontSize="13" fill="#495057">
        {note}
      </text>
    </>
  )
}

export function PressureScale() {
  return (
    <figure style={{ margin: 0, marginTop: 'var(--mantine-spacing-xl)', maxWidth: 820 }} data-testid="pressure-scale">
      <svg
        viewBox={`0 0 ${WIDTH} 150`}
        width="100%"
        role="img"
        aria-labelledby="pressure-scale-caption"
        style={{ display: 'block', fontFamily: 'inherit' }}
      >
        <title>Pressure scale: sea level, the mild range and the medical range</title>
        <rect x={LEFT} y={BAR_Y} width={WIDTH - LEFT - RIGHT} height={14} rx={7} fill="#e9ecef" />
        {/* The common mild range, 1.3-1.5 ATA. */}
        <rect x={x(1.3)} y={BAR_Y} width={x(1.5) - x(1.3)} height={14} fill="#00538b" />
        <Label x={(x(1.3) + x(1.5)) / 2} y={BAR_Y - 30} fill="#003a63" figure="1.3-1.5 ATA" note="common mild range" />
        {/* Medical hyperbaric oxygen, 2.4-6 ATA. */}
        <rect x={x(2.4)} y={BAR_Y} width={x(6) - x(2.4)} height={14} rx={0} fill="#b02a37" opacity="0.85" />
        <Label
          x={(x(2.4) + x(6)) / 2}
          y={BAR_Y - 30}
          fill="#842029"
          figure="2.4-6 ATA"
          note="medical hyperbaric oxygen"
        />
        {MARKS.map((mark) => (
          <g key={mark.ata}>
            <line x1={x(mark.ata)} x2={x(mark.ata)} y1={BAR_Y - 4} y2={BAR_Y + 22} stroke="#212529" strokeWidth="2" />
            <Label
              x={x(mark.ata)}
              y={BAR_Y + 42}
              anchor={mark.ata === 1 ? 'start' : 'middle'}
              fill="#212529"
              figure={mark.label}
              note={mark.note}
            />
          </g>
        ))}
      </svg>
      <figcaption
        id="pressure-scale-caption"
        style={{ marginTop: 8, fontSize: 'var(--mantine-font-size-sm)', color: 'var(--mantine-color-dark-6)' }}
      >
        {`Pressure scale (stretched below 2.4 ATA): sea level is ${SEA_LEVEL_ATA}; mild sessions commonly run at ${MILD_COMMON_ATA}; ${MILD_MAX_ATA} is the upper limit of mild sessions; medical hyperbaric oxygen uses ${MEDICAL_ATA}.`}
      </figcaption>
    </figure>
  )
}
