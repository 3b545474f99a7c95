import { Suspense, useState } from 'react';
import { useQuery, useReadQuery } from '@apollo/client/react';
import { Link } from 'react-router-dom';
import type { PageHandle } from '../../lib/page-meta';
import { appPreloader, usePreloaded } from '../../lib/preload';
import { compactNumber } from '@cadence/domain/compact-number';
import { AnalyticsStateQuery, TrendsQuery } from './trends.graphql';
import { AnalyticsSpinner } from './AnalyticsSpinner';
import { LineChart } from './LineChart';
import { GaugeChart } from './GaugeChart';
import { ANALYTICS_PRESETS, presetRange, type PresetId } from '@cadence/domain/analytics';
import { TOP_ENTRIES_DEFAULT } from '@cadence/domain/constants';
import { lineSeries, TOP_EXPANDED } from './trends-data';
import './trends.css';

export const handle: PageHandle = {
  pageTitle: 'Analytics | {appName}',
  pageDescription: 'Streams and downloads of your music by store and day on {appName}.',
};

function today(): string {
  return new Date().toISOString().slice(0, 10);
}

/** Starts asking whether there is anything to show with the navigation; the page shows its heading meanwhile. */
export function loader() {
  return { state: appPreloader()(AnalyticsStateQuery, { errorPolicy: 'all' }) };
}

/** /trends: streams per store over time, per country and per track (supporting §2, §9). */
export default function TrendsPage() {
  const { state } = usePreloaded<typeof loader>();
  return (
    <section className="page" aria-labelledby="trends-title">
      <h1 id="trends-title">Analytics</h1>
      <Suspense fallback={<AnalyticsSpinner />}>
        <TrendsOrEmpty state={state} />
      </Suspense>
    </section>
  );
}

/** The charts, or why there are none. */
function TrendsOrEmpty({ state }: { state: ReturnType<typeof loader>['state'] }) {
  const { data, error } = useReadQuery(state);
  const disabled = data?.analyticsState.isAnalyticsDisabled;
  return (
    <>
      {error && !data ? (
        <p role="alert">Analytics could not be loaded. Please try again later.</p>
      ) : disabled ? (
        <div className="trends-empty">
          <h2>No analytics yet</h2>
          <p>Streams show here once you have a published release.</p>
          <p>
            <Link to="/releases">Go to your releases</Link>
          </p>
        </div>
      ) : (
        <Trends />
      )}
    </>
  );
}

function Trends() {
  const [preset, setPreset] = useState<PresetId>('last90');
  const [expanded, setExpanded] = useState(false);
  const { from, to } = presetRange(preset, today());
  const { data, previousData, loading, error } = useQuery(TrendsQuery, { variables: { from, to, top: expanded ? TOP_EXPANDED : TOP_ENTRIES_DEFAULT } });
  const shown = data ?? previousData;
  const series = lineSeries(shown?.trendsStreams ?? [], from, to);
  const total = series.reduce((s, o) => s + o.total, 0);
  return (
    <>
      <div className="trends-controls">
        <label>
          Date range
          <select value={preset} onChange={(e) => setPreset(e.target.value as PresetId)}>
            {ANALYTICS_PRESETS.map((p) => (
              <option key={p.id} value={p.id}>
                {p.label}
              </option>
            ))}
          </select>
        </label>
        <p aria-live="polite">
          {from} to {to}: {compactNumber(total)} streams
        </p>
      </div>
      {error ? <p role="alert">Analytics could not be loaded. Please try again later.</p> : null}
      {loading && !shown ? (
        <AnalyticsSpinner />
      ) : series.length === 0 ? (
        <p className="trends-empty">No streams were reported in this range.</p>
      ) : (
        <>
          <section aria-labelledby="streams-title">
            <h2 id="streams-title">Streams per store</h2>
            <LineChart series={series} from={from} to={to} />
          </section>
          <div className="trends-grid">
            <section aria-labelledby="countries-title">
              <h2 id="countries-title">Top countries</h2>
              <GaugeChart title="Streams per country" items={(shown?.streamsPerCountry ?? []).map((c) => ({ key: c.countryCode, label: c.countryName, value: c.quantity }))} />
            </section>
            <section aria-labelledby="tracks-title">
              <h2 id="tracks-title">Top tracks</h2>
              <GaugeChart title="Streams per track" items={(shown?.streamsPerTrack ?? []).map((t) => ({ key: t.trackId, label: t.trackTitle, value: t.quantity }))} />
            </section>
          </div>
          <button type="button" aria-expanded={expanded} onClick={() => setExpanded((e) => !e)}>
            {expanded ? `Show top ${TOP_ENTRIES_DEFAULT}` : `Show top ${TOP_EXPANDED}`}
          </button>
          {loading ? <AnalyticsSpinner /> : null}
        </>
      )}
    </>
  );
}
