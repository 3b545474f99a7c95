import { Link } from 'react-router-dom';
import { useBrand } from '../../lib/useBrand';
import { LastUpdated, LegalSections, type LegalSection } from './LegalDocument';
import './legal.css';

export const handle = {
  pageTitle: 'Terms of Use | {appName}',
  pageDescription: 'The rules for using {appName}: accounts, your content, plans, and what each of us can expect.',
};

export const TERMS_OF_USE_UPDATED = { isoDate: '2026-11-22', label: 'November 22, 2026' };

function sections(brandName: string, companyName: string, supportEmail: string): LegalSection[] {
  return [
    {
      id: 'about',
      title: 'About these terms',
      body: (
        <>
          <p>
            These terms apply to everyone who visits or uses {brandName}, a music distribution service run by{' '}
            {companyName} (&ldquo;we&rdquo;, &ldquo;us&rdquo;). By creating an account or using the service you agree to
            them.
          </p>
          <p>
            Delivering music to stores and streaming services is also covered by our{' '}
            <Link to="/distribution-terms">Distribution Terms</Link>, and how we handle personal data is explained in
            our <Link to="/privacy-policy">Privacy Policy</Link> and <Link to="/cookies-policy">Cookies Policy</Link>.
          </p>
        </>
      ),
    },
    {
      id: 'accounts',
      title: 'Your account',
      body: (
        <>
          <p>
            You must be at least 13 years old to have an account. If you are under 18, we need the email address of a
            parent or guardian, who must agree to our Privacy Policy and these terms on your behalf.
          </p>
          <p>
            Give us accurate details and keep them up to date. Keep your password to yourself; you are responsible for
            what happens in your account. If you think someone else has got into it, tell us straight away.
          </p>
          <p>
            Our support staff can open your account as you see it, to help you or to look into a problem. They do this
            only for support and security.
          </p>
        </>
      ),
    },
    {
      id: 'acceptable-use',
      title: 'Using the service fairly',
      body: (
        <>
          <p>When you use {brandName}, please do not:</p>
          <ul>
            <li>upload music, artwork or text you do not have the rights to;</li>
            <li>inflate streams or sales artificially, or pay anyone to do it;</li>
            <li>upload viruses or anything else meant to cause harm;</li>
            <li>try to get into other people&apos;s accounts or parts of the service you are not allowed to use;</li>
            <li>overload the service, or scrape it in ways that affect other users;</li>
            <li>use the service to break the law or to harass anyone.</li>
          </ul>
        </>
      ),
    },
    {
      id: 'content',
      title: 'Your music and content',
      body: (
        <p>
          Your recordings, artwork and release details stay yours. You give us only the permissions we need to store
          them, show them to you and deliver them where you ask, as set out in the Distribution Terms. You can ask us to
          take a release down at any time from your account.
        </p>
      ),
    },
    {
      id: 'plans',
      title: 'Plans and payments',
      body: (
        <p>
          Delivering releases requires a paid plan, billed in advance. You choose whether it renews automatically, and
          you can switch that off at any time before the period ends. The details, including how your earnings are
          paid out, are in the Distribution Terms.
        </p>
      ),
    },
    {
      id: 'open-source',
      title: 'Open source',
      body: (
        <p>
          The software behind {brandName} is open source and is available under its own licence. That licence covers
          the code; these terms cover the service we run with it, including your account and your data.
        </p>
      ),
    },
    {
      id: 'third-parties',
      title: 'Other services we rely on',
      body: (
        <p>
          We work with stores and streaming services, payment processors and payout providers. They run their own
          services under their own terms, and we are not responsible for how they operate. Links to other websites are
          for your convenience only.
        </p>
      ),
    },
    {
      id: 'ending',
      title: 'Suspending and closing accounts',
      body: (
        <>
          <p>
            You can delete your account from your settings as long as none of your releases has been submitted for
            delivery. If some have, contact us and we will help you take them down and close your account.
          </p>
          <p>
            We may suspend or close an account that breaks these terms or the Distribution Terms, that puts other users
            or the service at risk, or where the law requires us to. Where we reasonably can, we will tell you why and
            give you a chance to put things right.
          </p>
        </>
      ),
    },
    {
      id: 'liability',
      title: 'Our responsibility to you',
      body: (
        <p>
          We do our best to keep {brandName} available and accurate, but we provide it &ldquo;as is&rdquo; and cannot
          promise it will never be interrupted or contain mistakes. As far as the law allows, we are not liable for
          indirect losses, and our total liability is limited as described in the Distribution Terms. Nothing here
          takes away rights that the law gives you as a consumer.
        </p>
      ),
    },
    {
      id: 'changes',
      title: 'Changes to these terms',
      body: (
        <p>
          We may update these terms. The date at the top shows the latest version. If a change matters, we will tell
          you before it takes effect; if you keep using {brandName} afterwards, the new terms apply.
        </p>
      ),
    },
    {
      id: 'contact',
      title: 'Contact',
      body: (
        <p>
          Questions about these terms? Write to <a href={`mailto:${supportEmail}`}>{supportEmail}</a>.
        </p>
      ),
    },
  ];
}

export default function TermsOfUsePage() {
  const { brandName, companyName, supportEmail } = useBrand();
  return (
    <article className="legal-page">
      <h1>Terms of Use</h1>
      <LastUpdated {...TERMS_OF_USE_UPDATED} />
      <LegalSections sections={sections(brandName, companyName, supportEmail)} />
    </article>
  );
}
