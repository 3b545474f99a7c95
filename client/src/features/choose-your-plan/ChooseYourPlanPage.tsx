import type { PageHandle } from '../../lib/page-meta';

export const handle: PageHandle = {
  pageTitle: 'Choose your plan | {appName}',
  pageDescription: 'Compare the {appName} plans and pick the one that suits you.',
};

/** Placeholder: the plans team replaces it with the plan comparison. */
export default function ChooseYourPlanPage() {
  return (
    <section className="page" aria-labelledby="choose-your-plan-title">
      <h1 id="choose-your-plan-title">Choose your plan</h1>
      <p>The plans and what each includes will be shown here.</p>
    </section>
  );
}
