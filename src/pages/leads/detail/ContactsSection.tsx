// The lead's contacts: name, designation, company, seniority, source label, a 'High quality'
// badge when contact_fuzz_score > CONTACT_QUALITY_THRESHOLD, and phone and e-mail masked until
// the user unlocks the contact for one credit. The unlock button is disabled while its request
// is in flight (a double click sends once) and, with a reason, when no credits are left. After
// an unlock the contact shows in full and the top bar's credits follow. Nothing is spent before
// the user confirmed with the price and their balance in view (a Popconfirm); a staff member
// impersonating the user is asked in useConfirmSpend's dialog instead, and the confirmation is
// sent only after they confirmed.
import { FlagOutlined, LockOutlined, SafetyCertificateFilled, UnlockOutlined } from "@ant-design/icons";
import { useGetIdentity } from "@refinedev/core";
import { Alert, Button, Empty, Popconfirm, Skeleton, Tag, Tooltip, Typography } from "antd";
import { DataTable, type DataColumn } from "../../../components/page/DataTable";
import { useRef } from "react";
import { Link } from "react-router";
import { useAppAbility } from "../../../access/ability";
import { useConfirmSpend } from "../../../components/credits/useConfirmSpend";
import { useLazyDialog } from "../../../components/page/LazyDialogButton";
import { CONTACT_QUALITY_THRESHOLD, CONTACT_SOURCE_LABELS, type ContactSource } from "../../../../common/constants";
import { useMediaQuery } from "../../../hooks/useMediaQuery";
import { displayCredits, formatText } from "../../../lib/format";
import type { Identity } from "../../../providers/session";
import { listOf, type LeadContact } from "../api";
import { useLeadPart } from "./useLead";
import { useUnlockContact } from "./useUnlockContact";
import { TeamItemActions } from "../../../components/teams/TeamItemActions";

/** High quality = contact_fuzz_score strictly above the threshold (70 is not, 71 is). */
export function isHighQuality(contact: Pick<LeadContact, "contact_fuzz_score">): boolean {
  const score = contact.contact_fuzz_score;
  return typeof score === "number" && score > CONTACT_QUALITY_THRESHOLD;
}

export function sourceLabel(contact: Pick<LeadContact, "source" | "source_label">): string {
  return contact.source_label || CONTACT_SOURCE_LABELS[contact.source as ContactSource] || formatText(contact.source);
}

export const UNLOCK_LABEL = "Unlock (1 credit)";
export const NO_CREDITS_REASON = "You have no credits left. Contact support to add more.";

export function QualityBadge({ contact }: { contact: Pick<LeadContact, "contact_fuzz_score"> }) {
  if (!isHighQuality(contact)) return null;
  return (
    <Tag color="green" icon={<SafetyCertificateFilled />} className="quality-badge">
      High quality
    </Tag>
  );
}

export const unlockConfirmTitle = (name: string) => `Unlock ${name}?`;
export const unlockConfirmText = (remaining: number) =>
  `This spends 1 credit of your ${remaining} credit${remaining === 1 ? "" : "s"}. The contact's phone and e-mail are then shown in full.`;
export const UNLOCK_CONFIRM_OK = "Spend 1 credit";

interface UnlockButtonProps {
  contact: LeadContact;
  unlock: (id: number) => void;
  pending: boolean;
  remaining: number;
  /** A staff member acting as the user is asked in useConfirmSpend's dialog instead. */
  impersonated: boolean;
}

function UnlockButton({ contact, unlock, pending, remaining, impersonated }: UnlockButtonProps) {
  const noCredits = remaining <= 0;
  const button = (
    <Button
      size="small"
      type="primary"
      ghost
      icon={<UnlockOutlined />}
      loading={pending}
      disabled={noCredits || pending}
      onClick={impersonated ? () => unlock(contact.id) : undefined}
      aria-label={`${UNLOCK_LABEL}: ${contact.name}`}
    >
      {UNLOCK_LABEL}
    </Button>
  );
  if (noCredits) {
    return (
      <Tooltip title={NO_CREDITS_REASON}>
        <span className="unlock-disabled" aria-label={NO_CREDITS_REASON}>
          {button}
        </span>
      </Tooltip>
    );
  }
  if (impersonated) return button;
  // The user sees the price and their balance before a credit is spent.
  return (
    <Popconfirm
      title={unlockConfirmTitle(contact.name)}
      description={<Typography.Paragraph className="unlock-confirm">{unlockConfirmText(remaining)}</Typography.Paragraph>}
      okText={UNLOCK_CONFIRM_OK}
      cancelText="Cancel"
      onConfirm={() => unlock(contact.id)}
    >
      {button}
    </Popconfirm>
  );
}

/** An unlocked contact that turns out wrong can be reported; staff review it and refund the credit. */
const loadReportDialog = () => import("./ReportContactDialog").then((m) => m.ReportContactDialog);

function ReportWrongContact({ contact }: { contact: LeadContact }) {
  // The dialog (Modal, text area) loads when the button is first pointed at or pressed.
  const dialog = useLazyDialog("Report wrong", loadReportDialog, { contact });
  return (
    <>
      <Button
        size="small"
        type="link"
        danger
        icon={<FlagOutlined />}
        loading={dialog.busy}
        onPointerEnter={dialog.preload}
        onFocus={dialog.preload}
        onClick={() => dialog.show({ contact })}
        className="report-contact"
      >
        Report wrong
      </Button>
      {dialog.element}
    </>
  );
}

function Masked({ value, unlocked }: { value: string | null | undefined; unlocked: boolean }) {
  if (!value) return <Typography.Text type="secondary">—</Typography.Text>;
  return unlocked ? (
    <Typography.Text copyable className="contact-value">
      {value}
    </Typography.Text>
  ) : (
    <span className="contact-masked" title="Unlock to see">
      <LockOutlined /> {value}
    </span>
  );
}

interface Props {
  leadId: string;
}

export function ContactsSection({ leadId }: Props) {
  const { data: identity } = useGetIdentity<Identity | null>();
  const remaining = displayCredits(identity?.remaining_credits);
  // Staff see every contact in full and correct them through the QA tool instead.
  const canReport = !useAppAbility().can("manage", "Project");
  const query = useQueryContacts(leadId);
  const impersonated = !!identity?.is_impersonated;
  const { unlock, pendingId } = useUnlockContact(leadId);
  const { confirmSpend, dialog } = useConfirmSpend();
  const inFlight = useRef(new Set<number>());
  const narrow = useMediaQuery("(max-width: 767.98px)");

  const send = async (contactId: number) => {
    // A second click before the first answer arrives (or while the question is open) sends nothing.
    if (inFlight.current.has(contactId)) return;
    inFlight.current.add(contactId);
    const name = listOf<LeadContact>(query.data).find((c) => c.id === contactId)?.name ?? "this contact";
    const confirmation = await confirmSpend({ what: `the contact ${name}`, credits: 1 });
    if (!confirmation) {
      inFlight.current.delete(contactId);
      return;
    }
    unlock(contactId, confirmation, () => inFlight.current.delete(contactId));
  };

  if (query.isPending) return <Skeleton active />;
  if (query.isError) return <Alert type="warning" showIcon message="Contacts could not be loaded" description={(query.error as Error).message} />;
  const contacts = listOf<LeadContact>(query.data);
  if (contacts.length === 0) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="No contacts for this project yet" />;

  const columns: DataColumn<LeadContact>[] = [
    {
      title: "Name",
      key: "name",
      render: (_, c) => (
        <div>
          <Typography.Text strong>{c.name}</Typography.Text> <QualityBadge contact={c} />
          {c.is_wrong && <Tag color="red">Reported wrong</Tag>}
          <div>
            <Typography.Text type="secondary">{[c.designation, c.role].filter(Boolean).join(" · ") || "—"}</Typography.Text>
          </div>
          {c.company && (
            <Link to={`/builder/detail/${c.company.id}`} className="contact-company">
              {c.company.name}
            </Link>
          )}
        </div>
      ),
    },
    { title: "Seniority", key: "seniority", width: 190, render: (_, c) => formatText(c.seniority) },
    { title: "Source", key: "source", width: 180, render: (_, c) => sourceLabel(c) },
    {
      title: "Phone / E-mail",
      key: "reach",
      width: 250,
      render: (_, c) => (
        <div className="contact-reach">
          <Masked value={c.phone} unlocked={!!c.is_unlocked} />
          <Masked value={c.email} unlocked={!!c.is_unlocked} />
        </div>
      ),
    },
    {
      title: "",
      key: "unlock",
      width: 150,
      render: (_, c) =>
        c.is_unlocked ? (
          <div className="contact-unlocked">
            <Tag color="blue">Unlocked</Tag>
            {canReport && !c.is_wrong && <ReportWrongContact contact={c} />}
            <TeamItemActions itemType="contact" itemId={c.id} name={c.name} />
          </div>
        ) : (
          <UnlockButton contact={c} unlock={(id) => void send(id)} pending={pendingId === c.id} remaining={remaining} impersonated={impersonated} />
        ),
    },
  ];

  if (narrow) {
    return (
      <div className="contact-cards">
        {dialog}
        {contacts.map((c) => (
          <div className="contact-card" key={c.id} data-contact-id={c.id}>
            <div className="contact-card-head">
              <Typography.Text strong>{c.name}</Typography.Text> <QualityBadge contact={c} />
            </div>
            <Typography.Text type="secondary">{[c.designation, formatText(c.seniority)].filter(Boolean).join(" · ")}</Typography.Text>
            {c.company && <div><Link to={`/builder/detail/${c.company.id}`}>{c.company.name}</Link></div>}
            <div className="contact-card-source">{sourceLabel(c)}</div>
            <div><Masked value={c.phone} unlocked={!!c.is_unlocked} /></div>
            <div><Masked value={c.email} unlocked={!!c.is_unlocked} /></div>
            {c.is_unlocked && <TeamItemActions itemType="contact" itemId={c.id} name={c.name} />}
            {c.is_unlocked ? canReport && !c.is_wrong && <ReportWrongContact contact={c} /> : <UnlockButton contact={c} unlock={(id) => void send(id)} pending={pendingId === c.id} remaining={remaining} impersonated={impersonated} />}
          </div>
        ))}
      </div>
    );
  }
  return (
    <>
      {dialog}
      <DataTable<LeadContact> className="contacts-table" rowKey="id" size="small" columns={columns} rows={contacts} minWidth={860} />
    </>
  );
}

/** The lead's contacts, under the key the unlock updates, so every view of them agrees. */
export function useQueryContacts(leadId: string | number) {
  return useLeadPart<LeadContact[] | { results: LeadContact[] }>(leadId, "contacts/");
}
