/** How the console writes statuses, durations and instants. */

/** 'AWAITING_TAKEDOWN' → 'Awaiting takedown'. */
export function statusLabel(status: string): string {
  const words = status.toLowerCase().replace(/_/g, ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** 61000 → '1:01'; unknown → '–'. */
export function formatDuration(ms: number | null | undefined): string {
  if (ms === null || ms === undefined) return '–';
  const total = Math.round(ms / 1000);
  return `${Math.floor(total / 60)}:${String(total % 60).padStart(2, '0')}`;
}

/** An ISO instant as 'YYYY-MM-DD HH:MM UTC' (one format everywhere in the console); null → '–'. */
export function formatInstant(iso: string | null | undefined): string {
  if (!iso) return '–';
  return `${iso.slice(0, 10)} ${iso.slice(11, 16)} UTC`;
}
