// 'Unlock company (5 credits)': spends credits once (company/unlock_company/{id}) and reveals
// every contact of the company. The user confirms the spend with the balance in view (a staff
// member impersonating them is asked through useConfirmSpend instead); the button
// is disabled, with the reason, when the balance is short, and while the request is in flight (a
// double click sends once). After the unlock the top bar's credits, the company's pages and the
// lists that show unlocked companies all follow.
import { LockOutlined, UnlockOutlined } from "@ant-design/icons";
import { useGetIdentity } from "@refinedev/core";
import { Button, Popconfirm, Tag, Tooltip, Typography } from "antd";
import { useRef } from "react";
import { COMPANY_UNLOCK_COST } from "../../../common/companies";
import { useConfirmSpend } from "../credits/useConfirmSpend";
import { displayCredits, formatDate } from "../../lib/format";
import type { Identity } from "../../providers/session";
import { credits, useUnlockCompany } from "./useUnlockCompany";
import "./companies.css";

export { credits };
export const unlockLabel = (cost: number) => `Unlock company (${credits(cost)})`;
export const notEnoughCredits = (cost: number, remaining: number) =>
  `Unlocking costs ${credits(cost)} and you have ${credits(remaining)} left. Contact support to add more.`;

interface Props {
  companyId: number;
  companyName: string;
  /** When this user unlocked it (null: not unlocked). */
  unlockedAt: string | null;
  /** The price the server quoted (company/details unlock_cost). */
  cost?: number;
  size?: "small" | "middle";
}

export function CompanyUnlockButton({ companyId, companyName, unlockedAt, cost = COMPANY_UNLOCK_COST, size = "middle" }: Props) {
  const { data: identity } = useGetIdentity<Identity | null>();
  const remaining = displayCredits(identity?.remaining_credits);
  const impersonated = !!identity?.is_impersonated;
  const unlock = useUnlockCompany(companyId);
  const { confirmSpend, dialog } = useConfirmSpend();
  const sent = useRef(false);

  if (unlockedAt) {
    return (
      <span className="company-unlock">
        <Tag color="blue" icon={<UnlockOutlined />} className="company-unlocked-tag">
          Unlocked {formatDate(unlockedAt)}
        </Tag>
      </span>
    );
  }

  const short = remaining < cost;
  const send = async (ownConfirmation: boolean) => {
    if (sent.current) return;
    sent.current = true;
    // A staff member acting as the user is asked (naming whose credits these are) and the
    // server needs their confirmation; the user's own session confirmed in the popover.
    const confirmation = ownConfirmation ? {} : await confirmSpend({ what: `the company ${companyName}`, credits: cost });
    if (!confirmation) {
      sent.current = false;
      return;
    }
    unlock.unlock(confirmation, () => (sent.current = false));
  };
  const button = (
    <Button
      type="primary"
      icon={<LockOutlined />}
      size={size}
      loading={unlock.isPending}
      disabled={short || unlock.isPending}
      aria-label={unlockLabel(cost)}
      onClick={impersonated ? () => void send(false) : undefined}
    >
      {unlockLabel(cost)}
    </Button>
  );
  if (short) {
    return (
      <Tooltip title={notEnoughCredits(cost, remaining)}>
        <span className="company-unlock" aria-label={notEnoughCredits(cost, remaining)}>
          {button}
        </span>
      </Tooltip>
    );
  }
  if (impersonated) {
    return (
      <span className="company-unlock">
        {dialog}
        {button}
      </span>
    );
  }
  return (
    <span className="company-unlock">
      <Popconfirm
        title={`Unlock ${companyName}?`}
        description={
          <Typography.Paragraph className="unlock-confirm">
            This spends {credits(cost)} of your {credits(remaining)}. Every contact of the company is then shown in full.
          </Typography.Paragraph>
        }
        okText={`Spend ${credits(cost)}`}
        cancelText="Cancel"
        onConfirm={() => void send(true)}
      >
        {button}
      </Popconfirm>
    </span>
  );
}
