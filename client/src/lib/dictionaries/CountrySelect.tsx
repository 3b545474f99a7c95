import { useQuery } from '@apollo/client/react';
import { sortCountriesPopularFirst } from '@cadence/domain/countries';
import { useId, useMemo } from 'react';
import { graphql } from '../../gql';

export const CountrySelectQuery = graphql(`
  query CountrySelect {
    countries {
      code
      name
    }
  }
`);

export interface CountrySelectProps {
  /** The selected ISO 3166-1 code, or '' for none. */
  value: string;
  onChange: (code: string) => void;
  label?: string;
  id?: string;
  name?: string;
  required?: boolean;
  disabled?: boolean;
  /** Marks the control invalid; pair it with `describedBy` naming the error text's id. */
  invalid?: boolean;
  describedBy?: string;
}

/** A labelled country select: US, GB and CA first, then every other country by name (core §2). */
export function CountrySelect({
  value,
  onChange,
  label = 'Country',
  id,
  name,
  required,
  disabled,
  invalid,
  describedBy,
}: CountrySelectProps) {
  const generatedId = useId();
  const selectId = id ?? generatedId;
  const errorId = `${selectId}-load-error`;
  const { data, loading, error } = useQuery(CountrySelectQuery);

  const options = useMemo(
    () =>
      sortCountriesPopularFirst(
        (data?.countries ?? []).map((country) => ({ ...country, countryCode: country.code, countryName: country.name })),
      ),
    [data],
  );
  const loadFailed = Boolean(error) && !data;
  const describedByIds = [describedBy, loadFailed ? errorId : undefined].filter(Boolean).join(' ') || undefined;

  return (
    <div className="field">
      <label htmlFor={selectId}>{label}</label>
      <select
        id={selectId}
        name={name}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        required={required}
        disabled={disabled}
        aria-invalid={invalid || undefined}
        aria-describedby={describedByIds}
      >
        <option value="">{loading && !data ? 'Loading countries…' : 'Select a country'}</option>
        {options.map((country) => (
          <option key={country.code} value={country.code}>
            {country.name}
          </option>
        ))}
      </select>
      {loadFailed && (
        <p id={errorId} className="field__error" role="alert">
          We could not load the list of countries.
        </p>
      )}
    </div>
  );
}
