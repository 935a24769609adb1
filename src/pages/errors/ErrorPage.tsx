// The four error pages share one look: an illustration (antd Result's, kept as image files in
// public/result/ — see scripts/result-images.ts — so it costs nothing until an error shows), the
// exact title and text of the specification, a way back, and a contact-support link. Plain markup,
// not antd's Result or Button: the crash page is part of every page's entry, the sign-in pages' too.
import { CheckCircleFilled, MailOutlined } from "@ant-design/icons";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { SIGNUP_RECORDED_STATUS } from "../../../common/constants";
import { useDocumentTitle } from "../../hooks/useDocumentTitle";

export const SUPPORT_EMAIL = "support@infrascout.in";

/** The product's own status codes: 1000 = signup recorded (no subscription yet). */
export type ErrorPageStatus = 404 | 403 | 500 | typeof SIGNUP_RECORDED_STATUS;

/** antd's illustrations' sizes, so the page does not move when the image arrives. */
const ILLUSTRATION_SIZE: Partial<Record<ErrorPageStatus, { width: number; height: number }>> = {
  404: { width: 252, height: 294 },
  403: { width: 251, height: 294 },
  500: { width: 254, height: 294 },
};

export interface ErrorPageProps {
  status: ErrorPageStatus;
  title: string;
  text?: ReactNode;
  /** The main way out; omitted when there is nowhere sensible to go (blocked accounts). */
  action?: { label: string; to: string } | { label: string; onClick: () => void };
  extra?: ReactNode;
}

function Picture({ status }: { status: ErrorPageStatus }) {
  const size = ILLUSTRATION_SIZE[status];
  if (!size) return <CheckCircleFilled className="error-page-success" aria-hidden />;
  return <img className="error-page-image" src={`/result/${status}.svg`} alt="" {...size} />;
}

function Action({ action }: { action: NonNullable<ErrorPageProps["action"]> }) {
  if ("to" in action) {
    return (
      <Link to={action.to} className="link-button link-button-primary">
        {action.label}
      </Link>
    );
  }
  return (
    <button type="button" className="link-button link-button-primary" onClick={action.onClick}>
      {action.label}
    </button>
  );
}

export function ErrorPage({ status, title, text, action, extra }: ErrorPageProps) {
  // The browser tab says what happened too ("Page Not Found | InfraScout"), not just the product.
  useDocumentTitle(title);
  return (
    <div className="error-page" data-status={status}>
      <Picture status={status} />
      {/* tabIndex -1: the layout moves focus to a new page's h1 (components/layout/useRouteFocus). */}
      <h1 className="error-page-title" tabIndex={-1}>
        {title}
      </h1>
      {text && <div className="error-page-text">{text}</div>}
      {(action || extra) && (
        <div className="error-page-actions">
          {action && <Action action={action} />}
          {extra}
        </div>
      )}
      <a className="error-page-support" href={`mailto:${SUPPORT_EMAIL}`}>
        <MailOutlined aria-hidden /> Contact support
      </a>
    </div>
  );
}
