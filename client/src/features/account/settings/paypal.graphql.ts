import { graphql } from '../../../gql';

export const PayPalAccountFragment = graphql(`
  fragment PayPalAccountForm_account on PayPalAccount {
    linked
    email
    firstName
    lastName
  }
`);

export const PayPalAccountQuery = graphql(`
  query PayPalAccount {
    viewer {
      id
      viewerCan {
        withdraw
      }
      payPalAccount {
        # @unmask: a PayPalAccount has no id, so it is not normalised and useFragment cannot read it; the form owns this query.
        ...PayPalAccountForm_account @unmask
      }
    }
  }
`);

// The form refetches PayPalAccount after linking or unlinking (the account has no id, so a payload
// cannot update the cache): the payloads only say whether it is linked.
export const LinkPayPalMutation = graphql(`
  mutation LinkPayPal($input: LinkPayPalInput!) {
    linkPayPal(input: $input) {
      message
      account {
        linked
      }
    }
  }
`);

export const UnlinkPayPalMutation = graphql(`
  mutation UnlinkPayPal {
    unlinkPayPal {
      account {
        linked
      }
    }
  }
`);
