// Runs before the test framework and before any module of the test loads.
import { WritableStream } from 'node:stream/web';

// msw 3 targets Node 22, which has Promise.withResolvers; these machines run Node 20.
if (typeof Promise.withResolvers !== 'function') {
  Promise.withResolvers = function withResolvers() {
    let resolve;
    let reject;
    const promise = new this((res, rej) => {
      resolve = res;
      reject = rej;
    });
    return { promise, resolve, reject };
  };
}

// msw 3 also calls the Node 22 Set methods intersection and difference when it resets handlers.
if (typeof Set.prototype.intersection !== 'function') {
  Object.defineProperty(Set.prototype, 'intersection', {
    configurable: true,
    writable: true,
    value: function intersection(other) {
      return new Set([...this].filter((value) => other.has(value)));
    },
  });
}
if (typeof Set.prototype.difference !== 'function') {
  Object.defineProperty(Set.prototype, 'difference', {
    configurable: true,
    writable: true,
    value: function difference(other) {
      return new Set([...this].filter((value) => !other.has(value)));
    },
  });
}

// jest-fixed-jsdom brings Node's fetch and streams into jsdom but not WritableStream, which msw's
// server-sent-events module touches when it loads.
globalThis.WritableStream ??= WritableStream;

if (typeof window !== 'undefined') {
  // jsdom does not implement scrolling; the shell scrolls to the top on navigation.
  window.scrollTo = () => {};
  Element.prototype.scrollIntoView = () => {};
}
