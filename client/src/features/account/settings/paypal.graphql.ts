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
        ...PayPalAccountForm_account @unmask
      }
    }
  }
`);

export const LinkPayPalMutation = graphql(`
  mutation LinkPayPal($input: LinkPayPalInput!) {
    linkPayPal(input: $input) {
      message
      account {
        ...PayPalAccountForm_account @unmask
      }
    }
  }
`);

export const UnlinkPayPalMutation = graphql(`
  mutation UnlinkPayPal {
    unlinkPayPal {
      account {
        ...PayPalAccountForm_account @unmask
      }
    }
  }
`);
