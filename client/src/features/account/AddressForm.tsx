import { useQuery } from '@apollo/client/react';
import { addressPatch, validateAddressField, type AddressField, type AddressInput } from '@cadence/domain/address';
import { DEBOUNCE_ADDRESS_FORM_MS } from '@cadence/domain/constants';
import { requiresState, sortCountriesPopularFirst, US_STATES } from '@cadence/domain/countries';
import type { FormApi } from 'final-form';
import { useMemo, useRef, useState } from 'react';
import { Form } from 'react-final-form';
import { CountrySelectQuery } from '../../lib/dictionaries/CountrySelect';
import { SelectField } from './SelectField';
import { TextField } from '../../ui/TextField';
import { useDebouncedTask } from './useDebouncedTask';

export type AddressValues = Record<AddressField, string>;

export interface AddressFormProps {
  /** The saved address (the profile). Read once: later changes do not refill the form. */
  profile: AddressInput;
  /** Saves the changed, valid fields; resolves when the profile has come back. */
  onSave: (patch: AddressInput) => Promise<unknown>;
  oneColumn?: boolean;
  fullWidth?: boolean;
}

const toValues = (address: AddressInput): AddressValues => ({
  country: address.country ?? '',
  address1: address.address1 ?? '',
  address2: address.address2 ?? '',
  city: address.city ?? '',
  state: address.state ?? '',
  postalCode: address.postalCode ?? '',
});

const STATE_OPTIONS = US_STATES.map((s) => ({ value: s.value, label: s.name }));

const fieldRule = (field: AddressField) => (_value: unknown, all: object) => validateAddressField(field, all as AddressInput)?.message;

/**
 * Supporting §4-§5 address form: every field saves on blur after 100 ms, sending only fields that
 * changed and are valid, with a spinner on each field being saved. The profile fills the form only
 * on first load. A non-US country clears the state; a US address is not saved without a valid state.
 */
export function AddressForm({ profile, onSave, oneColumn = false, fullWidth = false }: AddressFormProps) {
  const [initialValues] = useState(() => toValues(profile));
  const saved = useRef<AddressInput>(toValues(profile));
  const [busy, setBusy] = useState<ReadonlySet<string>>(new Set());
  const debounce = useDebouncedTask(DEBOUNCE_ADDRESS_FORM_MS);
  const { data } = useQuery(CountrySelectQuery);
  const countryOptions = useMemo(
    () =>
      sortCountriesPopularFirst((data?.countries ?? []).map((c) => ({ countryCode: c.code, countryName: c.name }))).map((c) => ({
        value: c.countryCode,
        label: c.countryName,
      })),
    [data],
  );

  const scheduleSave = (form: FormApi<AddressValues>) =>
    debounce(() => {
      const patch = addressPatch(saved.current, form.getState().values);
      const fields = Object.keys(patch);
      if (fields.length === 0) return;
      setBusy(new Set(fields));
      void onSave(patch)
        .then(() => {
          saved.current = { ...saved.current, ...patch };
        })
        .catch(() => undefined)
        .finally(() => setBusy(new Set()));
    });

  return (
    <Form<AddressValues>
      onSubmit={() => undefined}
      initialValues={initialValues}
      initialValuesEqual={() => true}
      render={({ form, values }) => (
        <form
          className={['address-form', oneColumn ? 'address-form--one-column' : '', fullWidth ? 'address-form--full' : ''].filter(Boolean).join(' ')}
          aria-label="Address"
          noValidate
          onSubmit={(event) => event.preventDefault()}
        >
          <SelectField
            name="country"
            label="Country"
            placeholder="Select a country"
            options={countryOptions}
            validate={fieldRule('country')}
            saving={busy.has('country')}
            onAfterChange={(country) => {
              if (!requiresState(country)) form.change('state', '');
              scheduleSave(form);
            }}
            onAfterBlur={() => scheduleSave(form)}
          />
          <TextField name="address1" label="Address Line 1" autoComplete="address-line1" validate={fieldRule('address1')} saving={busy.has('address1')} onAfterBlur={() => scheduleSave(form)} />
          <TextField name="address2" label="Address Line 2" autoComplete="address-line2" validate={fieldRule('address2')} saving={busy.has('address2')} onAfterBlur={() => scheduleSave(form)} />
          <TextField name="city" label="City" autoComplete="address-level2" validate={fieldRule('city')} saving={busy.has('city')} onAfterBlur={() => scheduleSave(form)} />
          {requiresState(values.country) && (
            <SelectField
              name="state"
              label="State/Province"
              placeholder="Select a state"
              options={STATE_OPTIONS}
              validate={fieldRule('state')}
              saving={busy.has('state')}
              onAfterChange={() => scheduleSave(form)}
              onAfterBlur={() => scheduleSave(form)}
            />
          )}
          <TextField name="postalCode" label="Zip/Postal Code" autoComplete="postal-code" validate={fieldRule('postalCode')} saving={busy.has('postalCode')} onAfterBlur={() => scheduleSave(form)} />
        </form>
      )}
    />
  );
}
