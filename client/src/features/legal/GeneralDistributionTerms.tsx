import { useBrand } from '../../lib/useBrand';
import { Copyright, LastUpdated, LegalSections, NewTabLink, type LegalSection } from './LegalDocument';

export interface DistributionTermsProps {
  brandName: string;
  hideCopyright?: boolean;
  /** Defaults to the configured company (useBrand). */
  companyName?: string;
}

export const DISTRIBUTION_TERMS_UPDATED = { isoDate: '2024-09-23', label: 'September 23, 2024' };

// Written in plain English for the Cadence project. Anyone operating the service should have the
// text reviewed by a lawyer for their own jurisdiction before relying on it.
function sections(brandName: string): LegalSection[] {
  return [
    {
      id: 'terms-eligibility',
      title: 'Eligibility',
      body: (
        <>
          <p>
            You must be at least 18 years old, or the age of majority where you live if that is higher. If you are
            younger, you may use {brandName} only with the verified consent of a parent or legal guardian, who accepts
            this Agreement for you and is responsible for how you use the service.
          </p>
          <p>
            No one under 13 may use {brandName} in any way. This also applies to every member of a band or other group
            whose recordings you submit.
          </p>
          <p>
            If you accept this Agreement for a company, label, band or other group, you confirm that you have the
            authority to bind it. We may ask for written confirmation from the group&apos;s members. In that case
            &ldquo;you&rdquo; means both you and the organization or group. Members of a group share what they earn
            among themselves; we pay the account holder.
          </p>
        </>
      ),
    },
    {
      id: 'terms-plans',
      title: 'Plans/Payments/Renewals',
      body: (
        <>
          <p>
            Delivering releases requires a plan. The plan fee is charged up front for a year, at the price shown when
            you buy. Prices may vary, and we may offer monthly billing instead; a new price applies only from your next
            billing period, and we will tell you before it does.
          </p>
          <p>
            When you first buy a plan you choose whether it renews automatically. If it does, we charge the fee for the
            next period when the current one ends, using the payment method on your account. You can turn auto-renew
            off at any time before the current period ends; your plan then stays active until the end of the period
            you have paid for.
          </p>
          <p>
            If a renewal charge fails, your plan becomes past due and we may try the charge again. Fees already paid
            are not refundable, except where the law says otherwise.
          </p>
        </>
      ),
    },
    {
      id: 'terms-payments',
      title: 'Payments',
      body: (
        <>
          <p>
            You keep 100% of your net receipts. &ldquo;Net receipts&rdquo; means the money we actually receive from
            music platforms for your recordings, after taxes, VAT and any fees charged by the platforms, banks or
            payment providers. We take no commission from it.
          </p>
          <p>
            Platforms report and pay on their own schedules, often months after the streams or sales happen. We add net
            receipts to your account balance when we receive them. All amounts are paid in United States Dollars;
            money earned in other currencies is converted at the rate used by the platform or our bank.
          </p>
          <p>
            You can withdraw your balance to a bank account, to a payment wallet service, or by wire transfer. Any fee
            charged for a withdrawal is yours to pay. A payment wallet account must use the same email address as the
            account you bought your plan with.
          </p>
          <p>
            Your statements are available in your account. If you think a statement is wrong, tell us in writing within
            30 days of its date. After that the statement is final.
          </p>
          <p>
            We may suspend a payment if making it would break a law, a regulation or a payment network&apos;s policy,
            or if a third party (such as a bank, payment provider or court) blocks it. We resume payment when the reason
            goes away.
          </p>
          <p>
            You are responsible for your own taxes. We may ask you for tax information and may withhold tax where the
            law requires us to.
          </p>
        </>
      ),
    },
    {
      id: 'terms-service',
      title: 'The Service',
      body: (
        <>
          <p>
            {brandName} delivers your recordings, artwork and release details to the music platforms and countries you
            choose. Each platform decides for itself whether to list, keep or feature a release, and sets its own
            prices and rules; we cannot promise any particular result.
          </p>
          <p>Your plan includes:</p>
          <ul>
            <li>up to 200 recordings per recording artist, for up to 5 recording artists;</li>
            <li>analytics for your releases;</li>
            <li>production credits on your releases;</li>
            <li>
              catalogue transfer: releases you bring from another distributor keep their stream counts, because we
              deliver them with their existing ISRCs.
            </li>
          </ul>
          <p>
            We may change or improve features. If a change takes away something important, we will tell you in
            advance.
          </p>
        </>
      ),
    },
    {
      id: 'terms-license',
      title: 'License Grant',
      body: (
        <>
          <p>
            You keep ownership of your recordings and everything in them. While this Agreement lasts, you allow us, in
            the countries you choose, to copy, format, deliver and make available your recordings, artwork, names,
            likenesses and biographies to music platforms, and to let those platforms sell and stream them to the
            public. You also allow us to show your releases when we present the service.
          </p>
          <p>
            This permission ends when the Agreement ends and the platforms have removed your releases. Copies that
            listeners have already bought may remain with them under the platforms&apos; own terms.
          </p>
        </>
      ),
    },
    {
      id: 'terms-usage-data',
      title: 'Usage Data',
      body: (
        <>
          <p>
            Platforms send us reports about streams, downloads, sales and listeners. We use these reports to work out
            your net receipts and to show you analytics once you have at least one published release. Reports can be
            late, estimated or later corrected by the platforms, and we pass those corrections on.
          </p>
          <p>
            We may use usage data, combined and stripped of anything that identifies you, to run and improve{' '}
            {brandName}. Personal data is handled as described in our{' '}
            <NewTabLink href="/privacy-policy">Privacy Policy</NewTabLink>.
          </p>
        </>
      ),
    },
    {
      id: 'terms-user-rights',
      title: 'User Rights and Obligations',
      body: (
        <>
          <p>
            You decide what to release, where and when. You can edit a release until it is submitted, and you can send
            takedown requests for your releases through your account at any time.
          </p>
          <p>You agree to:</p>
          <ul>
            <li>keep your account details, including payout details, accurate and your password private;</li>
            <li>supply recordings, artwork and details in the formats we ask for;</li>
            <li>never upload anything containing viruses or other harmful code;</li>
            <li>never upload anything defamatory, obscene or otherwise unlawful;</li>
            <li>never inflate streams or sales artificially, or ask anyone else to;</li>
            <li>
              not distribute the same recordings to music platforms through anyone else without first taking them down
              from {brandName}, except in countries you have excluded from your release;
            </li>
            <li>tell us promptly about any claim concerning your releases.</li>
          </ul>
        </>
      ),
    },
    {
      id: 'terms-warranties',
      title: 'Representations and Warranties',
      body: (
        <>
          <p>You promise that:</p>
          <ul>
            <li>you meet the age rules in Eligibility, and no member of your group is under 13;</li>
            <li>you have the authority to accept this Agreement for any organization or group you represent;</li>
            <li>
              you own or control all rights in your recordings, the songs they contain, your artwork and any
              third-party material in them, such as samples, loops or beats;
            </li>
            <li>
              everyone whose name, voice, image or performance appears has agreed to its use, and for anyone under 18
              that agreement came from a parent or guardian;
            </li>
            <li>
              your materials do not infringe anyone&apos;s rights, contain no harmful code and are not defamatory or
              obscene;
            </li>
            <li>the details you give about your releases are accurate;</li>
            <li>you will pay anyone else who is owed money for your recordings, such as co-writers or producers.</li>
          </ul>
          <p>
            If one of these promises turns out to be untrue, you will cover the losses and reasonable costs we incur as
            a result, including claims made against us by others.
          </p>
        </>
      ),
    },
    {
      id: 'terms-important-notice',
      title: 'Important Notice',
      body: (
        <>
          <p>
            We work hard to keep {brandName} running well, but we provide it &ldquo;as is&rdquo;. We do not promise that
            it will always be available or free of errors, or that your releases will earn any particular amount.
            Music platforms are independent businesses and we are not responsible for what they do.
          </p>
          <p>
            As far as the law allows, we are not liable for indirect losses such as lost profits or opportunities, and
            our total liability to you is limited to the plan fees you paid us in the 12 months before the claim.
            Nothing in this Agreement limits liability that the law does not allow to be limited.
          </p>
        </>
      ),
    },
    {
      id: 'terms-changes',
      title: 'Changes to This Agreement',
      body: (
        <p>
          We may update this Agreement. The date at the top shows when it last changed. If a change matters, we will
          tell you by email or in the app before it takes effect. If you do not agree, you can end the Agreement
          before then; if you keep using {brandName} afterwards, the new version applies.
        </p>
      ),
    },
    {
      id: 'terms-termination',
      title: 'Term/Termination/Suspension',
      body: (
        <>
          <p>
            This Agreement lasts until one of us ends it. You may end it at any time, for any reason. We may end it
            without a reason by giving you notice.
          </p>
          <p>
            We may end it immediately, or suspend delivery and payments instead, if you break this Agreement, if we
            receive a claim that your materials infringe someone&apos;s rights, or if we stop offering the service.
          </p>
          <p>
            A takedown request stops any new delivery of a release and asks the platforms to remove it. Removal takes
            as long as each platform needs. We send takedown requests promptly when we suspect fraud or a breach of
            this Agreement, and you can send your own through your account.
          </p>
          <p>
            When the Agreement ends, we may delete your account and materials and ask platforms to stop distributing
            your releases. If it ends because you broke it, we may withhold net receipts.
          </p>
          <p>
            After the Agreement ends we may set a Final Payment Date. We owe no receipts that reach us after that date.
            You can object to your last statement until 30 days after the Final Payment Date.
          </p>
          <p>
            Sections that by their nature should continue after the Agreement ends, such as Payments, Representations
            and Warranties and Important Notice, continue to apply.
          </p>
        </>
      ),
    },
    {
      id: 'terms-force-majeure',
      title: 'Force Majeure',
      body: (
        <p>
          We are not responsible for delays or failures caused by events outside our reasonable control, such as
          natural disasters, war, epidemics, strikes, government action, or outages of the internet, payment networks
          or music platforms. If such an event happens, we may suspend our obligations for as long as it lasts, and we
          will tell you as soon as we reasonably can.
        </p>
      ),
    },
  ];
}

/** The general distribution terms every account accepts before its releases are delivered. */
export function GeneralDistributionTerms({ brandName, hideCopyright = false, companyName }: DistributionTermsProps) {
  const brand = useBrand();
  return (
    <div className="legal-doc">
      <LastUpdated {...DISTRIBUTION_TERMS_UPDATED} />
      <p>
        These Distribution Terms (the &ldquo;Agreement&rdquo;) are between you and {brandName} (&ldquo;we&rdquo;,
        &ldquo;us&rdquo;). They apply when you use {brandName} to deliver recordings to music stores and streaming
        services, and they add to our <NewTabLink href="/terms-of-use">Terms of Use</NewTabLink>. By submitting a
        release, you accept them.
      </p>
      <LegalSections sections={sections(brandName)} />
      {!hideCopyright && <Copyright companyName={companyName ?? brand.companyName} />}
    </div>
  );
}
