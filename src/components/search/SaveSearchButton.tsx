// 'Save search' on a lister: the page's route and URL query saved under a name as a quick
// search (POST saved-search/). Shown only on the listers the server can run a quick search of
// (saved-search/listers/), so a saved search always opens as it was. The page number is not
// saved: a quick search opens on its first page.
import { StarOutlined } from "@ant-design/icons";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { Button, Form, Input, Modal } from "antd";
import { useState } from "react";
import { Link, useLocation } from "react-router";
import { toastSuccess } from "../../lib/toast";
import { http, HttpError } from "../../providers/http";

export const SAVED_SEARCHES_KEY = ["saved-searches"] as const;
export const SAVED_SEARCH_LISTERS_KEY = ["saved-searches", "listers"] as const;

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
  return useQuery({
    queryKey: SAVED_SEARCH_LISTERS_KEY,
    queryFn: ({ signal }) => http.get<{ results: ListerRoute[] }>("saved-search/listers/", { signal, toast: false }),
    staleTime: Infinity,
  });
}

export function SaveSearchButton({ suggestedName, size }: { suggestedName?: string; size?: "small" | "middle" }) {
  const location = useLocation();
  const listers = useSavableListers();
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const [saving, setSaving] = useState(false);
  const [form] = Form.useForm<{ name: string }>();
  const lister = listers.data?.results.find((l) => l.route === location.pathname);
  if (!lister) return null;

  const save = async ({ name }: { name: string }) => {
    setSaving(true);
    try {
      await http.post("saved-search/", { name: name.trim(), resource: lister.route, query: savedQuery(location.search) }, { toast: false });
      await queryClient.invalidateQueries({ queryKey: SAVED_SEARCHES_KEY });
      toastSuccess(`Saved '${name.trim()}' to Quick Searches`);
      setOpen(false);
    } catch (error) {
      // The name (taken, blank) is shown beside the field; anything else under it too.
      const message = error instanceof HttpError ? (error.errors?.name?.[0] ?? Object.values(error.errors ?? {})[0]?.[0] ?? error.message) : "Something went wrong!";
      form.setFields([{ name: "name", errors: [message] }]);
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
