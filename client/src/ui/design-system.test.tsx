import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { Badge } from './Badge';
import { Button, ButtonRow, buttonClass } from './Button';
import { EmptyState } from './EmptyState';
import { Checkbox, Field } from './Field';
import { countOf } from './plural';
import { SaveStatus } from './SaveStatus';
import { nextSort, SortableHeader, Table, type SortState } from './Table';

/** Every variant of the design system on one page (the examples of docs/ui.md), as a test renders it. */
function Examples() {
  const [sort, setSort] = useState<SortState<'title' | 'date'> | null>(null);
  const [ticked, setTicked] = useState(false);
  return (
    <main>
      <ButtonRow>
        <Button>Save</Button>
        <Button variant="secondary">Cancel</Button>
        <Button variant="link">Show more</Button>
        <Button variant="danger">Yes, delete it</Button>
        <Button disabled>Not yet</Button>
        <Button size="small">Small</Button>
      </ButtonRow>
      <Checkbox id="ex-agree" label="I accept the distribution agreement" checked={ticked} onChange={setTicked} hint="You can read it first." />
      <Field id="ex-title" label="Release title" hint="Up to 200 characters." error="Release title is required">
        {(a) => <input {...a} />}
      </Field>
      <Table
        caption="Releases"
        head={
          <>
            <SortableHeader column="title" label="Title" sort={sort} onSort={(c) => setSort(nextSort(sort, c))} />
            <SortableHeader column="date" label="Date" sort={sort} onSort={(c) => setSort(nextSort(sort, c))} />
          </>
        }
      >
        <tr>
          <td>Night Drive</td>
          <td>03/15/2024</td>
        </tr>
      </Table>
      <SaveStatus state="saved" />
      <EmptyState title="You have no releases yet" action={<Button>Create your first release</Button>}>
        <p>Add your tracks and cover art.</p>
      </EmptyState>
      {['Draft', 'Pending', 'Published', 'Denied', 'Takedown Submitted'].map((s) => (
        <Badge key={s} status={s} />
      ))}
    </main>
  );
}

test('buttons: one class per variant, "button" as the default type, a disabled look', () => {
  render(<Examples />);
  expect(screen.getByRole('button', { name: 'Save' })).toHaveClass('button', 'button--primary');
  expect(screen.getByRole('button', { name: 'Save' })).toHaveAttribute('type', 'button');
  expect(screen.getByRole('button', { name: 'Cancel' })).toHaveClass('button--secondary');
  expect(screen.getByRole('button', { name: 'Show more' })).toHaveClass('button--link');
  expect(screen.getByRole('button', { name: 'Yes, delete it' })).toHaveClass('button--danger');
  expect(screen.getByRole('button', { name: 'Not yet' })).toBeDisabled();
  expect(screen.getByRole('button', { name: 'Small' })).toHaveClass('button--small');
  expect(screen.getByRole('button', { name: 'Save' }).parentElement).toHaveClass('button-row');
  expect(buttonClass('secondary', 'small')).toBe('button button--secondary button--small');
});

test('a checkbox has its label beside it and a field ties its hint and error to its control', async () => {
  render(<Examples />);
  const box = screen.getByRole('checkbox', { name: 'I accept the distribution agreement' });
  expect(box.nextElementSibling?.tagName).toBe('LABEL');
  expect(box).toHaveAccessibleDescription('You can read it first.');
  await userEvent.click(screen.getByText('I accept the distribution agreement'));
  expect(box).toBeChecked();
  const title = screen.getByRole('textbox', { name: 'Release title' });
  expect(title).toHaveAccessibleDescription('Up to 200 characters. Release title is required');
  expect(title).toHaveAttribute('aria-invalid', 'true');
  expect(screen.getByRole('alert')).toHaveTextContent('Release title is required');
});

test('the sortable header (supporting §2): a click emits the column, the arrow shows on the active column only, down ascending and up descending', async () => {
  render(<Examples />);
  const table = screen.getByRole('table', { name: 'Releases' });
  const title = within(table).getByRole('columnheader', { name: 'Title' });
  const date = within(table).getByRole('columnheader', { name: 'Date' });
  expect(title.querySelector('svg')).toBeNull();
  expect(title).toHaveAttribute('aria-sort', 'none');
  await userEvent.click(within(title).getByRole('button'));
  expect(title).toHaveAttribute('aria-sort', 'ascending');
  expect(title.querySelector('svg path')).toHaveAttribute('d', 'M3 5l4 4 4-4');
  expect(title.querySelector('svg')).toHaveAttribute('width', '14');
  expect(date.querySelector('svg')).toBeNull();
  await userEvent.click(within(title).getByRole('button'));
  expect(title).toHaveAttribute('aria-sort', 'descending');
  expect(title.querySelector('svg path')).toHaveAttribute('d', 'M3 9l4-4 4 4');
  await userEvent.click(within(date).getByRole('button'));
  expect(title.querySelector('svg')).toBeNull();
  expect(date).toHaveAttribute('aria-sort', 'ascending');
});

test('saved status, empty state, a badge per display status, counts in the right number', () => {
  render(<Examples />);
  expect(screen.getByRole('status')).toHaveTextContent('Saved');
  expect(screen.getByRole('heading', { name: 'You have no releases yet' })).toBeInTheDocument();
  expect(screen.getByText('Published')).toHaveClass('badge--good');
  expect(screen.getByText('Denied')).toHaveClass('badge--bad');
  expect(screen.getByText('Draft')).toHaveClass('badge--quiet');
  expect(screen.getByText('Pending')).toHaveClass('badge--busy');
  expect([countOf(1, 'release'), countOf(2, 'track'), countOf(0, 'track')]).toEqual(['1 release', '2 tracks', '0 tracks']);
});
