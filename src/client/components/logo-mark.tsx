/**
 * The council's mark, drawn here: a chamber seen from the side (a capsule) with three dots of
 * oxygen in it, and an arc above it for gentle pressure. public/static/favicon.svg is the same
 * drawing. Decorative wherever it sits beside the council's name.
 */
export function LogoMark({ size = 36, className }: { size?: number; className?: string }) {
  return (
    <svg
      xmlns="http://www.w3.org/2000/svg"
      viewBox="0 0 64 64"
      width={size}
      height={size}
      className={className}
      aria-hidden="true"
      focusable="false"
    >
      <circle cx="32" cy="32" r="31" fill="var(--logo-disc, #00538b)" />
      <path d="M18 22 Q32 12 46 22" fill="none" stroke="#fff" strokeWidth="3.5" strokeLinecap="round" />
      <rect x="12" y="28" width="40" height="18" rx="9" fill="none" stroke="#fff" strokeWidth="3.5" />
      <circle cx="24" cy="37" r="2.6" fill="#fff" />
      <circle cx="32" cy="37" r="2.6" fill="#fff" />
      <circle cx="40" cy="37" r="2.6" fill="#fff" />
    </svg>
  )
}
