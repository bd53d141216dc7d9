/**
 * The button's name said before what it shows ("Language English"), not instead of it: a voice
 * control user says what they see, and a name that leaves it out does not answer to it.
 */
export function NameFirst({ label }: { label?: string }) {
  return label ? <span className="sr-only">{`${label} `}</span> : null;
}
