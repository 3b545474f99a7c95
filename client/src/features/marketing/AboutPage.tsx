import { Link } from 'react-router-dom';
import { CallToAction } from './MarketingLinks';
import { useBrand } from '../../lib/useBrand';
import './marketing.css';

export const handle = {
  pageTitle: 'About | {appName}',
  pageDescription: '{appName} is open-source music distribution for independent artists and labels.',
};

export default function AboutPage() {
  const { brandName, companyName, supportEmail } = useBrand();
  return (
    <div className="mk-page">
      <header className="mk-intro">
        <h1>About {brandName}</h1>
        <p className="mk-lead">
          {brandName} is a music distribution service for independent artists, bands and labels, built as open-source
          software.
        </p>
      </header>

      <section className="mk-section mk-prose" aria-labelledby="about-what-title">
        <h2 id="about-what-title">What we do</h2>
        <p>
          We deliver your releases to streaming services and download stores, collect what they pay for your music,
          and pass all of it on to you after taxes and fees. Along the way you can follow your streams, sales and
          earnings, and withdraw your money when you choose.
        </p>

        <h2>Why open source</h2>
        <p>
          The code that delivers your music and counts your money should not be a black box. Anyone can read it,
          suggest improvements, or run it themselves. Our terms are written in plain English for the same reason.
        </p>

        <h2>Who runs it</h2>
        <p>
          {brandName} is operated by {companyName}. Questions, ideas and problems are welcome at{' '}
          <a href={`mailto:${supportEmail}`}>{supportEmail}</a>.
        </p>

        <p>
          Read <Link to="/why-level">why artists choose {brandName}</Link> or see{' '}
          <Link to="/distribution-terms">our distribution terms</Link>.
        </p>
      </section>

      <section className="mk-section mk-section--closing" aria-labelledby="about-start-title">
        <h2 id="about-start-title">Release with us</h2>
        <CallToAction />
      </section>
    </div>
  );
}
