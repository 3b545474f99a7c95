import { useBrand } from '../../lib/useBrand';
import { DISTRIBUTION_TERMS_UPDATED, type DistributionTermsProps } from './GeneralDistributionTerms';
import { Copyright, LastUpdated, LegalSections, NewTabLink, type LegalSection } from './LegalDocument';

/** The share of money received from platforms that the provider keeps on VIP accounts. */
export const VIP_DISTRIBUTION_FEE_PERCENT = 8;
export const VIP_EXCLUSIVE_PERIOD_YEARS = 2;
export const OBJECTION_WINDOW_DAYS = 30;

function sections(brandName: string): LegalSection[] {
  return [
    {
      id: 'addendum-definitions',
      title: 'Definitions',
      body: (
        <dl className="legal-definitions">
          <dt>Net Receipts</dt>
          <dd>
            The money {brandName} actually receives from Music Platforms for your recordings, minus the Fee and minus
            any taxes (such as VAT or sales tax) and charges deducted by the platforms, banks or payment providers.
          </dd>
          <dt>Final Payment Date</dt>
          <dd>
            A date we may set after the agreement ends. We owe no Net Receipts that reach us after it.
          </dd>
          <dt>Exclusive Exploitation Period</dt>
          <dd>
            For each recording, the {VIP_EXCLUSIVE_PERIOD_YEARS} years starting on the day it is first commercially
            released through {brandName}.
          </dd>
          <dt>Fee</dt>
          <dd>
            The distribution fee we keep: {VIP_DISTRIBUTION_FEE_PERCENT}% of the money we receive from Music Platforms
            for your recordings.
          </dd>
          <dt>Group</dt>
          <dd>
            A band, duo, collective or other set of people who perform together and release recordings through one
            account. Every member must meet the age rules, and the account holder must be authorised to act for all of
            them.
          </dd>
          <dt>Music Platforms</dt>
          <dd>
            The download stores, streaming services and other digital outlets to which we deliver your releases.
          </dd>
        </dl>
      ),
    },
    {
      id: 'addendum-fee',
      title: 'Distribution Fee and Your Share',
      body: (
        <p>
          We keep a distribution fee of {VIP_DISTRIBUTION_FEE_PERCENT}%. You receive 100% of Net Receipts, that is,
          everything that remains after that fee and taxes. The VIP account itself currently has no account fee; we may
          bring one back, and will tell you before we do.
        </p>
      ),
    },
    {
      id: 'addendum-statements',
      title: 'Statements and Objections',
      body: (
        <p>
          If you think a statement is wrong, tell us in writing within {OBJECTION_WINDOW_DAYS} days of its date. For
          the last statement, you can object until {OBJECTION_WINDOW_DAYS} days after the Final Payment Date. After
          that a statement is final.
        </p>
      ),
    },
    {
      id: 'addendum-exclusive-period',
      title: 'Exclusive Exploitation Period',
      body: (
        <p>
          During the Exclusive Exploitation Period of each recording, which lasts {VIP_EXCLUSIVE_PERIOD_YEARS} years
          from its commercial release, only {brandName} may deliver that recording to Music Platforms, and you will not
          take it down in order to distribute it elsewhere. After the period you may take it down at any time, as the
          Distribution Terms allow.
        </p>
      ),
    },
    {
      id: 'addendum-other-terms',
      title: 'How This Addendum Fits',
      body: (
        <p>
          This addendum changes the Distribution Terms for VIP accounts only. Where the two differ, this addendum
          applies; everything else in the Distribution Terms and the Terms of Use stays the same.
        </p>
      ),
    },
  ];
}

/** The VIP addendum: the defined terms, the 8% fee, the objection window and the exclusive period. */
export function VipTermsAddendum({ brandName, hideCopyright = false, companyName }: DistributionTermsProps) {
  const brand = useBrand();
  return (
    <div className="legal-doc">
      <LastUpdated {...DISTRIBUTION_TERMS_UPDATED} />
      <p>
        This addendum applies to VIP accounts on {brandName}. It adds to the{' '}
        <NewTabLink href="/terms-of-use">Terms of Use</NewTabLink> and the{' '}
        <NewTabLink href="/distribution-terms">Distribution Terms</NewTabLink>. Terms such as Net Receipts and Fee
        have the meanings given under Definitions.
      </p>
      <LegalSections sections={sections(brandName)} />
      {!hideCopyright && <Copyright companyName={companyName ?? brand.companyName} />}
    </div>
  );
}
