import { ApolloProvider } from '@apollo/client/react';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse } from 'msw';
import { useMswServer } from '../../../test/msw';
import { useState } from 'react';
import { api, GRAPHQL_URL } from '../../../test/graphql';
import { createApolloClient } from '../apollo';
import { CountrySelect, CountrySelectQuery } from './CountrySelect';

const server = useMswServer();

const country = (code: string, name: string) => ({ __typename: 'Country' as const, code, name });

function Form({ onChange }: { onChange?: (code: string) => void }) {
  const [value, setValue] = useState('');
  return (
    <ApolloProvider client={createApolloClient({ uri: GRAPHQL_URL })}>
      <CountrySelect
        value={value}
        onChange={(code) => {
          setValue(code);
          onChange?.(code);
        }}
      />
    </ApolloProvider>
  );
}

test('lists US, GB and CA first, then the other countries by name', async () => {
  server.use(
    api.query(CountrySelectQuery, () =>
      HttpResponse.json({
        data: {
          countries: [
            country('FR', 'France'),
            country('CA', 'Canada'),
            country('AT', 'Austria'),
            country('GB', 'United Kingdom'),
            country('US', 'United States'),
            country('BR', 'Brazil'),
          ],
        },
      }),
    ),
  );
  const changes: string[] = [];
  render(<Form onChange={(code) => changes.push(code)} />);

  const select = screen.getByRole('combobox', { name: 'Country' });
  await screen.findByRole('option', { name: 'France' });
  expect(within(select).getAllByRole('option').map((option) => option.textContent)).toEqual([
    'Select a country',
    'United States',
    'United Kingdom',
    'Canada',
    'Austria',
    'Brazil',
    'France',
  ]);

  await userEvent.selectOptions(select, 'GB');
  expect(select).toHaveValue('GB');
  expect(changes).toEqual(['GB']);
});

test('announces when the countries cannot be loaded', async () => {
  server.use(api.query(CountrySelectQuery, () => HttpResponse.json({ errors: [{ message: 'down' }] })));
  render(<Form />);
  const alert = await screen.findByRole('alert');
  expect(alert).toHaveTextContent('We could not load the list of countries.');
  expect(screen.getByRole('combobox', { name: 'Country' })).toHaveAccessibleDescription(
    'We could not load the list of countries.',
  );
});
