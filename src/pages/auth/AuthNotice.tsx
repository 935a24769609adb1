// What a sign-in page says in place of its form (a reset link sent, an address verified or not, a
// Microsoft popup that could not finish): antd's Alert's look in plain markup, announced to screen
// readers — a failure as an alert, good news as a status.
import { CheckCircleFilled, CloseCircleFilled, ExclamationCircleFilled } from "@ant-design/icons";
import type { ReactNode } from "react";

const ICONS = { success: CheckCircleFilled, error: CloseCircleFilled, warning: ExclamationCircleFilled };

/** `page`: the notice is all the page says, so its title is the page's h1 (else an h2 under the page's). */
export function AuthNotice({ kind, title, children, page = false }: { kind: keyof typeof ICONS; title: string; children?: ReactNode; page?: boolean }) {
  const Icon = ICONS[kind];
  const Heading = page ? "h1" : "h2";
  return (
    <div className={`auth-notice auth-notice-${kind}`} role={kind === "success" ? "status" : "alert"}>
      <Icon aria-hidden />
      <div>
        <Heading className="auth-notice-title">{title}</Heading>
        {children && <p>{children}</p>}
      </div>
    </div>
  );
}
