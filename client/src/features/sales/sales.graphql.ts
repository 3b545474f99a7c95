/** The sales page's GraphQL documents (typed by codegen). */
import { graphql } from '../../gql';

export const SalesTableQuery = graphql(`
  query SalesTable($filter: SalesFilterInput, $sortColumn: SalesSortColumn, $sortDirection: SalesSortDirection, $page: Int, $pageSize: Int) {
    sales(filter: $filter, sortColumn: $sortColumn, sortDirection: $sortDirection, page: $page, pageSize: $pageSize) {
      count
      transactions {
        id
        period
        artistName
        releaseTitle
        serviceName
        trackTitle
        units
        countryCode
        payable
      }
      filters {
        artists
        services
        releases {
          id
          title
        }
        tracks {
          id
          title
        }
      }
    }
  }
`);

export const AnnualSalesQuery = graphql(`
  query AnnualSales($year: Int) {
    annualSales(year: $year) {
      financialMonth
      monthRevenue
    }
    salesTransactionDates
  }
`);

export const SalesByServiceQuery = graphql(`
  query SalesByService($period: String!) {
    salesByService(period: $period) {
      serviceName
      revenue
    }
  }
`);
