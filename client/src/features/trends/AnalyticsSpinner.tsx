/** The analytics loading state: the shared spinner with the analytics wording, label shown. */
import { Spinner } from '../../ui/Spinner';

export function AnalyticsSpinner() {
  return (
    <div className="analytics-spinner">
      <Spinner label="Loading analytics" showLabel />
    </div>
  );
}
