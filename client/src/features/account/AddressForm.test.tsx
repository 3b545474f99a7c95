import { jest } from '@jest/globals';
import { ApolloProvider } from '@apollo/client/react';
import type { AddressInput } from '@cadence/domain/address';
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse } from 'msw';
import { api, GRAPHQL_URL } from '../../../test/graphql';
import { useMswServer } from '../../../test/msw';
import { createApolloClient } from '../../lib/apollo';
import { CountrySelectQuery } from '../../lib/dictionaries/CountrySelect';
import { AddressForm } from './AddressForm';

const server = useMswServer();
const country = (code: string, name: string) => ({ __typename: 'Country' as const, code, name });

beforeEach(() => {
  server.use(
    api.query(CountrySelectQuery, () =>
      HttpResponse.json({ data: { countries: [country('FR', 'France'), country('CA', 'Canada'), country('GB', 'United Kingdom'), country('US', 'United States')] } }),
    ),
  );
});
afterEach(() => jest.useRealTimers());

const saved: AddressInput = { country: 'FR', address1: '1 rue de la Paix', address2: '', city: 'Paris', state: null, postalCode: '75001' };

async function setup(profile: AddressInput = saved) {
  let release: () => void = () => undefined;
  const onSave = jest.fn((_patch: AddressInput) => new Promise<void>((resolve) => (release = resolve)));
  const view = render(
    <ApolloProvider client={createApolloClient({ uri: GRAPHQL_URL })}>
      <AddressForm profile={profile} onSave={onSave} />
    </ApolloProvider>,
  );
  await screen.findByRole('option', { name: 'France' });
  // Countries are in; from here on the debounce runs on fake time.
  jest.useFakeTimers();
  const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
  return { onSave, user, view, finishSave: () => act(async () => release()) };
}

const wait = (ms: number) => act(async () => void (await jest.advanceTimersByTimeAsync(ms)));

test('countries: US, GB, CA first; the state select only for the US', async () => {
  await setup();
  const options = screen.getAllByRole('option').map((o) => o.textContent);
  expect(options.slice(0, 5)).toEqual(['Select a country', 'United States', 'United Kingdom', 'Canada', 'France']);
  expect(screen.queryByLabelText('State/Province')).not.toBeInTheDocument();
});

test('leaving a changed field saves only that field, 100 ms later, with a spinner on it until saved', async () => {
  const { onSave, user, finishSave } = await setup();
  await user.clear(screen.getByLabelText('City'));
  await user.type(screen.getByLabelText('City'), 'Lyon');
  await user.tab();
  await wait(99);
  expect(onSave).not.toHaveBeenCalled();
  await wait(1);
  expect(onSave).toHaveBeenCalledTimes(1);
  expect(onSave).toHaveBeenCalledWith({ city: 'Lyon' });
  expect(screen.getByText('Saving City').closest('[role="status"]')).not.toBeNull();
  await finishSave();
  expect(screen.queryByText('Saving City')).not.toBeInTheDocument();
});

test('an invalid field is not sent, and its error shows once touched', async () => {
  const { onSave, user } = await setup();
  await user.clear(screen.getByLabelText('Zip/Postal Code'));
  await user.type(screen.getByLabelText('Zip/Postal Code'), '75@01');
  await user.tab();
  await wait(150);
  expect(onSave).not.toHaveBeenCalled();
  expect(screen.getByText('Invalid Zip/Postal Code')).toHaveAttribute('role', 'alert');
  await user.clear(screen.getByLabelText('Address Line 1'));
  await user.tab();
  expect(screen.getByText('Address is required')).toBeInTheDocument();
});

test('a US address is not saved until a valid state is chosen', async () => {
  const { onSave, user } = await setup();
  await user.selectOptions(screen.getByLabelText('Country'), 'US');
  await user.tab();
  await wait(150);
  expect(onSave).not.toHaveBeenCalled();
  await user.selectOptions(screen.getByLabelText('State/Province'), 'NY');
  await wait(150);
  expect(onSave).toHaveBeenCalledTimes(1);
  expect(onSave).toHaveBeenCalledWith({ country: 'US', state: 'NY' });
});

test('choosing a country other than the US clears the state', async () => {
  const { onSave, user } = await setup({ ...saved, country: 'US', state: 'NY', postalCode: '10001' });
  expect(screen.getByLabelText('State/Province')).toHaveValue('NY');
  await user.selectOptions(screen.getByLabelText('Country'), 'CA');
  await wait(150);
  expect(screen.queryByLabelText('State/Province')).not.toBeInTheDocument();
  expect(onSave).toHaveBeenCalledWith({ country: 'CA', state: null });
});

test('the profile fills the form on first load only', async () => {
  const { view, user } = await setup();
  await user.clear(screen.getByLabelText('Address Line 2'));
  view.rerender(
    <ApolloProvider client={createApolloClient({ uri: GRAPHQL_URL })}>
      <AddressForm profile={{ ...saved, city: 'Marseille' }} onSave={async () => undefined} />
    </ApolloProvider>,
  );
  expect(screen.getByLabelText('City')).toHaveValue('Paris');
});
