import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { EmailNotice, useEmailNotices, type EmailNoticeViewer } from './EmailNotice';

function Harness({ viewer }: { viewer: EmailNoticeViewer | null }) {
  const { notices, close } = useEmailNotices(viewer);
  return <EmailNotice notices={notices} onClose={close} />;
}

function renderAt(url: string, viewer: EmailNoticeViewer | null) {
  return render(
    <MemoryRouter initialEntries={[url]}>
      <Harness viewer={viewer} />
    </MemoryRouter>,
  );
}

afterEach(() => {
  localStorage.clear();
  document.cookie = 'skip-email-verification-banner=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/';
});

test('an unverified address shows the verification notice with the brand, and closing hides it', async () => {
  renderAt('/releases', { emailVerified: false, notValidEmail: false });
  expect(screen.getByRole('status')).toHaveTextContent('Please check your email to verify your Cadence account.');
  await userEvent.click(screen.getByRole('button', { name: 'Close the email notice' }));
  expect(screen.queryByRole('status')).toBeNull();
});

test('a flagged address shows the invalid-email notice with a link to Profile + Preferences', () => {
  renderAt('/releases', { emailVerified: false, notValidEmail: true });
  expect(screen.getByRole('status')).toHaveTextContent('We were unable to deliver emails to the email address that was provided.');
  expect(screen.getByRole('link', { name: 'Open Profile + Preferences' })).toHaveAttribute('href', '/settings');
});

test('code=success with an email dismisses the invalid notice and stores the seen marker', async () => {
  renderAt('/settings?code=success&email=new%40example.com', { emailVerified: true, notValidEmail: true });
  await act(async () => undefined);
  expect(screen.queryByRole('status')).toBeNull();
  expect(localStorage.getItem('INVALID_EMAIL_NOTIFICATION_SEEN')).toBe('true');
});

test('the skip cookie hides both notices; visitors and verified people see none', () => {
  document.cookie = 'skip-email-verification-banner=1; path=/';
  const { unmount } = renderAt('/releases', { emailVerified: false, notValidEmail: false });
  expect(screen.queryByRole('status')).toBeNull();
  unmount();
  document.cookie = 'skip-email-verification-banner=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/';
  renderAt('/releases', null);
  expect(screen.queryByRole('status')).toBeNull();
  renderAt('/releases', { emailVerified: true, notValidEmail: false });
  expect(screen.queryByRole('status')).toBeNull();
});
