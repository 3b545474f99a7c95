import './ui.css';

/** The tone of each display status: the colour only repeats what the text says. */
const TONE: Record<string, 'good' | 'bad' | 'quiet' | 'busy'> = {
  published: 'good',
  scheduled: 'good',
  denied: 'bad',
  'takedown-submitted': 'bad',
  'taken-down': 'bad',
  draft: 'quiet',
  importing: 'quiet',
};

const modifierOf = (status: string) => status.toLowerCase().replace(/\s+/g, '-');

/** A display status as a label with a tone per status (published green, denied red, draft grey, the rest blue). */
export function Badge({ status }: { status: string }) {
  const modifier = modifierOf(status);
  return <span className={`badge badge--${TONE[modifier] ?? 'busy'} release-badge release-badge--${modifier}`}>{status}</span>;
}
