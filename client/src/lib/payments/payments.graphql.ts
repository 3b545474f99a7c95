import { graphql } from '../../gql';

export const PlanSubscriptionFragment = graphql(`
  fragment PlanSettings_subscription on PlanSubscription {
    id
    status
    autoRenew
    currentPeriodEnd
    renewalDate
    plan {
      name
      displayName
      price
    }
    paymentMethod {
      id
      label
    }
  }
`);

export const PlansPageQuery = graphql(`
  query PlansPage {
    plans {
      name
      displayName
      description
      price
      currency
      billingPeriod
      primaryArtistLimit
      trackLimit
      distributionFeeBps
      purchasable
    }
    viewer {
      id
      impersonatedBy {
        id
        email
      }
      subscription {
        id
        status
        currentPeriodEnd
        plan {
          name
          displayName
        }
      }
    }
  }
`);

export const PlanSettingsQuery = graphql(`
  query PlanSettings {
    viewer {
      id
      impersonatedBy {
        id
        email
      }
      subscription {
        id
        ...PlanSettings_subscription
      }
      payments {
        id
        planName
        amount
        discount
        status
        method
        promoCode
        failureMessage
        createdAt
      }
    }
  }
`);

export const CheckPromoCodeQuery = graphql(`
  query CheckPromoCode($promoCode: String!, $planName: String) {
    checkPromoCode(promoCode: $promoCode, planName: $planName) {
      valid
      message
      code
      price
      discount
      total
    }
  }
`);

export const PurchasePlanMutation = graphql(`
  mutation PurchasePlan($input: PurchasePlanInput!) {
    purchasePlan(input: $input) {
      created
      subscription {
        id
        # The checkout's confirmation reads its own fragment; the settings panel's lands in the cache too.
        ...PlanCheckout_subscription
        ...PlanSettings_subscription
      }
      payment {
        id
        amount
        discount
        method
        createdAt
      }
    }
  }
`);

export const SetAutoRenewMutation = graphql(`
  mutation SetAutoRenew($input: SetAutoRenewInput!) {
    setAutoRenew(input: $input) {
      subscription {
        id
        ...PlanSettings_subscription
      }
    }
  }
`);

export const UpdatePaymentMethodMutation = graphql(`
  mutation UpdatePaymentMethod($input: UpdatePaymentMethodInput!) {
    updatePaymentMethod(input: $input) {
      paymentMethod {
        id
        label
      }
      subscription {
        id
        ...PlanSettings_subscription
      }
    }
  }
`);
