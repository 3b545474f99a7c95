// Runs before the test framework and before any module of the test loads.
import { WritableStream } from 'node:stream/web';

// jest-fixed-jsdom brings Node's fetch and streams into jsdom but not WritableStream, which msw's
// server-sent-events module touches when it loads.
globalThis.WritableStream ??= WritableStream;

if (typeof window !== 'undefined') {
  // jsdom does not implement scrolling; the shell scrolls to the top on navigation.
  window.scrollTo = () => {};
  Element.prototype.scrollIntoView = () => {};
}
