// The 'Save search' dialog (Modal + Form), a chunk of its own: loaded when 'Save search' is first
// clicked (SaveSearchButton), so a lister's first open does not bring antd's dialog and form.
import { Form, Input, Modal } from "antd";
import { useEffect, useState } from "react";
import { Link, useLocation } from "react-router";
import { toastSuccess } from "../../lib/toast";
import { nameError, useSavedSearchMutations } from "../../pages/quick-searches/api";
import { savedQuery } from "./SaveSearchButton";

export interface SaveSearchDialogProps {
  open: boolean;
  onClose: () => void;
  lister: { route: string; label: string };
  suggestedName?: string;
}

export function SaveSearchDialog({ open, onClose, lister, suggestedName }: SaveSearchDialogProps) {
  const location = useLocation();
  const { save: saveSearch } = useSavedSearchMutations();
  const [saving, setSaving] = useState(false);
  const [form] = Form.useForm<{ name: string }>();

  // Each opening starts from the page's search text.
  useEffect(() => {
    if (open) form.setFieldsValue({ name: suggestedName?.slice(0, 80) ?? "" });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only on opening
  }, [open]);

  const save = async ({ name }: { name: string }) => {
    setSaving(true);
    try {
      await saveSearch({ name: name.trim(), resource: lister.route, query: savedQuery(location.search) });
      toastSuccess(`Saved '${name.trim()}' to Quick Searches`);
      onClose();
    } catch (error) {
      // The name (taken, blank) is shown beside the field; anything else under it too.
      form.setFields([{ name: "name", errors: [nameError(error)] }]);
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal title="Save as quick search" open={open} okText="Save" confirmLoading={saving} onOk={() => form.submit()} onCancel={onClose} forceRender>
      <Form form={form} layout="vertical" onFinish={(v) => void save(v)}>
        <Form.Item name="name" label="Name" rules={[{ required: true, whitespace: true, message: "Give the search a name" }]} extra={`Saves this ${lister.label} search with its filters and sort.`}>
          <Input maxLength={80} autoFocus placeholder="e.g. Hospitals in Maharashtra above 10 Cr" />
        </Form.Item>
      </Form>
      <Link to="/quick-searches" onClick={onClose}>
        See your quick searches
      </Link>
    </Modal>
  );
}
