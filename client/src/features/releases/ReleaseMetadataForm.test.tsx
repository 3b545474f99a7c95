import { jest } from '@jest/globals';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReleaseFormValues } from './release-form';
import { ReleaseMetadataForm, type ReleaseMetadataFormProps } from './ReleaseMetadataForm';

const values: ReleaseFormValues = {
  title: 'Night Drive',
  genreId: '2751',
  languageId: 'EN',
  releaseDate: '2026-06-01',
  originalReleaseDate: '',
  catalogNumber: '',
  upc: '',
  territoryMode: 'worldwide',
  countryCodes: [],
  outletUris: ['spotify'],
};

function setup(props: Partial<ReleaseMetadataFormProps> = {}) {
  const onSave = jest.fn<ReleaseMetadataFormProps['onSave']>().mockResolvedValue(undefined);
  render(
    <>
      <ReleaseMetadataForm
        id="form"
        initialValues={values}
        dictionaries={{
          genres: [{ id: '2751', name: 'Pop' }],
          languages: [
            { id: 'EN', name: 'English' },
            { id: 'FR', name: 'French' },
          ],
          countries: [
            { code: 'GB', name: 'United Kingdom' },
            { code: 'FR', name: 'France' },
          ],
          dsps: [
            { id: '1', uri: 'spotify', name: 'Spotify' },
            { id: '2', uri: 'deezer', name: 'Deezer' },
          ],
        }}
        hideDspSelection={false}
        today="2026-01-15"
        issues={{}}
        onSave={onSave}
        {...props}
      />
      <button type="submit" form="form">
        Save
      </button>
    </>,
  );
  return { onSave };
}

test('an emptied release date is saved as ASAP (null); territory and stores are sent', async () => {
  const { onSave } = setup();
  await userEvent.clear(screen.getByLabelText('Release date'));
  await userEvent.click(screen.getByLabelText('Everywhere except'));
  await userEvent.selectOptions(screen.getByLabelText('Countries'), ['FR']);
  expect(screen.getByText('Everywhere except France')).toBeInTheDocument();
  await userEvent.click(screen.getByLabelText('Deezer'));
  await userEvent.click(screen.getByRole('button', { name: 'Save' }));
  expect(onSave).toHaveBeenCalledWith(
    expect.objectContaining({ releaseDate: null, territory: { allowed: false, countryCodes: ['FR'] }, outletUris: ['spotify', 'deezer'], languageId: 'EN' }),
  );
});

test('a release date in the past and a UPC with a wrong check digit are refused inline', async () => {
  const { onSave } = setup();
  const date = screen.getByLabelText('Release date');
  await userEvent.clear(date);
  await userEvent.type(date, '2026-01-14');
  await userEvent.type(screen.getByLabelText('UPC'), '036000291453');
  await userEvent.click(screen.getByRole('button', { name: 'Save' }));
  expect(onSave).not.toHaveBeenCalled();
  expect(date).toHaveAccessibleDescription(expect.stringContaining('Date must be 01/15/2026 or later'));
  expect(screen.getByLabelText('UPC')).toHaveAccessibleDescription(expect.stringContaining('UPC must be a valid'));
});

test('only-in needs a country, and the stores picker hides with hideDSPSelection', async () => {
  setup({ hideDspSelection: true });
  expect(screen.queryByRole('group', { name: 'Stores' })).not.toBeInTheDocument();
  await userEvent.click(screen.getByLabelText('Only in'));
  await userEvent.click(screen.getByRole('button', { name: 'Save' }));
  expect(screen.getByRole('alert')).toHaveTextContent('Select at least one country');
});

test("shows the server check's message for an untouched field", () => {
  setup({ issues: { genreId: 'Genre is required' } });
  expect(screen.getByLabelText('Genre')).toHaveAccessibleDescription('Genre is required');
});
