// The user's quick searches (saved-search/): open one as it was saved (its lister's URL),
// rename, delete. New ones are saved from any lister with 'Save search'.
import { BellOutlined, DeleteOutlined, EditOutlined } from "@ant-design/icons";
import { Button, Form, Input, List, Modal, Popconfirm, Space, Tag, Typography } from "antd";
import { Panel } from "../../components/page/Panel";
import { useEffect, useState } from "react";
import { Link } from "react-router";
import { EmptyState, PageShell } from "../../components/page/PageShell";
import { useMediaQuery } from "../../hooks/useMediaQuery";
import { formatDate } from "../../lib/format";
import { toastSuccess } from "../../lib/toast";
import { describeQuery, nameError, useSavedSearchMutations, useSavedSearches, type SavedSearch } from "./api";
import "./quick-searches.css";

function RenameDialog({ search, onClose }: { search: SavedSearch | null; onClose: () => void }) {
  const [form] = Form.useForm<{ name: string }>();
  const [saving, setSaving] = useState(false);
  const { rename } = useSavedSearchMutations();
  // The current name as the dialog opens (before anyone types).
  useEffect(() => {
    if (search) form.setFieldsValue({ name: search.name });
  }, [search, form]);
  const save = async ({ name }: { name: string }) => {
    if (!search) return;
    setSaving(true);
    try {
      await rename(search.id, name.trim());
      toastSuccess("Quick search renamed");
      onClose();
    } catch (error) {
      const message = nameError(error);
      form.setFields([{ name: "name", errors: [message] }]);
    } finally {
      setSaving(false);
    }
  };
  return (
    <Modal
      title="Rename quick search"
      open={!!search}
      okText="Save"
      confirmLoading={saving}
      onOk={() => form.submit()}
      onCancel={onClose}
      forceRender
    >
      <Form form={form} layout="vertical" onFinish={(v) => void save(v)}>
        <Form.Item name="name" label="Name" rules={[{ required: true, whitespace: true, message: "Give the search a name" }]}>
          <Input maxLength={80} />
        </Form.Item>
      </Form>
    </Modal>
  );
}

export default function QuickSearchesPage() {
  const { result, query: searches } = useSavedSearches();
  const { remove: removeSearch } = useSavedSearchMutations();
  const phone = useMediaQuery("(max-width: 575.98px)");
  const [renaming, setRenaming] = useState<SavedSearch | null>(null);
  const remove = async (s: SavedSearch) => {
    try {
      await removeSearch(s.id);
      toastSuccess(`Deleted '${s.name}'`);
    } catch {
      // shown by the HTTP layer
    }
  };
  const rows = result.data ?? [];

  return (
    <PageShell title="Quick Searches" subtitle="Searches you saved from a lister with 'Save search'. Open one to see it as you saved it.">
      <Panel>
        {!searches.isPending && rows.length === 0 ? (
          <EmptyState
            title="No quick searches yet"
            text={
              <>
                Search a lister, e.g. <Link to="/private-construction-leads">Construction Projects</Link>, and press 'Save search'.
              </>
            }
          />
        ) : (
          <List<SavedSearch>
            loading={searches.isPending}
            dataSource={rows}
            rowKey="id"
            itemLayout={phone ? "vertical" : "horizontal"}
            className="quick-search-list"
            renderItem={(s) => (
              <List.Item
                data-search-id={s.id}
                actions={[
                  <Button key="rename" type="text" icon={<EditOutlined />} onClick={() => setRenaming(s)} aria-label={`Rename ${s.name}`}>
                    Rename
                  </Button>,
                  <Popconfirm key="delete" title={`Delete '${s.name}'?`} description={s.alert ? "Its e-mail alert is deleted too." : undefined} okText="Delete" okButtonProps={{ danger: true }} onConfirm={() => remove(s)}>
                    <Button type="text" danger icon={<DeleteOutlined />} aria-label={`Delete ${s.name}`}>
                      Delete
                    </Button>
                  </Popconfirm>,
                ]}
              >
                <List.Item.Meta
                  title={
                    <Space size={6} wrap>
                      <Link to={s.url} className="quick-search-name">
                        {s.name}
                      </Link>
                      <Tag bordered={false}>{s.resource_label}</Tag>
                      {s.alert?.enabled && (
                        <Tag icon={<BellOutlined />} color="blue" bordered={false}>
                          {s.alert.frequency === "daily" ? "Daily" : "Weekly"} alert
                        </Tag>
                      )}
                    </Space>
                  }
                  description={
                    <>
                      <Typography.Text type="secondary" className="quick-search-query">
                        {describeQuery(s.query) || "All items, no filters"}
                      </Typography.Text>
                      <br />
                      <Typography.Text type="secondary" className="quick-search-date">
                        Saved {formatDate(s.created_at)}
                      </Typography.Text>
                    </>
                  }
                />
              </List.Item>
            )}
          />
        )}
        {rows.length > 0 && (
          <Typography.Paragraph type="secondary" className="quick-search-hint">
            Get new matches by e-mail: <Link to="/email-alerts">Email Alerts</Link>.
          </Typography.Paragraph>
        )}
      </Panel>
      <RenameDialog search={renaming} onClose={() => setRenaming(null)} />
    </PageShell>
  );
}
