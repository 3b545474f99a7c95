import { Link } from 'react-router-dom';
import { CallToAction, CREATE_ACCOUNT_PATH, SIGN_UP_PATH } from './MarketingLinks';
import { ReleaseSteps } from './ReleaseSteps';
import { useBrand } from '../../lib/useBrand';
import './marketing.css';

export const handle = {
  pageTitle: '{appName} | Music distribution for independent artists and labels',
  pageDescription:
    '{appName} delivers your music to streaming services and stores. Keep 100% of your net receipts. Open source.',
};

export default function HomePage() {
  const { brandName } = useBrand();
  return (
    <div className="mk-page">
      <section className="mk-hero" aria-labelledby="home-title">
        <div className="mk-hero__inner">
          {/* The shell hides its navigation on the start page, so the hero carries its own. */}
          <div className="mk-hero__bar">
            <span className="mk-wordmark">{brandName}</span>
            <nav aria-label="Site">
              <ul className="mk-hero__links">
                <li>
                  <Link to="/features">Features</Link>
                </li>
                <li>
                  <Link to="/about">About</Link>
                </li>
                <li>
                  <Link to="/why-level">Why {brandName}</Link>
                </li>
                <li>
                  <Link to={SIGN_UP_PATH}>Sign in</Link>
                </li>
                <li>
                  <Link to={CREATE_ACCOUNT_PATH}>Sign up</Link>
                </li>
              </ul>
            </nav>
          </div>
          <p className="mk-eyebrow">Open-source music distribution</p>
          <h1 id="home-title">Get your music into streaming stores and keep 100% of your net receipts.</h1>
          <p className="mk-lead">
            {brandName} delivers your releases to streaming services and download stores, shows you how they are
            doing, and pays out everything the stores pay for them, after taxes and fees. The code is open source, so
            anyone can see how it works.
          </p>
          <p className="mk-price">
            <strong>Free to start:</strong> signing up and your first releases cost nothing, and no card is needed. You keep 100% of your net receipts.
          </p>
          <CallToAction />
        </div>
      </section>

      <section className="mk-section" aria-labelledby="home-steps-title">
        <h2 id="home-steps-title">From upload to payout in four steps</h2>
        <ReleaseSteps />
      </section>

      <section className="mk-section" aria-labelledby="home-why-title">
        <h2 id="home-why-title">Why artists choose {brandName}</h2>
        <ul className="mk-cards">
          <li className="mk-card">
            <h3>Your earnings stay yours</h3>
            <p>
              You keep 100% of net receipts: what the stores pay us for your music, minus taxes and fees. We earn from
              plan fees, not from your music.
            </p>
          </li>
          <li className="mk-card">
            <h3>Open source</h3>
            <p>Read the code that delivers your music and counts your money. Nothing is hidden.</p>
          </li>
          <li className="mk-card">
            <h3>Exact and fast</h3>
            <p>Amounts are counted to the cent in US dollars, and pages are built to load quickly.</p>
          </li>
        </ul>
        <p>
          <Link to="/why-level">More on why artists choose {brandName}</Link>
        </p>
      </section>

      <section className="mk-section mk-section--closing" aria-labelledby="home-start-title">
        <h2 id="home-start-title">Ready to release?</h2>
        <p>Create your account, set up your first release and submit it when it is ready.</p>
        <CallToAction />
      </section>
    </div>
  );
}
