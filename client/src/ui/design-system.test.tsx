import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { Form } from 'react-final-form';
import { MemoryRouter } from 'react-router-dom';
import { Badge } from './Badge';
import { Button, ButtonRow, buttonClass } from './Button';
import { EmptyState } from './EmptyState';
import { Checkbox, Field } from './Field';
import { countOf } from './plural';
import { SaveStatus } from './SaveStatus';
import { MenuToggle, SiteHeader } from './SiteHeader';
import { nextSort, SortableHeader, Table, type SortState } from './Table';
import { CheckboxField, mustAccept } from './TextField';

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

test('a table of plain columns: scope="col" headers, a hidden "Actions" label, its own scrolling region named after the caption', () => {
  render(
    <Table caption="Receipts" columns={['Date', { label: 'Amount', numeric: true }, false, { label: 'Actions', hidden: true }]}>
      <tr>
        <td>03/15/2024</td>
        <td>$20.00</td>
        <td>
          <Button size="small">Download</Button>
        </td>
      </tr>
    </Table>,
  );
  const table = screen.getByRole('table', { name: 'Receipts' });
  const headers = within(table).getAllByRole('columnheader');
  expect(headers.map((h) => h.textContent)).toEqual(['Date', 'Amount', 'Actions']);
  headers.forEach((h) => expect(h).toHaveAttribute('scope', 'col'));
  expect(headers[1]).toHaveClass('num');
  expect(headers[2]!.firstElementChild).toHaveClass('visually-hidden');
  const region = screen.getByRole('region', { name: 'Receipts (table)' });
  expect(region).toHaveAttribute('tabindex', '0');
  expect(region).toHaveClass('table-region');
  expect(region).toContainElement(table);
});

test('a table named by a heading elsewhere, its region by another element', () => {
  render(
    <section>
      <h2 id="ex-statement">Statement of account</h2>
      <p id="ex-count">2 lines</p>
      <Table labelledBy="ex-statement" regionLabelledBy="ex-count" describedBy="ex-count" columns={['Date']}>
        <tr>
          <td>03/15/2024</td>
        </tr>
      </Table>
    </section>,
  );
  const table = screen.getByRole('table', { name: 'Statement of account' });
  expect(table).toHaveAccessibleDescription('2 lines');
  expect(table.querySelector('caption')).toBeNull();
  expect(screen.getByRole('region', { name: '2 lines' })).toContainElement(table);
});

test('a sortable numeric column is aligned right', () => {
  render(
    <Table caption="Sales" head={<SortableHeader column="units" label="Units" sort={{ column: 'units', direction: 'desc' }} onSort={() => undefined} numeric />}>
      <tr>
        <td>3</td>
      </tr>
    </Table>,
  );
  const units = screen.getByRole('columnheader', { name: 'Units' });
  expect(units).toHaveClass('num');
  expect(units.querySelector('svg')).toHaveAttribute('data-direction', 'desc');
});

test('CheckboxField (react-final-form): label beside the box, hint tied to it, the error announced once touched', async () => {
  const user = userEvent.setup();
  render(
    <Form onSubmit={() => undefined}>
      {({ handleSubmit }) => (
        <form onSubmit={(e) => void handleSubmit(e)}>
          <CheckboxField name="agree" label="I accept the distribution agreement" hint="You can read it first." validate={mustAccept('Please accept the distribution agreement')} />
          <Button type="submit">Continue</Button>
        </form>
      )}
    </Form>,
  );
  const box = screen.getByRole('checkbox', { name: 'I accept the distribution agreement' });
  expect(box.nextElementSibling?.tagName).toBe('LABEL');
  expect(box).toHaveAccessibleDescription('You can read it first.');
  expect(screen.queryByRole('alert')).toBeNull();
  await user.click(screen.getByRole('button', { name: 'Continue' }));
  expect(screen.getByRole('alert')).toHaveTextContent('Please accept the distribution agreement');
  expect(box).toHaveAttribute('aria-invalid', 'true');
  expect(box).toHaveAccessibleDescription('You can read it first. Please accept the distribution agreement');
  await user.click(box);
  expect(screen.queryByRole('alert')).toBeNull();
});

test('the shared site header: the brand links home, the menu toggle is a disclosure named "Menu"', async () => {
  function Header() {
    const [open, setOpen] = useState(false);
    return (
      <SiteHeader home="/releases" brandName="Cadence" logo="/logo.svg" app>
        <MenuToggle open={open} controls="ex-menu" onClick={() => setOpen((o) => !o)} />
        <nav aria-label="Main" id="ex-menu" hidden={!open} />
      </SiteHeader>
    );
  }
  render(
    <MemoryRouter>
      <Header />
    </MemoryRouter>,
  );
  expect(screen.getByRole('banner')).toHaveClass('site-header', 'site-header--app');
  expect(screen.getByRole('link', { name: 'Cadence' })).toHaveAttribute('href', '/releases');
  const toggle = screen.getByRole('button', { name: 'Menu' });
  expect(toggle).toHaveAttribute('aria-controls', 'ex-menu');
  expect(toggle).toHaveAttribute('aria-expanded', 'false');
  await userEvent.click(toggle);
  expect(toggle).toHaveAttribute('aria-expanded', 'true');
});
