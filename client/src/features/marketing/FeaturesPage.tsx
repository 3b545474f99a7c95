import { useBrand } from '../../lib/useBrand';
import { CallToAction } from './MarketingLinks';
import { ReleaseSteps } from './ReleaseSteps';
import { PublicStoresList as StoresList } from '../../lib/dictionaries/PublicStoresList';
import './marketing.css';

export const handle = {
  pageTitle: 'Features | {appName}',
  pageDescription:
    'Build releases, deliver them to stores, follow your analytics and sales, and withdraw your earnings with {appName}.',
};

export default function FeaturesPage() {
  const { brandName, supportEmail } = useBrand();
  return (
    <div className="mk-page">
      <header className="mk-intro">
        <h1>Everything you need to release your music</h1>
        <p className="mk-lead">
          {brandName} covers the whole journey, from the first track you upload to the money you withdraw.
        </p>
      </header>

      <section className="mk-section" aria-labelledby="features-list-title">
        <h2 id="features-list-title" className="mk-visually-hidden">
          Features
        </h2>
        <ul className="mk-cards mk-cards--features">
          <li className="mk-card">
            <h3>Release builder</h3>
            <p>
              Put together albums and singles: tracks, cover art, primary and featured artists, composers, lyricists
              and production credits, a release date (or as soon as possible) and the countries where it should be
              available.
            </p>
          </li>
          <li className="mk-card">
            <h3>Delivery to stores</h3>
            <p>
              Choose the streaming services and download stores you want and submit. You can follow each release&apos;s
              status, and ask for a takedown from your account whenever you need one.
            </p>
          </li>
          <li className="mk-card">
            <h3>Analytics</h3>
            <p>
              Once a release is live, see streams over the last 90 days, your top five tracks and your top five
              countries.
            </p>
          </li>
          <li className="mk-card">
            <h3>Sales and withdrawals</h3>
            <p>
              Monthly and yearly sales summaries in US dollars, your current balance, and withdrawals to a bank
              account, a payment wallet or by wire. You keep 100% of net receipts.
            </p>
          </li>
          <li className="mk-card">
            <h3>Plans</h3>
            <p>
              One annual plan, with auto-renew only if you want it: up to 200 recordings per artist for up to 5
              artists, release analytics, production credits, and catalogue transfer that keeps your stream counts by
              reusing your existing ISRCs.
            </p>
          </li>
          <li className="mk-card">
            <h3>In-app support</h3>
            <p>
              Notices and messages from our team appear right inside the app, and you can always reach us at{' '}
              <a href={`mailto:${supportEmail}`}>{supportEmail}</a>.
            </p>
          </li>
        </ul>
      </section>

      <section className="mk-section" aria-labelledby="features-stores-title">
        <h2 id="features-stores-title">Where your music goes</h2>
        <p>Every release can go to all of these stores and streaming services, or only the ones you pick.</p>
        <StoresList />
      </section>

      <section className="mk-section" aria-labelledby="features-steps-title">
        <h2 id="features-steps-title">How it works</h2>
        <ReleaseSteps />
      </section>

      <section className="mk-section mk-section--closing" aria-labelledby="features-start-title">
        <h2 id="features-start-title">Start your first release</h2>
        <CallToAction showFeatures={false} />
      </section>
    </div>
  );
}
