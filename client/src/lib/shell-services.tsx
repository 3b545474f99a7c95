import { createContext, useContext } from 'react';
import { createRestClient, type RestClient } from './rest';

/**
 * What the frame needs from the outside world, in one place so tests can swap it: the REST client
 * (msw answers it in tests), a random source (screen saver), a clock and full page loads.
 */
export interface ShellServices {
  rest: RestClient;
  random: () => number;
  now: () => number;
  /** Full page load of another address (after sign-out the whole app starts afresh). */
  leave: (url: string) => void;
}

/**
 * The frame's calls are probes (who is signed in, which messages to show): a 401 there means
 * "visitor", so unlike the shared client it must not run the sign-out handler.
 */
export const defaultShellServices: ShellServices = {
  rest: createRestClient({ onUnauthorized: () => undefined }),
  random: Math.random,
  now: () => Date.now(),
  leave: (url) => window.location.assign(url),
};

const ShellServicesContext = createContext<ShellServices>(defaultShellServices);

export const ShellServicesProvider = ShellServicesContext.Provider;

/** The frame's REST client, random source and clock. */
export function useShellServices(): ShellServices {
  return useContext(ShellServicesContext);
}
