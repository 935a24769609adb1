import { ErrorPage } from "./ErrorPage";

export const NOT_FOUND_DEFAULT_LINK = "/private-industrial-leads";

export function NotFoundPage({ to = NOT_FOUND_DEFAULT_LINK, label = "Go to Industrial Projects" }: { to?: string; label?: string }) {
  return (
    <ErrorPage status={404} title="Page Not Found" text="Sorry, the page you are looking for does not exist or has moved." action={{ label, to }} />
  );
}

export default NotFoundPage;
