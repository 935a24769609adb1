// Every link whose address comes from data (a lead's or tender's source, a document, a company's
// website) goes through here. Only an absolute http(s) address (common/urls.ts, the rule the API
// enforces) becomes a link, opening in a new tab that gets no hold on this page; anything else —
// javascript:, vbscript:, data:, a relative path — is shown as plain text, so a bad row that got
// into the database some other way still cannot run script on a click.
import { Typography } from "antd";
import type { CSSProperties, ReactNode } from "react";
import { safeWebUrl } from "../../common/urls";

export interface SafeLinkProps {
  href: string | null | undefined;
  children: ReactNode;
  /** Shown instead of the children when the address is not a safe link (default: the children as text). */
  fallback?: ReactNode;
  /** antd's Typography.Link with one-line ellipsis (long document addresses). */
  ellipsis?: boolean;
  className?: string;
  style?: CSSProperties;
}

export function SafeLink({ href, children, fallback, ellipsis, className, style }: SafeLinkProps) {
  const url = safeWebUrl(href);
  if (url === null) {
    if (fallback !== undefined) return <>{fallback}</>;
    return ellipsis ? (
      <Typography.Text ellipsis className={className} style={style}>
        {children}
      </Typography.Text>
    ) : (
      <span className={className} style={style}>
        {children}
      </span>
    );
  }
  return ellipsis ? (
    <Typography.Link href={url} target="_blank" rel="noopener noreferrer" ellipsis className={className} style={style}>
      {children}
    </Typography.Link>
  ) : (
    <a href={url} target="_blank" rel="noopener noreferrer" className={className} style={style}>
      {children}
    </a>
  );
}
