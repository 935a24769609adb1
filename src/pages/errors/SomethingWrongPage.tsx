import { ErrorPage } from "./ErrorPage";

export const SOMETHING_WRONG_TEXT =
  "We apologize for the inconvenience. Our team is addressing the issue and will have it resolved shortly.";

export function SomethingWrongPage() {
  return (
    <ErrorPage
      status={500}
      title="Something Wrong Happened"
      text={SOMETHING_WRONG_TEXT}
      action={{ label: "Reload", onClick: () => window.location.reload() }}
    />
  );
}

export default SomethingWrongPage;
