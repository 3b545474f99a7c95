import { Link, isRouteErrorResponse, useRouteError } from 'react-router-dom';
import { Button } from '../ui/Button';

function describe(error: unknown): string {
  if (isRouteErrorResponse(error)) return `${error.status} ${error.statusText}`.trim();
  // A route chunk that fails to load usually means a new version was deployed meanwhile.
  if (error instanceof TypeError && /dynamically imported module|Importing a module script/i.test(error.message)) {
    return 'A newer version of this page is available.';
  }
  return 'Something went wrong while showing this page.';
}

/** Shown in place of a page that failed to load or render; the frame around it stays. */
export function RouteError() {
  const error = useRouteError();
  return (
    <section className="page page--narrow" aria-labelledby="route-error-title">
      <h1 id="route-error-title">This page could not be shown</h1>
      <div role="alert">
        <p>{describe(error)}</p>
      </div>
      <p className="actions">
        <Button onClick={() => window.location.reload()}>
          Reload the page
        </Button>
        <Link to="/">Go to the start page</Link>
      </p>
    </section>
  );
}
