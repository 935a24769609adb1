// The wait for a page's code or the session: a ring in the brand's colour (styles.css), not antd's
// Spin, so the sign-in pages and the first paint of every page need none of antd's Spin for it.
export function FullPageSpinner() {
  return (
    <div className="full-page-spinner" role="status" aria-label="Loading">
      <span className="spinner-ring" aria-hidden />
    </div>
  );
}
