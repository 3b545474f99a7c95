/** The trends page's GraphQL documents (typed by codegen). */
import { graphql } from '../../gql';

export const AnalyticsStateQuery = graphql(`
  query AnalyticsState {
    analyticsState {
      isAnalyticsDisabled
    }
  }
`);

export const TrendsQuery = graphql(`
  query Trends($from: String!, $to: String!, $top: Int!) {
    trendsStreams(reportDateFrom: $from, reportDateTo: $to) {
      outletId
      outletName
      colour
      quantity
      points {
        date
        quantity
      }
    }
    streamsPerCountry(reportDateFrom: $from, reportDateTo: $to, top: $top) {
      countryCode
      countryName
      quantity
    }
    streamsPerTrack(reportDateFrom: $from, reportDateTo: $to, top: $top) {
      trackId
      trackTitle
      releaseTitle
      quantity
    }
  }
`);
