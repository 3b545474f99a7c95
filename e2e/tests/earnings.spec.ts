import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';

/**
 * Withdrawals end to end on the sandbox payout provider. The journeys use the two demo payees
 * (README), never the demo artist, so other journeys still meet the demo artist's balance as seeded.
 */
const PAYEE = { username: 'payee@cadence.test', password: 'Cadence123' };
const TAX_REQUIRED = { username: 'payee+tax-required@cadence.test', password: 'Cadence123' };

async function signIn(page: Page, who: { username: string; password: string }) {
  const response = await page.request.post('/graphql', {
    data: { query: 'mutation SignIn($input: SignInInput!) { signIn(input: $input) { viewer { id } } }', variables: { input: who } },
  });
  expect(response.ok()).toBe(true);
  expect((await response.json()).errors).toBeUndefined();
}

test('an artist links PayPal, withdraws the balance, sees it pending, then approved with the balance at zero', async ({ page }) => {
  await signIn(page, PAYEE);
  await page.goto('/settings');
  const form = page.getByRole('form', { name: 'PayPal account' });
  await form.getByLabel('First Name').fill('River');
  await form.getByLabel('Last Name').fill('Stone');
  await form.getByLabel('PayPal Email').fill('river@paypal.test');
  await form.getByRole('button', { name: 'Link My PayPal Account' }).click();
  await expect(page.getByText('Your PayPal account has been successfully verified and linked to your Cadence profile.')).toBeVisible();
  await expect(form.getByLabel('PayPal Email')).toHaveAttribute('readonly', '');
  await expect(form.getByRole('button', { name: 'Use Another Paypal Account' })).toBeVisible();

  await page.goto('/sales');
  await expect(page.getByTestId('balance-available')).toHaveText('$120.00');
  await expect(page.getByTestId('paypal-state')).toContainText('river@paypal.test');
  await page.getByRole('button', { name: 'Withdraw', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Confirm your withdrawal' });
  await expect(dialog).toContainText('Withdraw $120.00 to your PayPal account river@paypal.test?');
  await dialog.getByRole('button', { name: 'Withdraw $120.00' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Your withdrawal of $120.00 was requested.' })).toBeVisible();
  const history = page.getByRole('table', { name: 'Withdrawals' });
  await expect(history.getByTestId('withdrawal-status').first()).toContainText('Pending');
  await expect(page.getByTestId('balance-locked')).toHaveText('$120.00');
  // The sandbox moves the payment on and tells us by signed webhook; the page follows.
  await expect(history.getByTestId('withdrawal-status').first()).toHaveText('Approved', { timeout: 30_000 });
  await expect(page.getByTestId('balance-available')).toHaveText('$0.00');
  await expect(page.getByTestId('balance-locked')).toHaveText('$0.00');
  await expect(page.getByRole('table', { name: 'Statement of account' })).toContainText('-$120.00');
});

test('a withdrawal while tax verification is REQUIRED shows the provider message and its tax form', async ({ page }) => {
  await signIn(page, TAX_REQUIRED);
  await page.goto('/sales');
  await expect(page.getByTestId('tax-state')).toContainText('Tax information is required before you can withdraw.');
  await page.getByRole('button', { name: 'Withdraw', exact: true }).click();
  await page.getByRole('dialog', { name: 'Confirm your withdrawal' }).getByRole('button', { name: 'Withdraw $80.00' }).click();
  const notice = page.getByRole('status').filter({ hasText: 'Verify your tax information at HyperWallet' });
  await expect(notice).toBeVisible();
  await expect(notice.getByRole('link', { name: 'Open the tax form' })).toBeVisible();
  await expect(page.getByTestId('balance-available')).toHaveText('$80.00');
});

test('the earnings screens have no accessibility violations and their sections reflow at 320 px', async ({ page }) => {
  await signIn(page, TAX_REQUIRED);
  for (const path of ['/sales', '/settings']) {
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto(path);
    if (path === '/sales') await page.getByTestId('balance-available').waitFor();
    else await page.getByRole('form', { name: 'PayPal account' }).waitFor();
    await page.waitForLoadState('networkidle');
    const results = await new AxeBuilder({ page }).analyze();
    expect(results.violations.map((v) => `${path} ${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
    await page.setViewportSize({ width: 320, height: 700 });
    // Our sections reflow (wide tables scroll inside their own region); the shell's header is not ours to measure.
    const selector = path === '/sales' ? '.sales' : '.paypal-form';
    const box = await page.evaluate((sel) => {
      const el = document.querySelector(sel)!;
      return { scroll: el.scrollWidth, client: el.clientWidth, right: el.getBoundingClientRect().right };
    }, selector);
    expect(box.scroll).toBeLessThanOrEqual(box.client);
    expect(box.right).toBeLessThanOrEqual(320);
  }
});
