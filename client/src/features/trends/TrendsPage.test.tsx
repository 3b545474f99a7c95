import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse } from 'msw';
import { useMswServer } from '../../../test/msw';
import { api } from '../../../test/graphql';
import { renderRoute } from '../../../test/render-route';
import TrendsPage, { loader } from './TrendsPage';
import { AnalyticsStateQuery, TrendsQuery } from './trends.graphql';

const server = useMswServer();

function renderPage() {
  renderRoute(<TrendsPage />, { loader, path: '/trends' });
}

const day = new Date(Date.now() - 2 * 86_400_000).toISOString().slice(0, 10);

test('a user without a published release sees the empty state', async () => {
  // The server answers once the page has shown that it is loading.
  let answer = () => {};
  const answered = new Promise<void>((resolve) => (answer = resolve));
  server.use(
    api.query(AnalyticsStateQuery, async () => {
      await answered;
      return HttpResponse.json({ data: { analyticsState: { isAnalyticsDisabled: true } } });
    }),
  );
  renderPage();
  expect(await screen.findByRole('status', {}, { timeout: 5000 })).toHaveTextContent('Loading analytics');
  answer();
  expect(await screen.findByRole('heading', { name: 'No analytics yet' })).toBeInTheDocument();
});

test('charts per store, country and track, each with a table; top 5 expands', async () => {
  const tops: unknown[] = [];
  server.use(
    api.query(AnalyticsStateQuery, () => HttpResponse.json({ data: { analyticsState: { isAnalyticsDisabled: false } } })),
    api.query(TrendsQuery, ({ variables }) => {
      tops.push(variables.top);
      return HttpResponse.json({
        data: {
          trendsStreams: [
            { outletId: 61, outletName: 'Apple Music', colour: '#FA2D48', quantity: 300, points: [{ date: day, quantity: 300 }] },
            { outletId: 28, outletName: 'Spotify', colour: '#1DB954', quantity: 1500, points: [{ date: day, quantity: 1500 }] },
          ],
          streamsPerCountry: [
            { countryCode: 'US', countryName: 'United States of America', quantity: 1200 },
            { countryCode: 'DE', countryName: 'Germany', quantity: 600 },
          ],
          streamsPerTrack: [{ trackId: 't1', trackTitle: 'A very long track title that goes on and on', releaseTitle: 'Night Drive', quantity: 1800 }],
        },
      });
    }),
  );
  renderPage();
  const stores = await screen.findByRole('table', { name: /Streams per store/ });
  expect(within(stores).getAllByRole('row').slice(1).map((r) => r.textContent)).toEqual([`Spotify1.5K${day} (1.5K)`, `Apple Music300${day} (300)`]);
  expect(screen.getByTestId('line-28')).toHaveAttribute('stroke', '#1DB954');
  expect(screen.getByTestId('line-61')).toHaveAttribute('stroke', '#FA2D48');
  const countries = screen.getByRole('table', { name: 'Streams per country' });
  expect(within(countries).getByRole('row', { name: 'United States of America 1.2K 67%' })).toBeInTheDocument();
  const tracks = screen.getByRole('table', { name: 'Streams per track' });
  expect(within(tracks).getByRole('rowheader').textContent).toBe('A very long track title tha…');
  expect(screen.getAllByRole('img').length).toBeGreaterThanOrEqual(3);
  expect(tops).toEqual([5]);
  await userEvent.click(screen.getByRole('button', { name: 'Show top 25' }));
  expect(await screen.findByRole('button', { name: 'Show top 5' })).toHaveAttribute('aria-expanded', 'true');
  expect(tops).toEqual([5, 25]);
});
