import { Link, useSearchParams } from 'react-router-dom';
import { useBrand } from '../../lib/useBrand';
import { GeneralDistributionTerms } from './GeneralDistributionTerms';
import { VipDistributionAgreement } from './VipDistributionAgreement';
import { VipTermsAddendum } from './VipTermsAddendum';
import './legal.css';

export const handle = {
  pageTitle: 'Distribution Terms | {appName}',
  pageDescription:
    'The terms for delivering your music to stores and streaming services with {appName}, including the VIP agreement and addendum.',
};

type Variant = 'general' | 'vip' | 'vip-addendum';

const VARIANTS: { variant: Variant; label: string; title: string; search: string }[] = [
  { variant: 'general', label: 'Distribution Terms', title: 'Distribution Terms', search: '' },
  { variant: 'vip', label: 'VIP Agreement', title: 'VIP Distribution Agreement', search: '?variant=vip' },
  {
    variant: 'vip-addendum',
    label: 'VIP Addendum',
    title: 'VIP Distribution Terms Addendum',
    search: '?variant=vip-addendum',
  },
];

/** Reads ?variant=vip|vip-addendum; anything else shows the general terms. */
export function variantFrom(value: string | null): Variant {
  return value === 'vip' || value === 'vip-addendum' ? value : 'general';
}

/**
 * The general terms by default; plain links switch versions so the choice lives in the URL, can be
 * shared, and works before the page has hydrated.
 */
export default function DistributionTermsPage() {
  const { brandName } = useBrand();
  const [params] = useSearchParams();
  const variant = variantFrom(params.get('variant'));
  const current = VARIANTS.find((v) => v.variant === variant) ?? VARIANTS[0]!;

  return (
    <article className="legal-page">
      <h1>{current.title}</h1>
      <nav className="legal-variants" aria-label="Versions of the distribution terms">
        <ul>
          {VARIANTS.map((v) => (
            <li key={v.variant}>
              <Link
                to={{ pathname: '/distribution-terms', search: v.search }}
                aria-current={v.variant === variant ? 'page' : undefined}
                preventScrollReset
              >
                {v.label}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      {variant === 'general' && <GeneralDistributionTerms brandName={brandName} />}
      {variant === 'vip' && <VipDistributionAgreement brandName={brandName} />}
      {variant === 'vip-addendum' && <VipTermsAddendum brandName={brandName} />}
    </article>
  );
}
