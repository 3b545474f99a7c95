import { expect as baseExpect, test, type Page } from '@playwright/test';

// The pages load their data after the first paint; on a loaded CI machine that takes a few seconds.
const expect = baseExpect.configure({ timeout: 15_000 });

/**
 * Buying the annual plan on the sandbox gateway (test cards: api/src/integrations/payments/README.md).
 * Each journey signs up its own artist, so none depends on another's data.
 */
async function newArtist(page: Page): Promise<string> {
  const email = `plans-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;
  const res = await page.request.post('/graphql', {
    data: {
      query: 'mutation SignUp($input: SignUpInput!) { signUp(input: $input) { viewer { id } } }',
      variables: { input: { email, password: 'Cadence123!x', birthday: '1990-04-12', distributionAgreement: true, privacyPolicyAgreement: true } },
    },
  });
  expect((await res.json()).errors).toBeUndefined();
  return email;
}

async function fillCard(page: Page, number: string) {
  const form = page.getByRole('form', { name: 'Card details' });
  await form.getByLabel('Card number').fill(number);
  await form.getByLabel('Expiration date (MM/YY)').fill('12/30');
  await form.getByLabel('CVV').fill('123');
  await form.getByLabel('Billing street address').fill('1 Main St');
  await form.getByLabel('Billing zip/postal code').fill('10001');
  return form;
}

test('a new artist applies a promo code, is declined once with nothing charged, then pays through 3D Secure and sees the plan and receipt', async ({ page }) => {
  test.setTimeout(90_000);
  await newArtist(page);
  await page.goto('/choose-your-plan');
  const plans = page.getByRole('list', { name: 'Plans' });
  await expect(plans.getByRole('heading', { name: 'Free' })).toBeVisible();
  await expect(plans.getByRole('heading', { name: 'VIP' })).toBeVisible();
  await plans.getByRole('button', { name: 'Choose Cadence' }).click();
  await expect(page.getByTestId('checkout-total')).toHaveText('$20.00');

  // A promo code lowers the price shown before paying (WELCOME25 comes with the demo data).
  const promo = page.getByRole('form', { name: 'Promo code' });
  await promo.getByLabel('Promo code').fill('NOPE');
  await promo.getByRole('button', { name: 'Apply' }).click();
  await expect(promo.getByRole('alert')).toHaveText('This promo code is not valid');
  await promo.getByLabel('Promo code').fill('WELCOME25');
  await promo.getByRole('button', { name: 'Apply' }).click();
  await expect(page.getByTestId('checkout-total')).toHaveText('$15.00');

  // A declined card shows its message and charges nothing.
  let form = await fillCard(page, '4000 1111 1111 1115');
  await form.getByRole('button', { name: 'Pay $15.00' }).click();
  await expect(form.getByRole('alert')).toHaveText('Your card was declined by your bank. Please use another card or contact your bank');
  const afterDecline = await page.request.post('/graphql', { data: { query: '{ viewer { subscription { id } payments { status } } }' } });
  expect((await afterDecline.json()).data.viewer).toEqual({ subscription: null, payments: [{ status: 'FAILED' }] });

  // A card with a 3D Secure challenge: the issuer's code confirms the payment.
  form = await fillCard(page, '4000 0000 0000 1091');
  await form.getByRole('button', { name: 'Pay $15.00' }).click();
  const challenge = page.getByRole('form', { name: 'Confirm it is you' });
  await expect(challenge.getByLabel('Verification code')).toBeFocused();
  await page.keyboard.type('1234');
  await page.keyboard.press('Enter');
  const done = page.getByRole('status').filter({ hasText: 'Your Cadence plan is active' });
  await expect(done).toBeVisible();
  await expect(done.getByTestId('receipt-amount')).toHaveText('$15.00');

  await page.goto('/settings');
  await expect(page.getByTestId('plan-name')).toHaveText('Cadence');
  await expect(page.getByTestId('plan-status')).toHaveText('Active');
  await expect(page.getByTestId('plan-method')).toHaveText('Visa ending in 1091');
  await expect(page.getByLabel('Renew my plan automatically')).toBeChecked();
  const receipts = page.getByRole('table', { name: 'Receipts' });
  await expect(receipts.getByRole('row')).toHaveCount(2);
  await expect(receipts).toContainText('$15.00');
});

test('a new artist pays with PayPal: cancels the PayPal window, is declined once, then approves and sees the plan paid by PayPal', async ({ page }) => {
  test.setTimeout(90_000);
  await newArtist(page);
  await page.goto('/choose-your-plan');
  await page.getByRole('list', { name: 'Plans' }).getByRole('button', { name: 'Choose Cadence' }).click();
  await page.getByRole('group', { name: 'How would you like to pay?' }).getByLabel('Pay with PayPal').check();
  const start = page.getByRole('button', { name: 'Continue to PayPal' });

  // Cancelling PayPal's window charges nothing and says so.
  await start.click();
  const window = page.getByRole('dialog', { name: 'PayPal sandbox: approve the payment' });
  await expect(window.getByLabel('PayPal account email')).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(window).toBeHidden();
  await expect(page.getByRole('status').filter({ hasText: 'You cancelled the PayPal checkout. Nothing was charged' })).toBeVisible();

  // A PayPal account the processor declines (sandbox: emails starting with "declined").
  await start.click();
  await window.getByLabel('PayPal account email').fill('declined@example.com');
  await window.getByRole('button', { name: 'Approve payment' }).click();
  await expect(page.getByRole('alert')).toHaveText('PayPal declined this payment. Please choose another way to pay in PayPal, or pay by card');
  const afterDecline = await page.request.post('/graphql', { data: { query: '{ viewer { subscription { id } payments { status } } }' } });
  expect((await afterDecline.json()).data.viewer).toEqual({ subscription: null, payments: [{ status: 'FAILED' }] });

  await start.click();
  await window.getByLabel('PayPal account email').fill('buyer@example.com');
  await page.keyboard.press('Enter');
  const done = page.getByRole('status').filter({ hasText: 'Your Cadence plan is active' });
  await expect(done).toBeVisible();
  await expect(done).toContainText('PayPal (buyer@example.com)');
  await page.goto('/settings');
  await expect(page.getByTestId('plan-method')).toHaveText('PayPal (buyer@example.com)');
});
