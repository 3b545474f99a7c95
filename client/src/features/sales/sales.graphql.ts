import { graphql } from '../../gql';

export const SalesPageQuery = graphql(`
  query SalesPage($first: Int) {
    viewer {
      id
      viewerCan {
        withdraw
      }
      balance {
        amount
        lockedAmount
        availableAmount
        currency
        isWalletExist
        hasWithdrawals
      }
      payPalAccount {
        linked
        email
      }
      withdrawals {
        id
        status
        ...WithdrawalRow_withdrawal
      }
      ledgerEntries(first: $first) {
        totalCount
        nodes {
          id
          kind
          description
          amount
          runningBalance
          currency
          createdAt
        }
      }
    }
    taxStatus {
      status
      taxFormUrl
      providerName
    }
  }
`);

export const WithdrawMutation = graphql(`
  mutation Withdraw($input: WithdrawInput!) {
    withdraw(input: $input) {
      created
      withdrawal {
        id
        ...WithdrawalRow_withdrawal
      }
    }
  }
`);


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
