import { jest } from '@jest/globals';
import { ApolloProvider } from '@apollo/client/react';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse } from 'msw';
import { MemoryRouter } from 'react-router-dom';
import { api, GRAPHQL_URL } from '../../../../test/graphql';
import { useMswServer } from '../../../../test/msw';
import { createApolloClient } from '../../../lib/apollo';
import type { InAppMessageRow_MessageFragment } from '../../../gql/graphql';
import SupportPage from '../SupportPage';
import { AllInAppMessagesQuery, CreateInAppMessageMutation, DeleteInAppMessageMutation, UpdateInAppMessageMutation } from './in-app-admin.graphql';
import { InAppMessagesAdmin } from './InAppMessagesAdmin';

const server = useMswServer();

// These tests fill a long form key by key; the default 5 s is too tight on a busy machine.
jest.setTimeout(30_000);

const withApollo = (node: React.ReactNode) => (
  <MemoryRouter>
    <ApolloProvider client={createApolloClient({ uri: GRAPHQL_URL })}>{node}</ApolloProvider>
  </MemoryRouter>
);

const message = (over: Partial<InAppMessageRow_MessageFragment>): InAppMessageRow_MessageFragment & { __typename: 'InAppMessage' } => ({
  __typename: 'InAppMessage',
  id: 'm1',
  type: 'POPUP_MODAL',
  headline: 'New plans',
  bodyText: '<p>Try VIP</p>',
  ctaBtn: null,
  disableCloseBtn: false,
  delay: 0,
  pages: ['releases'],
  devices: ['DESKTOP', 'MOBILE', 'TABLET'],
  startDate: '2026-11-01T09:00:00.000Z',
  endDate: null,
  force: false,
  isStandAlone: false,
  isDisplayAlways: false,
  audience: 'ALL',
  ...over,
});

const popup = message({ force: true, isStandAlone: true });
const banner = message({ id: 'm2', type: 'BLUE_BANNER', headline: null, bodyText: 'Maintenance tonight', disableCloseBtn: true, startDate: '2031-01-01T00:00:00.000Z', endDate: '2031-02-01T00:00:00.000Z' });

function listing(messages = [popup, banner]) {
  return api.query(AllInAppMessagesQuery, () =>
    HttpResponse.json({
      data: {
        allInAppMessages: messages,
        inAppMessageStats: [{ messageId: 'm1', triggered: 42, clicked: 7 }],
      },
    }),
  );
}

test('the list shows each message with its type, headline, flags and its triggered and clicked counts', async () => {
  server.use(listing());
  render(withApollo(<InAppMessagesAdmin />));
  const table = await screen.findByRole('table', { name: 'In-app messages' });
  // The shared Table: every header names its column, the actions column for screen readers only.
  expect(within(table).getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['Type', 'Headline', 'Start date', 'Status', 'Flags', 'Triggered', 'Clicked', 'Actions']);
  expect(within(table).getByRole('columnheader', { name: 'Actions' }).firstElementChild).toHaveClass('visually-hidden');
  expect(screen.getByRole('region', { name: 'In-app messages (table)' })).toContainElement(table);
  const rows = within(table).getAllByRole('row');
  expect(rows).toHaveLength(3);
  const popupCells = within(rows[1]!).getAllByRole('cell').map((c) => c.textContent);
  expect(popupCells.slice(0, 2)).toEqual(['popup-modal', 'New plans']);
  expect(popupCells[2]).toBe(new Date('2026-11-01T09:00:00.000Z').toLocaleString());
  expect(popupCells[3]).toBe('live');
  expect(popupCells.slice(4, 7)).toEqual(['force, stand-alone', '42', '7']);
  const bannerCells = within(rows[2]!).getAllByRole('cell').map((c) => c.textContent);
  expect(bannerCells[0]).toBe('blue-banner');
  // No events yet: the counts read 0 rather than nothing.
  expect(bannerCells[3]).toBe(`scheduled (until ${new Date('2031-02-01T00:00:00.000Z').toLocaleString()})`);
  expect(bannerCells.slice(4, 7)).toEqual(['no close button', '0', '0']);
});

test('the support page mounts the in-app messages section on demand', async () => {
  server.use(listing());
  const user = userEvent.setup();
  render(withApollo(<SupportPage navigate={() => undefined} />));
  expect(screen.getByRole('heading', { name: 'In-app messages', level: 2 })).toBeInTheDocument();
  const toggle = screen.getByRole('button', { name: 'Manage in-app messages' });
  expect(toggle).toHaveAttribute('aria-expanded', 'false');
  await user.click(toggle);
  expect(await screen.findByRole('table', { name: 'In-app messages' })).toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Hide in-app messages' })).toHaveAttribute('aria-expanded', 'true');
});

test('creating a message sends the input the API expects, then the list is fetched again', async () => {
  let sent: unknown;
  let listed = 0;
  server.use(
    api.query(AllInAppMessagesQuery, () => {
      listed += 1;
      return HttpResponse.json({ data: { allInAppMessages: [], inAppMessageStats: [] } });
    }),
    api.mutation(CreateInAppMessageMutation, ({ variables }) => {
      sent = variables.input;
      return HttpResponse.json({ data: { createInAppMessage: { inAppMessage: message({ id: 'm9' }) } } });
    }),
  );
  const user = userEvent.setup();
  render(withApollo(<InAppMessagesAdmin />));
  expect(await screen.findByText('No in-app messages yet.')).toBeInTheDocument();
  await user.click(screen.getByRole('button', { name: 'New message' }));
  const form = screen.getByRole('form', { name: 'New in-app message' });
  await user.selectOptions(within(form).getByLabelText('Type'), 'popup-modal');
  await user.type(within(form).getByLabelText('Headline'), 'New plans');
  await user.type(within(form).getByLabelText('Body text'), '<p>Try <b>VIP</b></p>');
  await user.type(within(form).getByLabelText('Button text'), 'See plans');
  await user.type(within(form).getByLabelText('Button address'), '/choose-your-plan');
  await user.click(within(form).getByLabelText('Open in a new tab'));
  await user.clear(within(form).getByLabelText('Delay (seconds)'));
  await user.type(within(form).getByLabelText('Delay (seconds)'), '5');
  const pages = within(form).getByRole('group', { name: 'Pages' });
  await user.click(within(pages).getByLabelText('Releases list'));
  await user.click(within(pages).getByLabelText('Sales + Payments'));
  await user.click(within(within(form).getByRole('group', { name: 'Devices' })).getByLabelText('tablet'));
  await user.selectOptions(within(form).getByLabelText('Audience'), 'Signed-in people only');
  await user.click(within(form).getByLabelText(/^Force/));
  await user.click(within(form).getByRole('button', { name: 'Create message' }));

  expect(await screen.findByText('The message was created.')).toBeInTheDocument();
  expect(sent).toEqual({
    type: 'POPUP_MODAL',
    headline: 'New plans',
    bodyText: '<p>Try <b>VIP</b></p>',
    ctaText: 'See plans',
    ctaUrl: '/choose-your-plan',
    ctaNewTab: true,
    disableCloseBtn: false,
    delay: 5,
    pages: ['releases', 'sales'],
    devices: ['DESKTOP', 'MOBILE'],
    audience: 'SIGNED_IN',
    force: true,
    isStandAlone: false,
    isDisplayAlways: false,
  });
  expect(screen.queryByRole('form', { name: 'New in-app message' })).not.toBeInTheDocument();
  await waitFor(() => expect(listed).toBe(2));
});

test('the form explains what is missing or wrong, and sends nothing until it is right', async () => {
  let sent = 0;
  server.use(
    listing([]),
    api.mutation(CreateInAppMessageMutation, () => {
      sent += 1;
      return HttpResponse.json({ data: null });
    }),
  );
  const user = userEvent.setup();
  render(withApollo(<InAppMessagesAdmin />));
  await user.click(await screen.findByRole('button', { name: 'New message' }));
  const form = screen.getByRole('form', { name: 'New in-app message' });
  expect(within(form).getByLabelText('Type')).toHaveFocus();
  await user.click(within(form).getByRole('button', { name: 'Create message' }));
  const alerts = () => within(form).getAllByRole('alert').map((a) => a.textContent);
  expect(alerts()).toEqual(['Choose a message type', 'Body text is required', "Choose at least one page, or 'Every page'"]);
  expect(within(form).getByLabelText('Type')).toHaveAttribute('aria-invalid', 'true');

  await user.selectOptions(within(form).getByLabelText('Type'), 'popup-modal');
  await user.type(within(form).getByLabelText('Button address'), 'javascript:alert(1)');
  await user.clear(within(form).getByLabelText('Delay (seconds)'));
  await user.type(within(form).getByLabelText('Delay (seconds)'), '-1');
  for (const device of ['desktop', 'mobile', 'tablet']) await user.click(within(within(form).getByRole('group', { name: 'Devices' })).getByLabelText(device));
  await user.click(within(form).getByRole('button', { name: 'Create message' }));
  expect(alerts()).toEqual([
    'A popup needs a headline',
    'Body text is required',
    'The button needs a text',
    'The button address must start with http://, https://, mailto: or / (a path on this site)',
    'Delay must be whole seconds from 0 to 3600',
    "Choose at least one page, or 'Every page'",
    'Choose at least one device',
  ]);
  expect(within(form).getByLabelText('Button address')).toHaveAccessibleDescription(expect.stringContaining('must start with http://'));
  expect(sent).toBe(0);
});

test("the API's field errors show next to their fields, with its message", async () => {
  server.use(
    listing([]),
    api.mutation(CreateInAppMessageMutation, () =>
      HttpResponse.json({
        data: null,
        errors: [
          {
            message: 'Pages must be known page ids',
            extensions: { code: 'BAD_USER_INPUT', fieldErrors: [{ field: 'bodyText', key: 'required', message: 'Body text is required after sanitising' }] },
          },
        ],
      }),
    ),
  );
  const user = userEvent.setup();
  render(withApollo(<InAppMessagesAdmin />));
  await user.click(await screen.findByRole('button', { name: 'New message' }));
  const form = screen.getByRole('form', { name: 'New in-app message' });
  await user.selectOptions(within(form).getByLabelText('Type'), 'alert-banner');
  await user.type(within(form).getByLabelText('Body text'), '<script>x</script>');
  await user.click(within(within(form).getByRole('group', { name: 'Pages' })).getByLabelText('Every page'));
  await user.click(within(form).getByRole('button', { name: 'Create message' }));
  expect(await within(form).findByText('Body text is required after sanitising')).toHaveAttribute('role', 'alert');
  expect(within(form).getByText('Pages must be known page ids')).toHaveAttribute('role', 'alert');
  expect(screen.getByRole('form', { name: 'New in-app message' })).toBeInTheDocument();
});

test('editing a message fills the form and sends its id with the changes', async () => {
  let sent: unknown;
  server.use(
    listing(),
    api.mutation(UpdateInAppMessageMutation, ({ variables }) => {
      sent = variables.input;
      return HttpResponse.json({ data: { updateInAppMessage: { inAppMessage: popup } } });
    }),
  );
  const user = userEvent.setup();
  render(withApollo(<InAppMessagesAdmin />));
  await user.click(await screen.findByRole('button', { name: 'Edit New plans' }));
  const form = screen.getByRole('form', { name: 'Edit in-app message' });
  expect(within(form).getByLabelText('Headline')).toHaveValue('New plans');
  expect(within(within(form).getByRole('group', { name: 'Pages' })).getByLabelText('Releases list')).toBeChecked();
  await user.clear(within(form).getByLabelText('Headline'));
  await user.type(within(form).getByLabelText('Headline'), 'Newer plans');
  await user.click(within(form).getByRole('button', { name: 'Save message' }));
  expect(await screen.findByText('The message was saved.')).toBeInTheDocument();
  expect(sent).toMatchObject({ id: 'm1', headline: 'Newer plans', bodyText: '<p>Try VIP</p>', pages: ['releases'], force: true, isStandAlone: true, endDate: null });
});

test('archiving asks for confirmation first, and can be called off', async () => {
  const archived: unknown[] = [];
  server.use(
    listing(),
    api.mutation(DeleteInAppMessageMutation, ({ variables }) => {
      archived.push(variables.input.id);
      return HttpResponse.json({ data: { deleteInAppMessage: { deletedId: variables.input.id } } });
    }),
  );
  const user = userEvent.setup();
  render(withApollo(<InAppMessagesAdmin />));
  await user.click(await screen.findByRole('button', { name: 'Archive New plans' }));
  const confirm = screen.getByRole('group', { name: 'Archive New plans?' });
  expect(within(confirm).getByRole('button', { name: 'Yes, archive' })).toHaveFocus();
  await user.click(within(confirm).getByRole('button', { name: 'Keep it' }));
  expect(archived).toEqual([]);

  await user.click(screen.getByRole('button', { name: 'Archive New plans' }));
  await user.keyboard('{Enter}');
  expect(await screen.findByText('The message was archived.')).toBeInTheDocument();
  expect(archived).toEqual(['m1']);
});

test('cancelling the form returns focus to the button that opens it', async () => {
  server.use(listing([]));
  const user = userEvent.setup();
  render(withApollo(<InAppMessagesAdmin />));
  await user.click(await screen.findByRole('button', { name: 'New message' }));
  await user.click(screen.getByRole('button', { name: 'Cancel' }));
  expect(screen.queryByRole('form', { name: 'New in-app message' })).not.toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'New message' })).toHaveFocus();
});

test('the page choices read as page names, never raw ids (issue 19 item 9)', async () => {
  server.use(listing([]));
  const user = userEvent.setup();
  render(withApollo(<InAppMessagesAdmin />));
  await user.click(await screen.findByRole('button', { name: 'New message' }));
  const pages = within(screen.getByRole('group', { name: 'Pages' }));
  expect(pages.getByLabelText('Release editor')).toBeInTheDocument();
  expect(pages.getByLabelText('Every page')).toBeInTheDocument();
  expect(pages.queryByLabelText('releases-edit-id')).toBeNull();
  expect(pages.getAllByRole('checkbox').map((box) => box.closest('span')?.textContent ?? '').filter((text) => /^[a-z]+(-[a-z]+)+$/.test(text))).toEqual([]);
});
