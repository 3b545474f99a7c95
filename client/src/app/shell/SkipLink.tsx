/** First focusable element of every page: jumps past the navigation to the main content. */
export function SkipLink() {
  return (
    <a className="skip-link" href="#main">
      Skip to content
    </a>
  );
}
