// The lead's contacts: name, designation, company, seniority, source label, a 'High quality'
// badge when contact_fuzz_score > CONTACT_QUALITY_THRESHOLD, and phone and e-mail masked until
// the user unlocks the contact for one credit. The unlock button is disabled while its request
// is in flight (a double click sends once) and, with a reason, when no credits are left. After
// an unlock the contact shows in full and the top bar's credits follow. A staff member
// impersonating the user is asked first (useConfirmSpend) and the confirmation is sent only
// after they confirmed.
import { FlagOutlined, LockOutlined, SafetyCertificateFilled, UnlockOutlined } from "@ant-design/icons";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { Alert, Button, Empty, Input, Modal, Skeleton, Table, Tag, Tooltip, Typography } from "antd";
import type { ColumnsType } from "antd/es/table";
import { useRef, useState } from "react";
import { Link } from "react-router";
import { useConfirmSpend, type SpendConfirmation } from "../../../components/credits/useConfirmSpend";
import { CONTACT_QUALITY_THRESHOLD, CONTACT_SOURCE_LABELS, type ContactSource } from "../../../../common/constants";
import { useMediaQuery } from "../../../hooks/useMediaQuery";
import { sessionKey, useRefreshSession, useSignedInSession } from "../../../hooks/useSession";
import { displayCredits, formatText } from "../../../lib/format";
import { toastSuccess } from "../../../lib/toast";
import { getToken } from "../../../lib/token";
import type { Session } from "../../../providers/session";
import { leadApi, leadPartKey, listOf, type LeadContact } from "../api";
import { useLeadPart } from "./useLead";

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

function useUnlock(leadId: string | number) {
  const queryClient = useQueryClient();
  const refreshSession = useRefreshSession();
  return useMutation({
    mutationFn: ({ contactId, confirmation }: { contactId: number; confirmation: SpendConfirmation }) => leadApi.unlock(contactId, confirmation),
    onSuccess: (answer, { contactId }) => {
      queryClient.setQueryData(leadPartKey(leadId, "contacts/"), (data: unknown) => {
        const replace = (list: LeadContact[]) => list.map((c) => (c.id === contactId ? { ...c, ...answer.contact } : c));
        if (Array.isArray(data)) return replace(data as LeadContact[]);
        if (data && typeof data === "object" && Array.isArray((data as { results?: unknown }).results)) {
          return { ...(data as object), results: replace((data as { results: LeadContact[] }).results) };
        }
        return data;
      });
      // The top bar reads the session: show the new balance now, then refetch user info.
      queryClient.setQueryData<Session>(sessionKey(getToken()), (s) =>
        s ? { ...s, user: { ...s.user, remaining_credits: answer.remaining_credits, total_credits: answer.total_credits } } : s,
      );
      void refreshSession().catch(() => undefined);
      // Search's show_unlocked lists change with an unlock.
      void queryClient.invalidateQueries({ queryKey: ["search"] });
      toastSuccess(`Contact unlocked. ${displayCredits(answer.remaining_credits)} credits left.`);
    },
  });
}

function UnlockButton({ contact, unlock, pending, remaining }: { contact: LeadContact; unlock: (id: number) => void; pending: boolean; remaining: number }) {
  const noCredits = remaining <= 0;
  const button = (
    <Button size="small" type="primary" ghost icon={<UnlockOutlined />} loading={pending} disabled={noCredits || pending} onClick={() => unlock(contact.id)} aria-label={`${UNLOCK_LABEL}: ${contact.name}`}>
      {UNLOCK_LABEL}
    </Button>
  );
  return noCredits ? (
    <Tooltip title={NO_CREDITS_REASON}>
      <span className="unlock-disabled" aria-label={NO_CREDITS_REASON}>
        {button}
      </span>
    </Tooltip>
  ) : (
    button
  );
}

/** An unlocked contact that turns out wrong can be reported; staff review it and refund the credit. */
function ReportWrongContact({ contact }: { contact: LeadContact }) {
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState("");
  const report = useMutation({
    mutationFn: () => leadApi.reportContact(contact.id, reason.trim()),
    onSuccess: () => {
      toastSuccess("Thank you. Our team will check this contact; if it is wrong, your credit comes back.");
      setOpen(false);
      setReason("");
    },
  });
  return (
    <>
      <Button size="small" type="link" danger icon={<FlagOutlined />} onClick={() => setOpen(true)} className="report-contact">
        Report wrong
      </Button>
      <Modal
        title={`Report ${contact.name} as wrong`}
        open={open}
        okText="Report"
        okButtonProps={{ disabled: !reason.trim(), danger: true }}
        confirmLoading={report.isPending}
        onOk={() => report.mutate()}
        onCancel={() => setOpen(false)}
        destroyOnHidden
      >
        <Typography.Paragraph type="secondary">If our team confirms it, the credit you spent on this contact is given back.</Typography.Paragraph>
        <Input.TextArea aria-label="Reason" rows={3} maxLength={1000} value={reason} onChange={(e) => setReason(e.target.value)} placeholder="e.g. The number belongs to someone else; the person left the company" />
      </Modal>
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
  const session = useSignedInSession();
  const remaining = displayCredits(session?.user.remaining_credits);
  // Staff see every contact in full and correct them through the QA tool instead.
  const canReport = !(session?.user.is_staff && !session.user.is_impersonated);
  const query = useQueryContacts(leadId);
  const unlock = useUnlock(leadId);
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
    unlock.mutate({ contactId, confirmation }, { onSettled: () => inFlight.current.delete(contactId) });
  };
  const pendingId = unlock.isPending ? unlock.variables?.contactId : undefined;

  if (query.isPending) return <Skeleton active />;
  if (query.isError) return <Alert type="warning" showIcon message="Contacts could not be loaded" description={(query.error as Error).message} />;
  const contacts = listOf<LeadContact>(query.data);
  if (contacts.length === 0) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="No contacts for this project yet" />;

  const columns: ColumnsType<LeadContact> = [
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
          </div>
        ) : (
          <UnlockButton contact={c} unlock={(id) => void send(id)} pending={pendingId === c.id} remaining={remaining} />
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
            {c.is_unlocked ? canReport && !c.is_wrong && <ReportWrongContact contact={c} /> : <UnlockButton contact={c} unlock={(id) => void send(id)} pending={pendingId === c.id} remaining={remaining} />}
          </div>
        ))}
      </div>
    );
  }
  return (
    <>
      {dialog}
      <Table<LeadContact> className="contacts-table" rowKey="id" size="small" columns={columns} dataSource={contacts} pagination={false} scroll={{ x: 860 }} />
    </>
  );
}

/** The lead's contacts, under the key the unlock updates, so every view of them agrees. */
export function useQueryContacts(leadId: string | number) {
  return useLeadPart<LeadContact[] | { results: LeadContact[] }>(leadId, "contacts/");
}
