import { Link } from 'react-router-dom';
import type { PageHandle } from '../../../lib/page-meta';
import { buttonClass } from '../../../ui/Button';

export const handle: PageHandle = {
  pageTitle: 'You are all set | {appName}',
  pageDescription: 'Your {appName} account is ready: create your first release.',
};

/** /on-boarding/congrats: the account is ready. */
export default function OnBoardingCongratsPage() {
  return (
    <section className="page page--narrow" aria-labelledby="congrats-title">
      <h1 id="congrats-title">You are all set</h1>
      <p>Congratulations!</p>
      <p>Your account is ready. Create your first release and send it to the stores.</p>
      <Link className={buttonClass()} to="/releases">
        Go to my releases
      </Link>
    </section>
  );
}
