import { Badge } from '../../ui/Badge';

/** A release's display status as a coloured label; the colour only repeats what the text says. */
export function ReleaseStatusBadge({ status }: { status: string }) {
  return <Badge status={status} />;
}
