import { Link } from 'react-router-dom';
import './marketing.css';

/** Opens the sign-in dialog, which the shell shows on the start page with ?login=login. */
export const SIGN_UP_PATH = '/?login=login';
/** Opens the dialog on its "Create your account" side (?login=signup). */
export const CREATE_ACCOUNT_PATH = '/?login=signup';

/** The two calls to action the marketing pages end with: sign up, and see the features. */
export function CallToAction({ showFeatures = true }: { showFeatures?: boolean }) {
  return (
    <div className="mk-actions">
      <Link className="mk-button mk-button--primary" to={CREATE_ACCOUNT_PATH}>
        Sign up free
      </Link>
      {showFeatures && (
        <Link className="mk-button mk-button--secondary" to="/features">
          See the features
        </Link>
      )}
    </div>
  );
}
