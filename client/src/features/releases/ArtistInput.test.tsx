import { jest } from '@jest/globals';
import { ARTIST_MESSAGES } from '@cadence/domain/artist-names';
import { ARTIST_ROLE } from '@cadence/domain/constants';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ArtistInput, type ArtistChip } from './ArtistInput';

function setup(props: Partial<Parameters<typeof ArtistInput>[0]> = {}) {
  const onAdd = jest.fn<(names: string[]) => void>();
  const onRemove = jest.fn<(artist: ArtistChip) => void>();
  render(
    <>
      <ArtistInput
        label="Featured artists"
        artists={[{ id: 'c1', name: 'Nova' }]}
        context={{ role: ARTIST_ROLE.FEATURED, primaryArtists: ['Main Act'] }}
        onAdd={onAdd}
        onRemove={onRemove}
        {...props}
      />
      <button type="button">elsewhere</button>
    </>,
  );
  return { onAdd, onRemove, input: screen.getByRole('textbox', { name: props.label ?? 'Featured artists' }) };
}

test('adds a name on Enter and clears the input', async () => {
  const { onAdd, input } = setup();
  await userEvent.type(input, 'Guest Star{Enter}');
  expect(onAdd).toHaveBeenCalledWith(['Guest Star']);
  expect(input).toHaveValue('');
});

test('adds on a comma key and on blur', async () => {
  const { onAdd, input } = setup();
  await userEvent.type(input, 'First,');
  expect(onAdd).toHaveBeenLastCalledWith(['First']);
  await userEvent.type(input, 'Second');
  await userEvent.click(screen.getByRole('button', { name: 'elsewhere' }));
  expect(onAdd).toHaveBeenLastCalledWith(['Second']);
  expect(input).toHaveValue('');
});

test('splits a pasted comma list into names', async () => {
  const { onAdd, input } = setup();
  await userEvent.click(input);
  await userEvent.paste('A One, B Two,  C Three');
  await userEvent.keyboard('{Enter}');
  expect(onAdd).toHaveBeenCalledWith(['A One', 'B Two', 'C Three']);
});

test('refuses a name already listed, keeps the input and announces why', async () => {
  const { onAdd, input } = setup();
  await userEvent.type(input, 'nova{Enter}');
  expect(onAdd).not.toHaveBeenCalled();
  expect(input).toHaveValue('nova');
  expect(screen.getByRole('alert')).toHaveTextContent(ARTIST_MESSAGES.duplicate);
  expect(input).toHaveAttribute('aria-invalid', 'true');
});

test('refuses one of the primary artists', async () => {
  const { onAdd, input } = setup();
  await userEvent.type(input, 'Main Act{Enter}');
  expect(onAdd).not.toHaveBeenCalled();
  expect(screen.getByRole('alert')).toHaveTextContent(ARTIST_MESSAGES.inPrimaryArtists);
});

test('composer names may not hold digits or parentheses', async () => {
  const { onAdd, input } = setup({ label: 'Composers', artists: [], context: { role: ARTIST_ROLE.COMPOSER } });
  await userEvent.type(input, 'DJ 2000{Enter}');
  expect(screen.getByRole('alert')).toHaveTextContent(ARTIST_MESSAGES.noNumber);
  await userEvent.clear(input);
  await userEvent.type(input, 'Jane (Doe){Enter}');
  expect(screen.getByRole('alert')).toHaveTextContent(ARTIST_MESSAGES.parentheses);
  expect(onAdd).not.toHaveBeenCalled();
});

test('empty input adds nothing, and chips can be removed', async () => {
  const { onAdd, onRemove, input } = setup();
  await userEvent.type(input, '{Enter}');
  expect(onAdd).not.toHaveBeenCalled();
  await userEvent.click(screen.getByRole('button', { name: 'Remove Nova' }));
  expect(onRemove).toHaveBeenCalledWith<[ArtistChip]>({ id: 'c1', name: 'Nova' });
});

test('can be disabled from outside', () => {
  const { input } = setup({ disabled: true });
  expect(input).toBeDisabled();
  expect(screen.queryByRole('button', { name: 'Remove Nova' })).not.toBeInTheDocument();
});
