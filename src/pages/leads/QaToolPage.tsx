// Contact verification for one lead. Pick a contact's number (unlocked ones; staff see all) or
// type one; check_number/ validates and normalises it and lists who in the database has it with
// how well the registered name matches (token-set fuzz score). 'Report wrong number' files a
// report with a reason; staff can also reprocess (re-score those contacts against the name)
// and see the lead's /debug panel.
import "./leads.css";
import { CheckCircleFilled, CloseCircleFilled, FlagOutlined, LockOutlined, ReloadOutlined } from "@ant-design/icons";
import { useDataProvider } from "@refinedev/core";
import { Alert, Button, Col, Collapse, Descriptions, Empty, Form, Input, Progress, Row, Skeleton, Space, Tag, Typography } from "antd";
import { DataTable } from "../../components/page/DataTable";
import { useLazyDialog } from "../../components/page/LazyDialogButton";
import { Panel } from "../../components/page/Panel";
import { useState } from "react";
import { Link, useParams } from "react-router";
import { CONTACT_QUALITY_THRESHOLD } from "../../../common/constants";
import { useAppAbility } from "../../access/ability";
import { DetailShell } from "../../components/page/DetailShell";
import { formatDateTime, formatText } from "../../lib/format";
import { toastSuccess } from "../../lib/toast";
import { useDataCache } from "../../providers/cache";
import { leadPartKey, leadPaths, listOf, type CheckNumberResult, type LeadContact, type NumberMatch } from "./api";
import { QualityBadge, sourceLabel, useQueryContacts } from "./detail/ContactsSection";
import { useLead, useLeadPart } from "./detail/useLead";

/** A masked number ('+91 98XXX XXX12') cannot be checked. */
const isMasked = (phone: string | null | undefined) => !phone || /x/i.test(phone);

const loadReportDialog = () => import("./QaReportDialog").then((m) => m.QaReportDialog);

export interface Checked {
  phone: string;
  name: string;
  contactId: number | null;
  result: CheckNumberResult;
}

function ScoreBar({ score }: { score: number | null | undefined }) {
  if (score === null || score === undefined) return <Typography.Text type="secondary">—</Typography.Text>;
  const good = score > CONTACT_QUALITY_THRESHOLD;
  return (
    <Space size={6}>
      <Progress percent={score} size="small" steps={10} showInfo={false} strokeColor={good ? "#2f9e44" : "#e8a317"} />
      <Typography.Text strong={good}>{score}</Typography.Text>
    </Space>
  );
}


function DebugPanel({ leadId }: { leadId: string }) {
  const debug = useLeadPart<{ row: Record<string, unknown>; search_vector: string; search_changes: { id: number; created_at: string }[] }>(leadId, "debug");
  if (debug.isPending) return <Skeleton active />;
  if (debug.isError) return <Alert type="warning" showIcon message="Debug data could not be loaded" description={(debug.error as Error).message} />;
  const d = debug.data;
  if (!d) return null;
  return (
    <Collapse
      size="small"
      items={[
        { key: "row", label: "Stored row", children: <pre className="debug-pre">{JSON.stringify(d.row, null, 2)}</pre> },
        { key: "vector", label: "Search vector", children: <pre className="debug-pre">{d.search_vector}</pre> },
        {
          key: "changes",
          label: `Search change log (${d.search_changes?.length ?? 0})`,
          children: (
            <ul>
              {(d.search_changes ?? []).map((c) => (
                <li key={c.id}>
                  #{c.id} · {formatDateTime(c.created_at)}
                </li>
              ))}
            </ul>
          ),
        },
      ]}
    />
  );
}

export default function QaToolPage() {
  const { id = "" } = useParams();
  // Staff (never a staff member acting as a user) reprocess contacts and see the debug panel.
  const isStaff = useAppAbility().can("manage", "Project");
  const lead = useLead(id);
  const contactsQuery = useQueryContacts(id);
  const contacts = listOf<LeadContact>(contactsQuery.data);
  const cache = useDataCache();
  const [phone, setPhone] = useState("");
  const [name, setName] = useState("");
  const [contactId, setContactId] = useState<number | null>(null);
  const [checked, setChecked] = useState<Checked | null>(null);
  // The report dialog (Modal, radio list) loads when 'Report wrong number' is first pointed at.
  const reportDialog = useLazyDialog("Report wrong number", loadReportDialog);

  // A check is a GET (reprocess=True also rewrites the number's contacts), asked on demand.
  const dataProvider = useDataProvider();
  const [checking, setChecking] = useState<"check" | "reprocess" | null>(null);
  const runCheck = async (v: { phone: string; name: string; contactId: number | null; reprocess?: boolean }) => {
    setChecking(v.reprocess ? "reprocess" : "check");
    try {
      const query = { name: v.name || undefined, reprocess: v.reprocess ? "True" : undefined };
      const { data: result } = await dataProvider().custom!<CheckNumberResult>({ url: leadPaths.checkNumber(v.phone), method: "get", query });
      setChecked({ phone: v.phone, name: v.name, contactId: v.contactId, result });
      if (v.reprocess) {
        toastSuccess(`Reprocessed ${result.reprocessed ?? 0} contact(s)`);
        void cache.refresh(leadPartKey(id, "contacts/"));
        void cache.refresh(leadPartKey(id, "contacts-history"));
      }
    } catch {
      // The HTTP layer has shown why.
    } finally {
      setChecking(null);
    }
  };

  const pick = (c: LeadContact) => {
    if (isMasked(c.phone)) return;
    setPhone(c.phone!);
    setName(c.name);
    setContactId(c.id);
    if (!checking) void runCheck({ phone: c.phone!, name: c.name, contactId: c.id });
  };
  const submit = (reprocess = false) => {
    if (!phone.trim() || checking) return;
    void runCheck({ phone: phone.trim(), name: name.trim(), contactId, reprocess });
  };

  const result = checked?.result;
  const matches = result?.matches ?? [];

  return (
    <DetailShell
      detail={lead}
      title="QA Tool"
      noun="Project"
      back={{ to: `/private-leads/detail/${id}`, label: "Back to the project" }}
      notFoundLink={{ to: "/private-construction-leads", label: "Back to Construction Projects" }}
      titleOf={() => "QA Tool"}
      subtitleOf={(record) => record.title}
    >
      {() => (
        <>
          <Row gutter={[16, 16]}>
            <Col xs={24} xl={10}>
              <Panel title="Contacts of this project" size="small" className="qa-contacts">
                {contactsQuery.isPending ? (
                  <Skeleton active />
                ) : contacts.length === 0 ? (
                  <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="No contacts for this project" />
                ) : (
                  <ul className="qa-contact-list">
                    {contacts.map((c) => {
                      const masked = isMasked(c.phone);
                      return (
                        <li key={c.id} className={contactId === c.id ? "qa-contact-on" : undefined}>
                          <div>
                            <Typography.Text strong>{c.name}</Typography.Text> <QualityBadge contact={c} />
                            <div>
                              <Typography.Text type="secondary">
                                {formatText(c.seniority)} · {sourceLabel(c)}
                              </Typography.Text>
                            </div>
                            <div className={masked ? "contact-masked" : undefined}>
                              {masked && <LockOutlined />} {c.phone ?? "No phone"}
                            </div>
                          </div>
                          <Button size="small" onClick={() => pick(c)} disabled={masked} title={masked ? "Unlock this contact on the project page to verify it" : undefined} aria-label={`Verify ${c.name}`}>
                            Verify
                          </Button>
                        </li>
                      );
                    })}
                  </ul>
                )}
                {contacts.some((c) => isMasked(c.phone)) && (
                  <Typography.Text type="secondary" className="qa-hint">
                    Locked numbers can be verified once unlocked on the <Link to={`/private-leads/detail/${id}`}>project page</Link>.
                  </Typography.Text>
                )}
              </Panel>
            </Col>
            <Col xs={24} xl={14}>
              <Panel title="Check a number" size="small" className="qa-check">
                <Form layout="vertical" onFinish={() => submit(false)}>
                  <Row gutter={12}>
                    <Col xs={24} md={12}>
                      <Form.Item label="Phone number">
                        <Input aria-label="Phone number" value={phone} onChange={(e) => { setPhone(e.target.value); setContactId(null); }} placeholder="+91 98765 43210" inputMode="tel" />
                      </Form.Item>
                    </Col>
                    <Col xs={24} md={12}>
                      <Form.Item label="Registered name">
                        <Input aria-label="Registered name" value={name} onChange={(e) => setName(e.target.value)} placeholder="The name the number is registered to" />
                      </Form.Item>
                    </Col>
                  </Row>
                  <Space wrap>
                    <Button type="primary" htmlType="submit" loading={checking === "check"} disabled={!phone.trim()}>
                      Check number
                    </Button>
                    {isStaff && (
                      <Button icon={<ReloadOutlined />} onClick={() => submit(true)} loading={checking === "reprocess"} disabled={!phone.trim() || !name.trim()}>
                        Reprocess
                      </Button>
                    )}
                    {result && (
                      <Button
                        danger
                        icon={<FlagOutlined />}
                        loading={reportDialog.busy}
                        onPointerEnter={reportDialog.preload}
                        onFocus={reportDialog.preload}
                        onClick={() => reportDialog.show({ checked, matches })}
                      >
                        Report wrong number
                      </Button>
                    )}
                  </Space>
                </Form>

                {result && (
                  <div className="qa-result" aria-live="polite">
                    <Descriptions
                      size="small"
                      bordered
                      column={{ xs: 1, sm: 1, md: 2, lg: 2, xl: 2, xxl: 2 }}
                      className="qa-number"
                      items={[
                        {
                          key: "valid",
                          label: "Validity",
                          children: result.valid ? (
                            <Tag color="green" icon={<CheckCircleFilled />}>Valid number</Tag>
                          ) : (
                            <Tag color="red" icon={<CloseCircleFilled />}>Not a valid number</Tag>
                          ),
                        },
                        { key: "type", label: "Type", children: formatText(result.type?.replace(/_/g, " ")) },
                        { key: "e164", label: "E.164", children: <Typography.Text copyable>{formatText(result.e164)}</Typography.Text> },
                        { key: "national", label: "National", children: formatText(result.national) },
                        { key: "international", label: "International", children: formatText(result.international) },
                        { key: "region", label: "Region", children: formatText(result.region) },
                      ]}
                    />
                    <Typography.Title level={5} className="qa-matches-title">
                      Who else has this number ({matches.length})
                    </Typography.Title>
                    <DataTable<NumberMatch>
                      size="small"
                      rowKey="id"
                      rows={matches}
                      minWidth={560}
                      empty="No contact in our database has this number"
                      columns={[
                        {
                          title: "Contact",
                          key: "name",
                          render: (_, m) => (
                            <>
                              <Typography.Text strong>{m.name}</Typography.Text> <QualityBadge contact={m} />
                              <div>
                                <Typography.Text type="secondary">{[m.designation, m.company?.name].filter(Boolean).join(", ") || "—"}</Typography.Text>
                              </div>
                            </>
                          ),
                        },
                        {
                          title: "Projects",
                          key: "projects",
                          render: (_, m) =>
                            (m.project_ids ?? []).slice(0, 5).map((pid) => (
                              <Link key={pid} to={`/private-leads/detail/${pid}`} className="qa-project-link">
                                #{pid}
                              </Link>
                            )),
                        },
                        { title: checked?.name ? `Name match (“${checked.name}”)` : "Name match", key: "score", width: 200, render: (_, m) => <ScoreBar score={m.name_score} /> },
                        { title: "Contact score", key: "fuzz", width: 110, render: (_, m) => formatText(m.contact_fuzz_score) },
                      ]}
                    />
                    {!checked?.name && <Typography.Text type="secondary">Enter the registered name to see how well each contact's name matches.</Typography.Text>}
                  </div>
                )}
              </Panel>
              {isStaff && (
                <Panel title="Debug (staff)" size="small" className="qa-debug">
                  <DebugPanel leadId={id} />
                </Panel>
              )}
            </Col>
          </Row>
          {reportDialog.element}
        </>
      )}
    </DetailShell>
  );
}
