/** The payment-account forms' states (supporting §4): linkedSuccess, serverError, verifyError, busy. */
export interface PayPalFormStatus {
  linkedSuccess: string | null;
  serverError: string | null;
  verifyError: string | null;
  busy: boolean;
}
