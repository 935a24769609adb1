// /update-projects/detail/{id}: a staff member edits a lead. The fields are one Refine useForm
// over work/{id}/ (GET to load; PATCH with only the fields that changed); beside it a status
// update (work/{id}/status-update/), contacts (work/{id}/contacts/), documents
// (work/{id}/documents/), staff keywords (keywords/), images (work/{id}/image-upload/) and the
// history of changes (work/{id}/history), each recorded with who and when. Added contacts and
// documents also show in the status updates, which subscribers who shortlisted the lead see.
import { useForm } from "@refinedev/antd";
import { useCustomMutation } from "@refinedev/core";
import {
  Button,
  Col,
  Empty,
  Flex,
  Form,
  Input,
  Row,
  Select,
  Space,
  Tag,
  Timeline,
  Typography,
} from "antd";
import { Panel } from "../../components/page/Panel";
import { useEffect, useRef, useState } from "react";
import { useParams } from "react-router";
import { isRecordId } from "../../../common/api";
import { PROJECT_CATEGORIES, PROJECT_STATUSES } from "../../../common/constants";
import { DetailShell } from "../../components/page/DetailShell";
import { detailOf } from "../../components/page/useDetail";
import { formatDate, formatDateTime, formatIndianNumber, formatRupees } from "../../lib/format";
import { toastSuccess } from "../../lib/toast";
import { webUrlRule } from "../../lib/webUrlRule";
import { ImagesSection } from "../leads/detail/LeadImages";
import { useLeadPart } from "../leads/detail/useLead";
import { CompanySelect } from "./CompanySelect";
import { ProjectContactsCard } from "./ProjectContactsCard";
import { ProjectDocumentsCard } from "./ProjectDocumentsCard";
import { RupeeInput } from "./RupeeInput";
import { changedFields, editableValues, type EditableProject, type ProjectDetail } from "./projectFields";
import { useProjectHistory, useRefreshProjectParts, useStatusUpdates } from "./projectParts";

// The browser's own date input (as the listers' date filters): its value is the API's YYYY-MM-DD.
const dateProps = {
  getValueProps: (v: string | null) => ({ value: v ?? "" }),
  normalize: (v: string) => (v === "" ? null : v),
};
// A browser number input's text as the API's number (none when empty).
const numberProps = {
  getValueProps: (v: number | null) => ({ value: v ?? "" }),
  normalize: (v: string) => (v === "" || !Number.isFinite(Number(v)) ? null : Number(v)),
};
const textOrNull = { normalize: (v: string) => (v === "" ? null : v) };

/** The value's reading in lakh / crore under the rupee input. */
export function valueHint(value: unknown): string {
  const text = formatRupees(value, "long");
  return text === "Not Specified" ? "In rupees, e.g. 25000000 for ₹ 2.5 Crore" : `${text} (₹ ${formatIndianNumber(value, 0)})`;
}

function StatusUpdates({ id, currentStatus, onAdded }: { id: string; currentStatus: string | null; onAdded: () => void }) {
  const [form] = Form.useForm<{ new_status: string; note?: string }>();
  const [busy, setBusy] = useState(false);
  const updates = useStatusUpdates(id);
  const refreshParts = useRefreshProjectParts(id);
  const { mutateAsync } = useCustomMutation();
  const submit = async (values: { new_status: string; note?: string }) => {
    setBusy(true);
    try {
      const body = { new_status: values.new_status, ...(values.note?.trim() ? { note: values.note.trim() } : {}) };
      await mutateAsync({ url: `work/${id}/status-update/`, method: "post", values: body, errorNotification: false });
      toastSuccess("Status update added");
      form.resetFields();
      await refreshParts(["status"]);
      onAdded();
    } catch {
      // shown by the HTTP layer
    } finally {
      setBusy(false);
    }
  };
  return (
    <Panel size="small" title="Status updates" className="status-updates">
      <Form form={form} layout="vertical" onFinish={submit} requiredMark={false} initialValues={{ new_status: currentStatus ?? undefined }}>
        <Form.Item label="New status" name="new_status" rules={[{ required: true, message: "Choose a status" }]}>
          <Select options={PROJECT_STATUSES.map((s) => ({ value: s, label: s }))} placeholder="Choose a status" />
        </Form.Item>
        <Form.Item label="Note" name="note">
          <Input.TextArea rows={2} maxLength={2000} placeholder="What changed (subscribers who shortlisted the lead see it)" />
        </Form.Item>
        <Button htmlType="submit" type="primary" loading={busy}>
          Add status update
        </Button>
      </Form>
      <div className="status-update-list" style={{ marginTop: 20 }}>
        {updates.data?.results.length ? (
          <Timeline
            items={updates.data.results.map((u) => ({
              key: u.id,
              children: (
                <>
                  <Typography.Text strong>{u.old_status && u.old_status !== u.new_status ? `${u.old_status} → ${u.new_status}` : u.new_status}</Typography.Text>
                  {u.note && <div>{u.note}</div>}
                  <Typography.Text type="secondary">
                    {formatDate(u.created_at)}
                    {u.created_by ? ` · ${u.created_by}` : ""}
                  </Typography.Text>
                </>
              ),
            }))}
          />
        ) : (
          <Typography.Text type="secondary">{updates.isError ? "Status updates could not be loaded." : "No status updates yet."}</Typography.Text>
        )}
      </div>
    </Panel>
  );
}

function Keywords({ id, keywords, onAdded }: { id: string; keywords: string[]; onAdded: () => void }) {
  const [text, setText] = useState("");
  const [busy, setBusy] = useState(false);
  const { mutateAsync } = useCustomMutation();
  const add = async () => {
    const keyword = text.trim();
    if (!keyword) return;
    setBusy(true);
    try {
      await mutateAsync({ url: "keywords/", method: "post", values: { works_id: Number(id), keyword }, errorNotification: false });
      toastSuccess(`Keyword '${keyword}' added`);
      setText("");
      onAdded();
    } catch {
      // shown by the HTTP layer
    } finally {
      setBusy(false);
    }
  };
  return (
    <Panel size="small" title="Keywords">
      <Flex wrap gap={6} style={{ marginBottom: 12 }}>
        {keywords.length ? keywords.map((k) => <Tag key={k}>{k}</Tag>) : <Typography.Text type="secondary">No keywords yet.</Typography.Text>}
      </Flex>
      <Space.Compact style={{ width: "100%" }}>
        <Input value={text} onChange={(e) => setText(e.target.value)} onPressEnter={() => void add()} maxLength={100} placeholder="Add a keyword" aria-label="New keyword" />
        <Button onClick={() => void add()} loading={busy} disabled={!text.trim()}>
          Add
        </Button>
      </Space.Compact>
    </Panel>
  );
}

function showValue(v: unknown): string {
  if (v === null || v === undefined || v === "") return "—";
  if (Array.isArray(v)) return v.length ? v.join(", ") : "—";
  return String(v);
}

function History({ id }: { id: string }) {
  const history = useProjectHistory(id);
  const rows = history.data?.results ?? [];
  return (
    <Panel size="small" title="History" className="project-history">
      {rows.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={history.isError ? "The history could not be loaded." : "No changes recorded yet."} />
      ) : (
        <Timeline
          items={rows.map((h) => ({
            key: h.id,
            children: (
              <>
                <Typography.Text type="secondary">
                  {formatDateTime(h.created_at)} · {h.changed_by ?? "Unknown"}
                </Typography.Text>
                {Object.entries(h.changes).map(([field, change]) => {
                  const [before, after] = Array.isArray(change) && change.length === 2 ? change : [undefined, change];
                  return (
                    <div key={field} className="history-change">
                      <strong>{field}</strong>: {showValue(before)} → {showValue(after)}
                    </div>
                  );
                })}
              </>
            ),
          }))}
        />
      )}
    </Panel>
  );
}

export default function UpdateProjectDetailPage() {
  const { id = "" } = useParams();
  const refreshParts = useRefreshProjectParts(id);
  const { formProps, saveButtonProps, query, onFinish, form } = useForm<ProjectDetail, never, EditableProject>({
    resource: "update-projects",
    id,
    action: "edit",
    meta: { endpoint: "work/" },
    redirect: false,
    mutationMode: "pessimistic",
    successNotification: () => ({ message: "Project saved", type: "success" }),
    errorNotification: false, // the HTTP layer has shown it
    onMutationSuccess: () => void refreshParts(["history"]),
    // A malformed id is never sent: the frame shows the 404 page.
    queryOptions: { enabled: isRecordId(id) },
  });
  const project = query?.data?.data;
  const value = Form.useWatch("value", form);
  // The form holds company ids; the project answers company references.
  useEffect(() => {
    if (project) form.setFieldsValue(editableValues(project) as never);
  }, [project, form]);

  // An uploaded image is a line in the history: refetch it when the image list changes.
  const images = useLeadPart<unknown>(id, "image-upload/", isRecordId(id));
  const imagesAt = images.dataUpdatedAt;
  const firstImagesAt = useRef(0);
  useEffect(() => {
    if (!imagesAt) return;
    if (!firstImagesAt.current) firstImagesAt.current = imagesAt; // the first load is not a change
    else if (imagesAt !== firstImagesAt.current) void refreshParts(["history"]);
  }, [imagesAt, refreshParts]);

  const refresh = () => {
    void query?.refetch();
    void refreshParts(["history", "status"]);
  };

  const save = async (values: EditableProject) => {
    if (!project) return;
    const changes = changedFields(project, values);
    if (Object.keys(changes).length === 0) {
      toastSuccess("Nothing to save: no field changed");
      return;
    }
    await onFinish(changes as EditableProject).catch(() => undefined);
  };

  return (
    <DetailShell
      detail={detailOf(id, query, project)}
      title="Update Project"
      noun="Project"
      back={{ to: "/update-projects", label: "Update Projects" }}
      titleOf={(p) => p.title}
      subtitleOf={(p) => `Project #${id} · arrived ${formatDate(p.arrived_date)}`}
    >
      {(project) => (
        <Row gutter={[16, 16]}>
          <Col xs={24} xl={15}>
            <Panel loading={!project} className="project-form-card">
              <Form {...formProps} layout="vertical" onFinish={(v) => void save(v as EditableProject)} requiredMark="optional" className="project-form">
                <Form.Item label="Title" name="title" rules={[{ required: true, whitespace: true, message: "A project needs a title" }]}>
                  <Input maxLength={500} />
                </Form.Item>
                <Form.Item label="Description" name="description">
                  <Input.TextArea autoSize={{ minRows: 3, maxRows: 10 }} />
                </Form.Item>
                <Row gutter={12}>
                  <Col xs={24} sm={12}>
                    <Form.Item label="Category" name="category" rules={[{ required: true }]}>
                      <Select options={PROJECT_CATEGORIES.map((c) => ({ value: c, label: c[0].toUpperCase() + c.slice(1) }))} />
                    </Form.Item>
                  </Col>
                  <Col xs={24} sm={12}>
                    <Form.Item label="Type" name="project_type" tooltip="Several types are allowed">
                      <Select mode="tags" tokenSeparators={[","]} placeholder="e.g. Hospital, Residential" />
                    </Form.Item>
                  </Col>
                  <Col xs={24} sm={12}>
                    <Form.Item label="Sector" name="sector" {...textOrNull}>
                      <Input />
                    </Form.Item>
                  </Col>
                  <Col xs={24} sm={12}>
                    <Form.Item label="Ownership" name="ownership">
                      <Select allowClear options={["private", "public", "ppp"].map((o) => ({ value: o, label: o === "ppp" ? "PPP" : o[0].toUpperCase() + o.slice(1) }))} />
                    </Form.Item>
                  </Col>
                  <Col xs={24} sm={12}>
                    <Form.Item label="Status" name="status" extra="A status change here is recorded in the history; add a status update to tell subscribers.">
                      <Select allowClear options={PROJECT_STATUSES.map((s) => ({ value: s, label: s }))} />
                    </Form.Item>
                  </Col>
                  <Col xs={24} sm={12}>
                    <Form.Item label="Stage" name="stage" {...textOrNull}>
                      <Input />
                    </Form.Item>
                  </Col>
                  <Col xs={24} sm={12}>
                    <Form.Item label="Value (₹)" name="value" extra={<span className="value-hint">{valueHint(value)}</span>}>
                      <RupeeInput />
                    </Form.Item>
                  </Col>
                  <Col xs={24} sm={12}>
                    <Form.Item label="Area (sq ft)" name="area_sq_ft" {...numberProps}>
                      <Input type="number" min={0} step="any" />
                    </Form.Item>
                  </Col>
                </Row>

                <Typography.Title level={5}>Location</Typography.Title>
                <Row gutter={12}>
                  <Col xs={24} sm={8}>
                    <Form.Item label="State" name="state" {...textOrNull}>
                      <Input />
                    </Form.Item>
                  </Col>
                  <Col xs={24} sm={8}>
                    <Form.Item label="District" name="district" {...textOrNull}>
                      <Input />
                    </Form.Item>
                  </Col>
                  <Col xs={24} sm={8}>
                    <Form.Item label="City" name="city" {...textOrNull}>
                      <Input />
                    </Form.Item>
                  </Col>
                  <Col xs={24} sm={16}>
                    <Form.Item label="Address" name="address" {...textOrNull}>
                      <Input />
                    </Form.Item>
                  </Col>
                  <Col xs={24} sm={8}>
                    <Form.Item label="PIN code" name="pincode" {...textOrNull} rules={[{ pattern: /^[1-9]\d{5}$/, message: "Six digits, not starting with 0" }]}>
                      <Input inputMode="numeric" maxLength={6} />
                    </Form.Item>
                  </Col>
                </Row>

                <Typography.Title level={5}>Companies</Typography.Title>
                <Row gutter={12}>
                  <Col xs={24} sm={12}>
                    <Form.Item label="Owner (as shown)" name="owner_name" {...textOrNull}>
                      <Input />
                    </Form.Item>
                  </Col>
                  <Col xs={24} sm={12}>
                    <Form.Item label="Owner company" name="owner_company_id">
                      <CompanySelect current={project?.owner_company ?? null} placeholder="Search companies" />
                    </Form.Item>
                  </Col>
                  <Col xs={24} sm={12}>
                    <Form.Item label="Architect" name="architect_company_id">
                      <CompanySelect current={project?.architect_company ?? null} placeholder="Search companies" />
                    </Form.Item>
                  </Col>
                  <Col xs={24} sm={12}>
                    <Form.Item label="Contractor" name="contractor_company_id">
                      <CompanySelect current={project?.contractor_company ?? null} placeholder="Search companies" />
                    </Form.Item>
                  </Col>
                </Row>

                <Typography.Title level={5}>Dates and source</Typography.Title>
                <Row gutter={12}>
                  <Col xs={24} sm={12}>
                    <Form.Item label="Start date" name="start_date" {...dateProps}>
                      <Input type="date" />
                    </Form.Item>
                  </Col>
                  <Col xs={24} sm={12}>
                    <Form.Item label="Completion date" name="completion_date" {...dateProps}>
                      <Input type="date" />
                    </Form.Item>
                  </Col>
                  <Col xs={24} sm={12}>
                    <Form.Item label="Source" name="source" {...textOrNull}>
                      <Input />
                    </Form.Item>
                  </Col>
                  <Col xs={24} sm={12}>
                    <Form.Item label="Source URL" name="source_url" normalize={(v: string) => v.trim() || null} rules={[webUrlRule]}>
                      <Input />
                    </Form.Item>
                  </Col>
                </Row>
                <Flex justify="flex-end">
                  {/* A submit button (Enter in a field saves too) without saveButtonProps' onClick, which
                      submitted the form a second time: one click was two saves and two history lines. */}
                  <Button type="primary" htmlType="submit" loading={saveButtonProps.loading} disabled={saveButtonProps.disabled}>
                    Save changes
                  </Button>
                </Flex>
              </Form>
            </Panel>
            <Flex vertical gap={16} style={{ marginTop: 16 }}>
              <ProjectContactsCard id={id} onAdded={refresh} />
              <ProjectDocumentsCard id={id} onAdded={refresh} />
            </Flex>
          </Col>
          <Col xs={24} xl={9}>
            <Flex vertical gap={16}>
              {project && <StatusUpdates id={id} currentStatus={project.status} onAdded={refresh} />}
              {project && <Keywords id={id} keywords={project.keywords} onAdded={refresh} />}
              <Panel size="small" title="Images" className="project-images">
                <ImagesSection leadId={id} isStaff />
              </Panel>
              <History id={id} />
            </Flex>
          </Col>
        </Row>
      )}
    </DetailShell>
  );
}
