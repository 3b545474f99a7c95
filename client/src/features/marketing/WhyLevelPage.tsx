import { Link } from 'react-router-dom';
import { CallToAction } from './MarketingLinks';
import { useBrand } from '../../lib/useBrand';
import './marketing.css';

export const handle = {
  pageTitle: 'Why {appName}',
  pageDescription: 'Why independent artists choose {appName}: 100% of net receipts, open source, exact and fast.',
};

/** Served at /why-level (the route keeps its old name); the page speaks of the configured brand. */
export default function WhyLevelPage() {
  const { brandName } = useBrand();
  return (
    <div className="mk-page">
      <header className="mk-intro">
        <h1>Why {brandName}</h1>
        <p className="mk-lead">Three plain reasons, and no small print hiding behind them.</p>
      </header>

      <section className="mk-section" aria-labelledby="why-reasons-title">
        <h2 id="why-reasons-title" className="mk-visually-hidden">
          Reasons
        </h2>
        <ul className="mk-cards">
          <li className="mk-card">
            <h3>You keep 100% of net receipts</h3>
            <p>
              Everything the stores pay for your music is yours, after taxes and fees. We earn from your plan, not from
              your streams. Withdraw in US dollars to your bank, a payment wallet or by wire.
            </p>
          </li>
          <li className="mk-card">
            <h3>Open source</h3>
            <p>
              The software is open for anyone to read. You can check how releases are delivered and how earnings are
              counted instead of taking our word for it.
            </p>
          </li>
          <li className="mk-card">
            <h3>Exact and fast</h3>
            <p>
              Money is counted exactly, to the cent, with no rounding drift between your statements and your balance.
              Pages are built to load quickly and work well on phones.
            </p>
          </li>
        </ul>
      </section>

      <section className="mk-section mk-prose" aria-labelledby="why-terms-title">
        <h2 id="why-terms-title">Terms you can actually read</h2>
        <p>
          Our <Link to="/distribution-terms">distribution terms</Link> and{' '}
          <Link to="/terms-of-use">terms of use</Link> are written in plain English. Read them before you sign up; we
          would rather you knew what you are agreeing to.
        </p>
      </section>

      <section className="mk-section mk-section--closing" aria-labelledby="why-start-title">
        <h2 id="why-start-title">Try {brandName}</h2>
        <CallToAction />
      </section>
    </div>
  );
}
