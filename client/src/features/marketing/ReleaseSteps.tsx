import './marketing.css';

export const RELEASE_STEPS = [
  { title: 'CREATE YOUR RELEASE', text: 'Add your tracks, cover art, credits and release date.' },
  { title: 'SUBMIT FOR DELIVERY', text: 'Choose stores and countries, and we deliver your release to them.' },
  { title: 'MONITOR TRENDS & INSIGHTS', text: 'See streams, top tracks and top countries as reports arrive.' },
  { title: 'TRACK SALES & WITHDRAW INCOME', text: 'Follow what you earn and withdraw it when you choose.' },
] as const;

function Arrow() {
  // Points right; the stylesheet turns it to point down below tablet width.
  return (
    <span className="mk-steps__arrow" aria-hidden="true">
      <svg viewBox="0 0 24 24" width="28" height="28" focusable="false">
        <path d="M4 12h14m-5-6 6 6-6 6" fill="none" stroke="currentColor" strokeWidth="2.5" strokeLinecap="round" strokeLinejoin="round" />
      </svg>
    </span>
  );
}

/** The four steps of a release, in order, as an ordered list with decorative arrows between them. */
export function ReleaseSteps({ label = 'How releasing works', showDetails = true }: { label?: string; showDetails?: boolean }) {
  return (
    <ol className="mk-steps" aria-label={label}>
      {RELEASE_STEPS.map((step, index) => (
        <li key={step.title} className="mk-steps__item">
          <div className="mk-steps__card">
            <span className="mk-steps__number" aria-hidden="true">
              {index + 1}
            </span>
            <strong className="mk-steps__title">{step.title}</strong>
            {showDetails && <span className="mk-steps__text">{step.text}</span>}
          </div>
          {index < RELEASE_STEPS.length - 1 && <Arrow />}
        </li>
      ))}
    </ol>
  );
}
