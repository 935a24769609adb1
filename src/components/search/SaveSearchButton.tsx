// 'Save search' on a lister: the page's route and URL query saved under a name as a quick
// search (POST saved-search/). Shown only on the listers the server can run a quick search of
// (saved-search/listers/), so a saved search always opens as it was. The page number is not
// saved: a quick search opens on its first page.
import { StarOutlined } from "@ant-design/icons";
import { useCustom } from "@refinedev/core";
import { Button, Form, Input, Modal } from "antd";
import { useState } from "react";
import { Link, useLocation } from "react-router";
import { toastSuccess } from "../../lib/toast";
import { REST, nameError, useSavedSearchMutations } from "../../pages/quick-searches/api";

interface ListerRoute {
  route: string;
  label: string;
}

/** The query string to save: the page's, without the page number. */
export function savedQuery(search: string): string {
  const params = new URLSearchParams(search.replace(/^\?/, ""));
  params.delete("page");
  return params.toString();
}

export function useSavableListers() {
  // No lister list, no button: its failure is not the user's business.
  return useCustom<{ results: ListerRoute[] }>({
    url: "saved-search/listers/",
    method: "get",
    dataProviderName: REST,
    meta: { toast: false },
    errorNotification: false,
    queryOptions: { staleTime: Infinity },
  });
}

export function SaveSearchButton({ suggestedName, size }: { suggestedName?: string; size?: "small" | "middle" }) {
  const location = useLocation();
  const { result: listers } = useSavableListers();
  const { save: saveSearch } = useSavedSearchMutations();
  const [open, setOpen] = useState(false);
  const [saving, setSaving] = useState(false);
  const [form] = Form.useForm<{ name: string }>();
  const lister = listers.data?.results?.find((l) => l.route === location.pathname);
  if (!lister) return null;

  const save = async ({ name }: { name: string }) => {
    setSaving(true);
    try {
      await saveSearch({ name: name.trim(), resource: lister.route, query: savedQuery(location.search) });
      toastSuccess(`Saved '${name.trim()}' to Quick Searches`);
      setOpen(false);
    } catch (error) {
      // The name (taken, blank) is shown beside the field; anything else under it too.
      form.setFields([{ name: "name", errors: [nameError(error)] }]);
    } finally {
      setSaving(false);
    }
  };

  return (
    <>
      <Button
        icon={<StarOutlined />}
        size={size}
        onClick={() => {
          form.setFieldsValue({ name: suggestedName?.slice(0, 80) ?? "" });
          setOpen(true);
        }}
      >
        Save search
      </Button>
      <Modal
        title="Save as quick search"
        open={open}
        okText="Save"
        confirmLoading={saving}
        onOk={() => form.submit()}
        onCancel={() => setOpen(false)}
        forceRender
      >
        <Form form={form} layout="vertical" onFinish={(v) => void save(v)}>
          <Form.Item name="name" label="Name" rules={[{ required: true, whitespace: true, message: "Give the search a name" }]} extra={`Saves this ${lister.label} search with its filters and sort.`}>
            <Input maxLength={80} autoFocus placeholder="e.g. Hospitals in Maharashtra above 10 Cr" />
          </Form.Item>
        </Form>
        <Link to="/quick-searches" onClick={() => setOpen(false)}>
          See your quick searches
        </Link>
      </Modal>
    </>
  );
}
