// What a sign-in page says in place of its form (a reset link sent, an address verified or not, a
// Microsoft popup that could not finish): antd's Alert's look in plain markup, announced to screen
// readers — a failure as an alert, good news as a status.
import { CheckCircleFilled, CloseCircleFilled, ExclamationCircleFilled } from "@ant-design/icons";
import type { ReactNode } from "react";

const ICONS = { success: CheckCircleFilled, error: CloseCircleFilled, warning: ExclamationCircleFilled };

export function AuthNotice({ kind, title, children }: { kind: keyof typeof ICONS; title: string; children?: ReactNode }) {
  const Icon = ICONS[kind];
  return (
    <div className={`auth-notice auth-notice-${kind}`} role={kind === "success" ? "status" : "alert"}>
      <Icon aria-hidden />
      <div>
        <h2 className="auth-notice-title">{title}</h2>
        {children && <p>{children}</p>}
      </div>
    </div>
  );
}
