/** A release's display status as a coloured label; the colour only repeats what the text says. */
export function ReleaseStatusBadge({ status }: { status: string }) {
  const modifier = status.toLowerCase().replace(/\s+/g, '-');
  return <span className={`release-badge release-badge--${modifier}`}>{status}</span>;
}
