import { useState } from 'react';
import { useReadQuery } from '@apollo/client/react';
import { Link } from 'react-router-dom';
import { formatUsDate } from '@cadence/domain/date-string';
import type { PageHandle } from '../../lib/page-meta';
import { appPreloader, usePreloaded } from '../../lib/preload';
import { Button } from '../../ui/Button';
import { ErrorMessage } from '../../ui/ErrorMessage';
import { PlanCheckout, dollars } from '../../lib/payments/PlanCheckout';
import { PlansPageQuery } from '../../lib/payments/payments.graphql';
import '../../lib/payments/payments.css';

export const handle: PageHandle = {
  pageTitle: 'Choose your plan | {appName}',
  pageDescription: 'Compare the {appName} plans and pick the one that suits you.',
};

/** The plans compared on this page: free, the paid annual plan and the VIP tier. */
const COMPARED = ['FREE', 'COMMERCIAL_BETA', 'VIP'];

function limit(n: number): string {
  return n >= 999_999 ? 'Unlimited' : String(n);
}

/** Preloads the plans, and the viewer's subscription, with the navigation. */
export async function loader() {
  const preloadQuery = appPreloader();
  return { plans: await preloadQuery.toPromise(preloadQuery(PlansPageQuery, { errorPolicy: 'all' })) };
}

/** /choose-your-plan: compares FREE, the annual plan and VIP (limits, fee, price) and buys the annual plan. */
export default function ChooseYourPlanPage() {
  const { data } = useReadQuery(usePreloaded<typeof loader>().plans);
  const [chosen, setChosen] = useState<string | null>(null);
  // The loader has waited for the answer: without data, the request failed.
  if (!data)
    return (
      <section className="page" aria-labelledby="choose-your-plan-title">
        <h1 id="choose-your-plan-title">Choose your plan</h1>
        <ErrorMessage>We could not load the plans. Please try again later.</ErrorMessage>
      </section>
    );
  const plans = COMPARED.map((name) => data.plans.find((p) => p.name === name)).filter((p) => p !== undefined);
  const current = data.viewer?.subscription ?? null;
  const plan = plans.find((p) => p.name === chosen);
  return (
    <section className="page" aria-labelledby="choose-your-plan-title">
      <h1 id="choose-your-plan-title">Choose your plan</h1>
      {current && (
        <p role="status">
          You are on the {current.plan.displayName} plan{current.currentPeriodEnd ? ` until ${formatUsDate(current.currentPeriodEnd)}` : ''}.
        </p>
      )}
      <ul className="plan-compare" aria-label="Plans">
        {plans.map((p) => (
          <li key={p.name} aria-labelledby={`plan-${p.name}`}>
            <h2 id={`plan-${p.name}`}>{p.displayName}</h2>
            <p>{p.description}</p>
            <dl>
              <dt>Price</dt>
              <dd>{p.purchasable ? `${dollars(p.price)} a year` : p.name === 'FREE' ? 'Free' : 'By invitation'}</dd>
              <dt>Primary artists</dt>
              <dd>{limit(p.primaryArtistLimit)}</dd>
              <dt>Recordings per artist</dt>
              <dd>{limit(p.trackLimit)}</dd>
              <dt>Distribution fee</dt>
              <dd>{p.distributionFeeBps / 100}% of sales</dd>
            </dl>
            {p.purchasable &&
              (current?.plan.name === p.name && current.status === 'ACTIVE' ? (
                <p>Your current plan</p>
              ) : data.viewer ? (
                <Button onClick={() => setChosen(p.name)} aria-pressed={chosen === p.name}>
                  Choose {p.displayName}
                </Button>
              ) : (
                <Link to="/single-signup">Sign up for {p.displayName}</Link>
              ))}
          </li>
        ))}
      </ul>
      {plan && (
        <section aria-labelledby="checkout-title">
          <h2 id="checkout-title">Pay for {plan.displayName}</h2>
          <PlanCheckout plan={plan} readOnly={data.viewer?.impersonatedBy != null} />
        </section>
      )}
    </section>
  );
}
