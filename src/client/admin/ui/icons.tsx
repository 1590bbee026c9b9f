/** Line icons drawn in the text colour; decorative, so the button around one carries the name. */
function StrokeIcon({ paths }: { paths: string[] }) {
  return (
    <svg
      width="16"
      height="16"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      aria-hidden="true"
    >
      {paths.map((d) => (
        <path key={d} d={d} />
      ))}
    </svg>
  )
}

export const PencilIcon = () => <StrokeIcon paths={['M12 20h9', 'M16.5 3.5a2.1 2.1 0 0 1 3 3L7 19l-4 1 1-4Z']} />
export const TrashIcon = () => <StrokeIcon paths={['M3 6h18', 'M8 6V4h8v2', 'M19 6l-1 14H6L5 6']} />
