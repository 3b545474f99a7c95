import { maySignedIn, noteSessionStarted } from './session-hint';

afterEach(() => {
  delete window.__CADENCE__;
});

test('someone may be signed in unless the server said the request had no session cookie, until a session starts', () => {
  expect(maySignedIn()).toBe(true);
  window.__CADENCE__ = { brandName: 'Cadence', session: true };
  expect(maySignedIn()).toBe(true);
  window.__CADENCE__ = { brandName: 'Cadence', session: false };
  expect(maySignedIn()).toBe(false);
  noteSessionStarted();
  expect(maySignedIn()).toBe(true);
});
