import { useQuery } from '@apollo/client/react';
import { formatShare } from '@cadence/domain/splits';
import { graphql } from '../../gql';
import { Table } from '../../ui/Table';

export const SplitSalesQuery = graphql(`
  query SplitSales {
    viewer {
      id
      splitSales {
        id
        reportDate
        releaseTitle
        trackTitle
        serviceName
        countryCode
        units
        basisPoints
      }
    }
  }
`);

/**
 * The sales the viewer earns from as a collaborator on someone else's release (summed by day, track,
 * store and country), each marked as a split with the viewer's share. Fetches its own data and shows
 * nothing without any.
 */
export function SplitSales() {
  const { data } = useQuery(SplitSalesQuery);
  const rows = data?.viewer?.splitSales ?? [];
  if (rows.length === 0) return null;
  return (
    <section aria-labelledby="split-sales-title" className="sales__splits">
      <h2 id="split-sales-title">Splits you earn from</h2>
      <Table
        caption="Sales shared with you, by day, store and country"
        head={
          <>
            <th scope="col">Date</th>
            <th scope="col">Release</th>
            <th scope="col">Track Title</th>
            <th scope="col">Service</th>
            <th scope="col">Country</th>
            <th scope="col">Units</th>
            <th scope="col">Your share</th>
          </>
        }
      >
        {rows.map((r) => (
          <tr key={r.id}>
            <td>{r.reportDate}</td>
            <td>{r.releaseTitle}</td>
            <td>{r.trackTitle}</td>
            <td>{r.serviceName}</td>
            <td>{r.countryCode}</td>
            <td>{r.units}</td>
            <td>Split: {formatShare(r.basisPoints)}</td>
          </tr>
        ))}
      </Table>
    </section>
  );
}
