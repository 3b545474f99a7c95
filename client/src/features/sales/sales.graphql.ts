import { graphql } from '../../gql';

export const WithdrawalRowFragment = graphql(`
  fragment WithdrawalRow_withdrawal on Withdrawal {
    id
    amount
    currency
    status
    payoutStatus
    awaitingApproval
    errorCode
    messages {
      code
      message
    }
    createdAt
  }
`);

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
        ...WithdrawalRow_withdrawal
      }
    }
  }
`);
