import { Link } from 'react-router-dom';
import { useBrand } from '../../lib/useBrand';
import { LastUpdated, LegalSections, type LegalSection } from './LegalDocument';
import './legal.css';

export const handle = {
  pageTitle: 'Privacy Policy | {appName}',
  pageDescription: 'What personal data {appName} collects, why, how long we keep it, and the rights you have.',
};

export const PRIVACY_POLICY_UPDATED = { isoDate: '2026-11-22', label: 'November 22, 2026' };

function sections(brandName: string, companyName: string, supportEmail: string): LegalSection[] {
  const mail = <a href={`mailto:${supportEmail}`}>{supportEmail}</a>;
  return [
    {
      id: 'who-we-are',
      title: 'Who we are',
      body: (
        <p>
          {brandName} is run by {companyName}, which decides how your personal data is used and is responsible for it.
          You can reach us about anything in this policy at {mail}.
        </p>
      ),
    },
    {
      id: 'what-we-collect',
      title: 'What we collect',
      body: (
        <>
          <h3>Account and profile data</h3>
          <p>
            Your name, email address, password (stored only as a secure hash), date of birth, postal address, artist
            names, and, if you are under 18, a parent&apos;s or guardian&apos;s email address. We also record which
            agreements you have accepted and when.
          </p>
          <h3>Release metadata and files</h3>
          <p>
            The recordings, cover art and details you add to a release: titles, artist and contributor names, songwriter
            and production credits, genres, release dates, countries and the stores you choose.
          </p>
          <h3>Payment and payout data</h3>
          <p>
            Your plan, its renewals and charges, your account balance, withdrawals and the payout account you withdraw
            to (such as the email of a payment wallet account, or bank details). Card numbers are entered into our
            payment processor&apos;s form and go straight to them; we never see or store your full card number. We may
            also need tax information.
          </p>
          <h3>Usage and analytics data</h3>
          <p>
            How you use {brandName}: pages visited, in-app messages shown to you and whether you clicked them, the
            marketing campaign that brought you (if any), your browser type and device, and error reports when
            something breaks. Stores also send us reports on streams, sales and listeners of your releases, which we
            show to you as analytics.
          </p>
        </>
      ),
    },
    {
      id: 'why',
      title: 'Why we use it',
      body: (
        <ul>
          <li>
            <strong>To provide the service:</strong> run your account, deliver your releases to the stores you choose,
            and show you your sales and analytics.
          </li>
          <li>
            <strong>To pay you and bill you:</strong> charge for your plan, calculate your earnings and send your
            withdrawals.
          </li>
          <li>
            <strong>To keep things safe:</strong> protect accounts, detect fraud such as artificial streaming, and meet
            the age rules.
          </li>
          <li>
            <strong>To help you:</strong> answer support requests and tell you about changes to your account or these
            policies.
          </li>
          <li>
            <strong>To improve {brandName}:</strong> understand which features are used and fix errors.
          </li>
          <li>
            <strong>To meet legal duties:</strong> keep accounting and tax records and respond to lawful requests.
          </li>
        </ul>
      ),
    },
    {
      id: 'sharing',
      title: 'Who we share it with',
      body: (
        <>
          <p>We never sell your personal data. We share it only where needed to run the service:</p>
          <ul>
            <li>with stores and streaming services, which receive your releases and the artist names on them;</li>
            <li>with our payment processor and payout provider, to take payments and send withdrawals;</li>
            <li>with the companies that host our servers, send our emails and collect our error reports;</li>
            <li>with authorities, when the law requires us to.</li>
          </ul>
          <p>
            Some of these companies are in other countries. Where that happens we use the safeguards the law requires.
          </p>
        </>
      ),
    },
    {
      id: 'retention',
      title: 'How long we keep it',
      body: (
        <>
          <p>
            We keep your data while your account is open. When you delete your account, we delete your personal data or
            make it anonymous.
          </p>
          <p>
            Accounting records, such as sales, earnings, charges and withdrawals, must be kept for as long as tax and
            accounting law requires. We keep those records after your account is deleted, but without your name,
            contact details or other personal data.
          </p>
          <p>
            Releases already delivered stay with the stores until they process a takedown; stores keep their own
            records under their own policies.
          </p>
        </>
      ),
    },
    {
      id: 'your-rights',
      title: 'Your rights',
      body: (
        <>
          <p>You can ask us to:</p>
          <ul>
            <li>give you a copy of the personal data we hold about you;</li>
            <li>correct data that is wrong;</li>
            <li>delete your data, subject to the records we must keep;</li>
            <li>stop or limit a particular use of your data, or object to it;</li>
            <li>give you your data in a format you can take elsewhere.</li>
          </ul>
          <p>
            Most details can be changed in your settings. For anything else, write to {mail}. If you are unhappy with
            our answer, you can complain to the data protection authority where you live.
          </p>
        </>
      ),
    },
    {
      id: 'children',
      title: 'Children',
      body: (
        <>
          <p>
            Children under 13 may not use {brandName}. If we learn that an account belongs to someone under 13, we block
            it and delete its data.
          </p>
          <p>
            If you are between 13 and 17, we need a parent&apos;s or guardian&apos;s email address, and they must agree
            to this policy. Parents and guardians can contact us at any time about their child&apos;s account.
          </p>
        </>
      ),
    },
    {
      id: 'security',
      title: 'Security',
      body: (
        <p>
          We use encrypted connections, store passwords only as secure hashes and limit who on our team can see
          personal data. No system is perfectly secure; if a breach affects you, we will tell you as the law requires.
        </p>
      ),
    },
    {
      id: 'cookies',
      title: 'Cookies',
      body: (
        <p>
          We use a small number of cookies and browser storage entries to keep you signed in and remember your choices.
          Our <Link to="/cookies-policy">Cookies Policy</Link> lists each one.
        </p>
      ),
    },
    {
      id: 'changes',
      title: 'Changes to this policy',
      body: (
        <p>
          If we change this policy, we will update the date at the top, and tell you before any important change takes
          effect.
        </p>
      ),
    },
  ];
}

export default function PrivacyPolicyPage() {
  const { brandName, companyName, supportEmail } = useBrand();
  return (
    <article className="legal-page">
      <h1>Privacy Policy</h1>
      <LastUpdated {...PRIVACY_POLICY_UPDATED} />
      <LegalSections sections={sections(brandName, companyName, supportEmail)} />
    </article>
  );
}
