import { Link } from 'react-router-dom';
import { useBrand } from '../../lib/useBrand';
import { LastUpdated, LegalSections, type LegalSection } from './LegalDocument';
import './legal.css';

export const handle = {
  pageTitle: 'Cookies Policy | {appName}',
  pageDescription: 'Every cookie and browser storage entry {appName} uses, what it is for and how long it lasts.',
};

export const COOKIES_POLICY_UPDATED = { isoDate: '2026-11-22', label: 'November 22, 2026' };

interface StorageEntry {
  /** The literal cookie or key name, shown as code; entries described in words have none. */
  name?: string;
  label: string;
  purpose: string;
  lasts: string;
}

// Keep these lists in step with the cookies and storage keys the app really sets (core spec §9).
export const COOKIES: StorageEntry[] = [
  {
    label: 'Session cookie',
    purpose:
      'Keeps you signed in while you use the app. It is marked httpOnly, so scripts in the page cannot read it.',
    lasts: 'Until you sign out or the session expires',
  },
  {
    name: 'rememberme',
    label: 'Remember me',
    purpose: 'Keeps you signed in between visits if you ask us to remember you.',
    lasts: 'Until you sign out or it expires',
  },
  {
    name: 'force_login',
    label: 'Support sign-in',
    purpose: 'Set only when a member of our support team opens your account to help you.',
    lasts: 'Deleted as soon as it has been used',
  },
  {
    name: 'skip-email-verification-banner',
    label: 'Email notice closed',
    purpose: 'Remembers that you closed the notice asking you to verify your email address.',
    lasts: 'Until it expires or you clear your cookies',
  },
  {
    name: 'age_restricted',
    label: 'Age restriction',
    purpose: 'Records that the account belongs to someone under 13, so that only the blocked-account page is shown.',
    lasts: 'Until it expires or you clear your cookies',
  },
  {
    label: 'Marketing campaign and template cookies',
    purpose:
      'Hold the id of the campaign and of the email template that brought you to us, so we can count how many people each one brings. They are our own cookies; no advertising network reads them.',
    lasts: 'Until it expires or you clear your cookies',
  },
  {
    label: 'Web push click cookie',
    purpose: 'Records that you arrived by clicking one of our browser notifications.',
    lasts: 'Until it has been read or expires',
  },
  {
    label: 'In-app message refresh marker',
    purpose:
      'While it is present we reuse the list of in-app messages we already fetched for you; when it expires we fetch a fresh list.',
    lasts: '12 hours',
  },
];

export const BROWSER_STORAGE: StorageEntry[] = [
  {
    label: 'Your profile',
    purpose: 'A copy of your profile after you sign in, so pages can show your details straight away.',
    lasts: 'Until you sign out',
  },
  {
    name: 'auth-redirect-url',
    label: 'Page after sign-in',
    purpose: 'The page to return you to after you sign in.',
    lasts: 'Until it has been used',
  },
  {
    name: 'redirect_url',
    label: 'Page to return to',
    purpose: 'The page you wanted when you were asked to sign in.',
    lasts: 'Until it has been used',
  },
  {
    name: 'lock_redirect_url',
    label: 'Page after unlocking',
    purpose: 'The page to return you to after you complete a security check on a locked account.',
    lasts: 'Until it has been used',
  },
  {
    name: 'INVALID_EMAIL_NOTIFICATION_SEEN',
    label: 'Invalid email notice seen',
    purpose: 'Remembers that you have seen the notice that your email address could not be reached.',
    lasts: 'Until you clear your browser storage',
  },
  {
    name: 'hide-upgrade-plan-warning',
    label: 'Upgrade notice hidden',
    purpose: 'Remembers that you hid the notice about upgrading your plan.',
    lasts: 'Until you clear your browser storage',
  },
  {
    label: 'Form drafts',
    purpose:
      'Keeps what you typed into your name and profile forms, so it is not lost if you leave before it can be saved.',
    lasts: 'Until the form is saved',
  },
  {
    label: 'Security check code',
    purpose: 'The code from a completed security check (captcha), so you are not asked again straight away.',
    lasts: 'Until you clear your browser storage',
  },
  {
    label: 'Dismissed in-app messages',
    purpose:
      'Which in-app messages you have closed, so they are not shown again. Messages meant to appear on every visit are remembered in session storage, which your browser clears when you close the tab.',
    lasts: 'Until you clear your browser storage, or until the tab closes',
  },
];

function StorageTable({ caption, entries }: { caption: string; entries: StorageEntry[] }) {
  return (
    // A focusable region so keyboard users can scroll the table sideways on small screens.
    <div className="legal-table-wrap" role="region" aria-label={caption} tabIndex={0}>
      <table className="legal-table">
        <caption>{caption}</caption>
        <thead>
          <tr>
            <th scope="col">Name</th>
            <th scope="col">What it does</th>
            <th scope="col">How long it lasts</th>
          </tr>
        </thead>
        <tbody>
          {entries.map((entry) => (
            <tr key={entry.name ?? entry.label}>
              <th scope="row">
                {entry.label}
                {entry.name && (
                  <>
                    <br />
                    <code>{entry.name}</code>
                  </>
                )}
              </th>
              <td>{entry.purpose}</td>
              <td>{entry.lasts}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function sections(brandName: string, supportEmail: string): LegalSection[] {
  return [
    {
      id: 'what-are-cookies',
      title: 'What cookies and browser storage are',
      body: (
        <p>
          Cookies are small pieces of text a website asks your browser to keep and send back on later visits. Local
          storage and session storage are similar places in your browser where a site can keep small amounts of data;
          they are not sent to us automatically. {brandName} uses all three only to make the service work and to
          remember your choices.
        </p>
      ),
    },
    {
      id: 'cookies-we-use',
      title: 'Cookies we use',
      body: <StorageTable caption={`Cookies set by ${brandName}`} entries={COOKIES} />,
    },
    {
      id: 'storage-we-use',
      title: 'Local and session storage we use',
      body: <StorageTable caption={`Browser storage used by ${brandName}`} entries={BROWSER_STORAGE} />,
    },
    {
      id: 'no-tracking',
      title: 'What we do not do',
      body: (
        <p>
          We do not use advertising cookies, and we do not let advertising networks or social media sites place
          cookies through {brandName}. Our marketing cookies only tell us which of our own campaigns brought you to us.
        </p>
      ),
    },
    {
      id: 'your-choices',
      title: 'Your choices',
      body: (
        <p>
          You can delete cookies and browser storage at any time in your browser&apos;s settings, and you can block
          cookies altogether. If you block the session cookie, you will not be able to sign in. Signing out removes your
          stored profile. Read more about how we handle your data in our{' '}
          <Link to="/privacy-policy">Privacy Policy</Link>.
        </p>
      ),
    },
    {
      id: 'changes-and-contact',
      title: 'Changes and contact',
      body: (
        <p>
          When we add or remove a cookie we update this page and the date at the top. Questions? Write to{' '}
          <a href={`mailto:${supportEmail}`}>{supportEmail}</a>.
        </p>
      ),
    },
  ];
}

export default function CookiesPolicyPage() {
  const { brandName, supportEmail } = useBrand();
  return (
    <article className="legal-page">
      <h1>Cookies Policy</h1>
      <LastUpdated {...COOKIES_POLICY_UPDATED} />
      <LegalSections sections={sections(brandName, supportEmail)} />
    </article>
  );
}
