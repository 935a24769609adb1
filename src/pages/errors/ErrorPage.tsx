// The four error pages share one look: an antd Result with the exact title and text of the
// specification, a way back, and a contact-support link.
import { MailOutlined } from "@ant-design/icons";
import { Button, Result, Space } from "antd";
import type { ResultStatusType } from "antd/es/result";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { SIGNUP_RECORDED_STATUS } from "../../../common/constants";

export const SUPPORT_EMAIL = "support@infrascout.in";

/** The product's own status codes: 1000 = signup recorded (no subscription yet). */
export type ErrorPageStatus = 404 | 403 | 500 | typeof SIGNUP_RECORDED_STATUS;

const ANTD_STATUS: Record<ErrorPageStatus, ResultStatusType> = {
  404: "404",
  403: "403",
  500: "500",
  [SIGNUP_RECORDED_STATUS]: "success",
};

export interface ErrorPageProps {
  status: ErrorPageStatus;
  title: string;
  text?: ReactNode;
  /** The main way out; omitted when there is nowhere sensible to go (blocked accounts). */
  action?: { label: string; to: string } | { label: string; onClick: () => void };
  extra?: ReactNode;
}

export function ErrorPage({ status, title, text, action, extra }: ErrorPageProps) {
  return (
    <div className="error-page" data-status={status}>
      <Result
        status={ANTD_STATUS[status]}
        title={<h1 className="error-page-title">{title}</h1>}
        subTitle={text}
        extra={
          <Space wrap direction="vertical" size="middle" align="center">
            {(action || extra) && (
              <Space wrap>
                {action && "to" in action && (
                  <Link to={action.to} className="link-button link-button-primary">
                    {action.label}
                  </Link>
                )}
                {action && "onClick" in action && (
                  <Button type="primary" onClick={action.onClick}>
                    {action.label}
                  </Button>
                )}
                {extra}
              </Space>
            )}
            <a href={`mailto:${SUPPORT_EMAIL}`}>
              <MailOutlined /> Contact support
            </a>
          </Space>
        }
      />
    </div>
  );
}
