import { useBrand } from '../../lib/useBrand';
import type { DistributionTermsProps } from './GeneralDistributionTerms';
import { Copyright, LegalSections, NewTabLink, type LegalSection } from './LegalDocument';

function sections(brandName: string): LegalSection[] {
  return [
    {
      id: 'vip-eligibility',
      title: 'Eligibility',
      body: (
        <>
          <p>
            To hold a VIP account you must be at least 18 years old, or the age of majority where you live if that is
            higher, or have the verified consent of a parent or legal guardian. No one under 13 may use {brandName},
            including any member of a band or other group on the account.
          </p>
          <p>
            If you hold the account for a company, label or group, you confirm that you may bind it, and we may ask its
            members to confirm this in writing.
          </p>
        </>
      ),
    },
    {
      id: 'vip-plan',
      title: 'Plan and Payments',
      body: (
        <>
          <p>
            A VIP account currently has no fee. We may bring a fee back at any time; if we do, we will tell you before
            it applies and you can choose to close the account instead.
          </p>
          <p>
            VIP accounts have higher limits on recording artists and tracks than the standard plan. What you earn, and
            the distribution fee we keep, are set out in the{' '}
            <NewTabLink href="/distribution-terms?variant=vip-addendum">VIP Distribution Terms Addendum</NewTabLink>.
          </p>
        </>
      ),
    },
    {
      id: 'vip-wallet',
      title: 'Net Receipts Wallet',
      body: (
        <>
          <p>
            Your net receipts are added to a wallet in your account when we receive them from the music platforms. The
            wallet holds United States Dollars.
          </p>
          <p>
            You can withdraw from the wallet to a bank account, to a payment wallet service, or by wire transfer. Any
            fee charged for a withdrawal is yours to pay. A payment wallet account must use the same email address as
            your {brandName} account.
          </p>
        </>
      ),
    },
    {
      id: 'vip-suspension',
      title: 'Suspension of Payments',
      body: (
        <>
          <p>We may hold back a payment or a withdrawal:</p>
          <ul>
            <li>if making it would break a law, a regulation or a payment network&apos;s policy;</li>
            <li>if a third party, such as a bank, payment provider or court, blocks it;</li>
            <li>while we look into suspected fraud or a claim that your releases infringe someone&apos;s rights.</li>
          </ul>
          <p>We release the payment as soon as the reason for holding it goes away.</p>
        </>
      ),
    },
  ];
}

/** The agreement for VIP accounts; it adds to the general distribution terms and the terms of use. */
export function VipDistributionAgreement({ brandName, hideCopyright = false, companyName }: DistributionTermsProps) {
  const brand = useBrand();
  return (
    <div className="legal-doc">
      <p>
        This agreement applies to VIP accounts on {brandName}. Where it says nothing different, the{' '}
        <NewTabLink href="/distribution-terms">Distribution Terms</NewTabLink> and the{' '}
        <NewTabLink href="/terms-of-use">Terms of Use</NewTabLink> apply.
      </p>
      <LegalSections sections={sections(brandName)} />
      {!hideCopyright && <Copyright companyName={companyName ?? brand.companyName} />}
    </div>
  );
}
