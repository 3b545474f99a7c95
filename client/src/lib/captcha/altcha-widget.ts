/**
 * Loads the ALTCHA widget (the `<altcha-widget>` element) once, on first use: its "external" build,
 * whose PBKDF2 worker is a file of our own origin (no inline scripts or blob workers, so it works
 * under a strict Content-Security-Policy), and its stylesheet.
 */
let loading: Promise<void> | null = null;

/** Defines `<altcha-widget>`; later calls share the first load. */
export function loadAltchaWidget(): Promise<void> {
  loading ??= (async () => {
    await import('altcha/external');
    await import('altcha/altcha.css');
    const { default: Pbkdf2Worker } = await import('altcha/workers/pbkdf2?worker');
    globalThis.$altcha.algorithms.set('PBKDF2/SHA-256', () => new Pbkdf2Worker());
  })();
  loading.catch(() => {
    loading = null;
  });
  return loading;
}
