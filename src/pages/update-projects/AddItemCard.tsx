// Staff editor: a card of a lead's items (its contacts, its documents) with 'Add <noun>', which
// opens the item's form above the list. The form posts to the address the list is read from
// (work/{id}/contacts/, work/{id}/documents/); on success a toast names the new item, the list
// reloads and the editor is told. The server's field messages show beside their inputs (the
// HTTP layer has already shown its toast).
//
// Names follow the noun, so pages and tests find each card the same way: 'contact' gives the
// card title "Contacts", the classes project-contacts / add-contact-form / project-contact-list
// and the form name add-contact.
import { PlusOutlined } from "@ant-design/icons";
import { useCustomMutation } from "@refinedev/core";
import { Button, Empty, Form, List } from "antd";
import { Panel } from "../../components/page/Panel";
import { useState, type ReactNode } from "react";
import { toastSuccess } from "../../lib/toast";
import { useApiPart } from "../../components/page/useApiPart";

/** The POST body: text trimmed, blanks (and empty choices) left out. */
export function formBody(values: object): Record<string, string | number> {
  const out: Record<string, string | number> = {};
  for (const [key, value] of Object.entries(values)) {
    const kept = typeof value === "string" ? value.trim() : value;
    if (kept) out[key] = kept;
  }
  return out;
}

const capital = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);

interface Props<Item extends { id: number }, Values extends object> {
  /** 'contact', 'document': the card's words and class names. */
  noun: string;
  /** GET answers {results: Item[]}; POST adds one and answers it. */
  url: string;
  queryKey: readonly unknown[];
  /** The form's inputs (Form.Items named after Values' keys). */
  fields: ReactNode;
  /** The inputs that take the server's field messages. */
  fieldNames: (keyof Values & string)[];
  initialValues?: Partial<Values>;
  /** What the toast calls the new item ("Contact 'Anil Menon' added"). */
  nameOf: (added: Item) => string;
  renderItem: (item: Item) => ReactNode;
  onAdded: () => void;
}

export function AddItemCard<Item extends { id: number }, Values extends object>({
  noun,
  url,
  queryKey,
  fields,
  fieldNames,
  initialValues,
  nameOf,
  renderItem,
  onAdded,
}: Props<Item, Values>) {
  // Untyped: antd cannot resolve its field-name types for a generic Values; the names set below
  // are Values' own keys (fieldNames).
  const [form] = Form.useForm();
  const [busy, setBusy] = useState(false);
  const [adding, setAdding] = useState(false);
  const items = useApiPart<{ results: Item[] }>(url, { queryKey, toast: true });
  const { mutateAsync } = useCustomMutation<Item>();
  const plural = `${noun}s`;

  const submit = async (values: Values) => {
    setBusy(true);
    try {
      const { data: added } = await mutateAsync({ url, method: "post", values: formBody(values), errorNotification: false });
      toastSuccess(`${capital(noun)} '${nameOf(added)}' added`);
      form.resetFields();
      setAdding(false);
      await items.refetch();
      onAdded();
    } catch (err) {
      // The HTTP layer has shown the toast; field messages also go beside their inputs.
      const messages = (err as { errors?: Record<string, string[]> }).errors;
      if (messages) {
        form.setFields(fieldNames.filter((name) => messages[name]).map((name) => ({ name, errors: messages[name] })));
      }
    } finally {
      setBusy(false);
    }
  };

  const rows = items.data?.results ?? [];
  return (
    <Panel
      size="small"
      title={capital(plural)}
      className={`project-${plural}`}
      extra={
        !adding && (
          <Button size="small" icon={<PlusOutlined />} onClick={() => setAdding(true)}>
            Add {noun}
          </Button>
        )
      }
    >
      {adding && (
        <Form
          form={form}
          name={`add-${noun}`}
          layout="vertical"
          onFinish={(v) => void submit(v)}
          requiredMark="optional"
          className={`add-${noun}-form`}
          style={{ marginBottom: 16 }}
          initialValues={initialValues}
        >
          {fields}
          <Button type="primary" htmlType="submit" loading={busy}>
            Save {noun}
          </Button>
          <Button type="link" onClick={() => setAdding(false)}>
            Cancel
          </Button>
        </Form>
      )}
      {rows.length ? (
        <List size="small" className={`project-${noun}-list`} dataSource={rows} renderItem={(item) => <List.Item key={item.id}>{renderItem(item)}</List.Item>} />
      ) : (
        !adding && <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={items.isError ? `${capital(plural)} could not be loaded.` : `No ${plural} yet.`} />
      )}
    </Panel>
  );
}
