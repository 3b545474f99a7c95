import { jest } from '@jest/globals';
import { HttpResponse } from 'msw';
import { api, GRAPHQL_URL } from '../../test/graphql';
import { useMswServer } from '../../test/msw';
import { SignInMutation } from '../features/auth/auth.graphql';
import { ViewerProfileQuery } from './account/account.graphql';
import { createApolloClient, setUnauthenticatedHandler } from './apollo';

const server = useMswServer();
const unauthenticated = { data: null, errors: [{ message: 'Sign in first', extensions: { code: 'UNAUTHENTICATED' } }] };

test('an UNAUTHENTICATED answer runs the sign-out handler once, in one place', async () => {
  const handler = jest.fn();
  setUnauthenticatedHandler(handler);
  server.use(api.query(ViewerProfileQuery, () => HttpResponse.json(unauthenticated)));
  await expect(createApolloClient({ uri: GRAPHQL_URL }).query({ query: ViewerProfileQuery })).rejects.toThrow('Sign in first');
  expect(handler).toHaveBeenCalledWith('ViewerProfile');
});

test('on sign-in, UNAUTHENTICATED means wrong credentials and signs nobody out', async () => {
  const handler = jest.fn();
  setUnauthenticatedHandler(handler);
  server.use(api.mutation(SignInMutation, () => HttpResponse.json(unauthenticated)));
  await expect(createApolloClient({ uri: GRAPHQL_URL }).mutate({ mutation: SignInMutation, variables: { input: { username: 'a@b.com', password: 'x' } } })).rejects.toThrow();
  expect(handler).not.toHaveBeenCalled();
});

test('other errors do not sign out', async () => {
  const handler = jest.fn();
  setUnauthenticatedHandler(handler);
  server.use(api.query(ViewerProfileQuery, () => HttpResponse.json({ data: null, errors: [{ message: 'No', extensions: { code: 'FORBIDDEN' } }] })));
  await expect(createApolloClient({ uri: GRAPHQL_URL }).query({ query: ViewerProfileQuery })).rejects.toThrow();
  expect(handler).not.toHaveBeenCalled();
});
