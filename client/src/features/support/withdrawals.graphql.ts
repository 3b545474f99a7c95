import { graphql } from '../../gql';

export const WithdrawalsAwaitingApprovalQuery = graphql(`
  query WithdrawalsAwaitingApproval {
    withdrawalsAwaitingApproval {
      userEmail
      withdrawal {
        id
        amount
        currency
        createdAt
      }
    }
  }
`);

export const ApproveWithdrawalMutation = graphql(`
  mutation ApproveWithdrawal($input: ApproveWithdrawalInput!) {
    approveWithdrawal(input: $input) {
      withdrawal {
        id
        status
        awaitingApproval
      }
    }
  }
`);

export const RejectWithdrawalMutation = graphql(`
  mutation RejectWithdrawal($input: RejectWithdrawalInput!) {
    rejectWithdrawal(input: $input) {
      withdrawal {
        id
        status
        awaitingApproval
      }
    }
  }
`);
