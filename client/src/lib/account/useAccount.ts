import { useFragment, useMutation, useQuery } from '@apollo/client/react';
import { useCallback } from 'react';
import type { AccountProfile_ProfileFragment, UpdateProfileInput } from '../../gql/graphql';
import { appPreloader } from '../preload';
import { AccountProfileFragment, UpdateProfileMutation, ViewerProfileQuery } from './account.graphql';

export type AccountProfile = AccountProfile_ProfileFragment;

/** A field the server refused to save, with the spec's key and message. */
export interface SaveFieldError {
  field: string;
  key: string;
  message: string;
}

/**
 * A loader for pages that read the profile through useViewerProfile (on-boarding): it fills the
 * cache with the navigation, so the page's cache-first query answers without a second request.
 */
export async function preloadViewerProfile() {
  const preloadQuery = appPreloader();
  await preloadQuery.toPromise(preloadQuery(ViewerProfileQuery, { errorPolicy: 'all' }));
  return null;
}

/**
 * The signed-in profile (null for a visitor), shared through Apollo's cache by every account form.
 * The query's viewer is masked; the profile is read as AccountProfile_profile from the cache, so a
 * mutation's payload (updateProfile's viewer) updates every form.
 */
export function useViewerProfile() {
  const { data, loading, error, refetch } = useQuery(ViewerProfileQuery);
  const fragment = useFragment({ fragment: AccountProfileFragment, from: data?.viewer ?? null });
  return { profile: fragment.complete ? fragment.data : null, loading, error, refetch };
}

/**
 * Saves a partial profile. The payload's viewer lands in the cache, so every form sees the new
 * values; the fields the server refused come back so the caller can show them.
 */
export function useSaveProfile(): (patch: UpdateProfileInput) => Promise<SaveFieldError[]> {
  const [mutate] = useMutation(UpdateProfileMutation);
  return useCallback(
    async (patch: UpdateProfileInput) => {
      const result = await mutate({ variables: { input: patch } });
      return result.data?.updateProfile.fieldErrors ?? [];
    },
    [mutate],
  );
}
