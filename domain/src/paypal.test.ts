import {
  applyPayPalCheck,
  initialPayPalState,
  PAYPAL_MESSAGES,
  payPalLinkedMessage,
  payPalVerifyRequest,
  validatePayPalEmail,
  validatePayPalForm,
  type PayPalFormState,
} from './paypal';

describe('PayPal fields', () => {
  it.each([
    ['', { key: 'required', message: 'PayPal Email is required' }],
    [null, { key: 'required', message: 'PayPal Email is required' }],
    ['ann@', { key: 'email', message: 'Invalid PayPal Email Address' }],
    [' ann@x.com ', undefined],
  ])('validatePayPalEmail(%j)', (value, expected) => {
    expect(validatePayPalEmail(value)).toEqual(expected);
  });
  it('validates the whole form', () => {
    expect(validatePayPalForm({})).toEqual({
      firstName: { key: 'required', message: 'First Name is required' },
      lastName: { key: 'required', message: 'Last Name is required' },
      email: { key: 'required', message: 'PayPal Email is required' },
    });
    expect(validatePayPalForm({ firstName: 'A', lastName: 'B', email: 'a@b.co' })).toEqual({});
  });
  it('builds the verify request and messages', () => {
    expect(payPalVerifyRequest({ firstName: ' Ann ', lastName: 'Lee', email: 'ann@x.com ' })).toEqual({
      firstName: 'Ann',
      lastName: 'Lee',
      emailAddress: 'ann@x.com',
      matchCriteria: 'NAME',
    });
    expect(payPalLinkedMessage('Level')).toBe('Your PayPal account has been successfully verified and linked to your Level profile.');
    expect(PAYPAL_MESSAGES.notFound).toBe(
      'Your PayPal account could not be found. Please check if the information below matches the information on your PayPal account and try again.',
    );
  });
});

describe('PayPal check state', () => {
  const idle: PayPalFormState = { linked: false, busy: false, verifyError: null, serverError: false };
  const busy: PayPalFormState = { ...idle, busy: true };
  it.each([
    [{ paypal_email: 'a@b.co' }, true],
    [{ paypal_email: '' }, false],
    [{}, false],
  ])('initialPayPalState(%j).linked = %s', (profile, linked) => {
    expect(initialPayPalState(profile)).toEqual({ ...idle, linked });
  });
  it.each([
    ['verify error', busy, { err: [{ message: 'Not found' }], fetching: false }, { linked: false, busy: false, verifyError: 'Not found', serverError: false }],
    ['error list without message', busy, { err: [{}], fetching: false }, { linked: false, busy: false, verifyError: null, serverError: true }],
    ['error list of strings', busy, { err: ['x'], fetching: false }, { linked: false, busy: false, verifyError: null, serverError: true }],
    ['empty error list', busy, { err: [], fetching: false }, { linked: false, busy: false, verifyError: null, serverError: true }],
    ['plain error', { ...idle, linked: true }, { err: new Error('boom'), fetching: true }, { linked: false, busy: true, verifyError: null, serverError: true }],
    ['finished while busy', busy, { fetching: false }, { linked: true, busy: false, verifyError: null, serverError: false }],
    ['starts fetching', idle, { fetching: true }, { ...idle, busy: true }],
    ['idle stays idle', idle, { fetching: false }, idle],
  ])('%s', (_name, state, result, next) => {
    expect(applyPayPalCheck(state, result)).toEqual(next);
  });
});
