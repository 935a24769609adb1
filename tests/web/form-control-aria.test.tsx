// aria-required where ARIA allows it (issue 21): antd 5 puts a required field's aria-required on a
// Select's outer <div> and on checkbox groups (axe: aria-allowed-attr). The app's repair moves a
// Select's to its combobox input and drops a group's — for fields shown at once and added later.
import { render, waitFor } from "@testing-library/react";
import { Checkbox, Form, Select } from "antd";
import { afterEach, describe, expect, it } from "vitest";
import { watchFormControlAria } from "../../src/lib/formControlAria";

let stop: (() => void) | undefined;
afterEach(() => stop?.());

function RequiredForm({ more = false }: { more?: boolean }) {
  return (
    <Form>
      <Form.Item name="state" label="State" rules={[{ required: true }]}>
        <Select options={[{ value: "Kerala", label: "Kerala" }]} />
      </Form.Item>
      <Form.Item name="events" label="Events" rules={[{ required: true }]}>
        <Checkbox.Group options={["a", "b"]} />
      </Form.Item>
      {more && (
        <Form.Item name="city" label="City" rules={[{ required: true }]}>
          <Select options={[{ value: "Kochi", label: "Kochi" }]} />
        </Form.Item>
      )}
    </Form>
  );
}

describe("required form controls", () => {
  it("antd alone puts aria-required on the Select's div (the fault repaired)", () => {
    const { container } = render(<RequiredForm />);
    expect(container.querySelector(".ant-select")?.getAttribute("aria-required")).toBe("true");
  });

  it("moves a Select's aria-required to its combobox, drops a group's, also for fields added later", async () => {
    const { container, rerender } = render(<RequiredForm />);
    stop = watchFormControlAria(container as HTMLElement);
    const misplaced = () => container.querySelectorAll(".ant-select[aria-required], .ant-checkbox-group[aria-required]").length;
    expect(misplaced()).toBe(0);
    expect(container.querySelector(".ant-select input[role=combobox]")?.getAttribute("aria-required")).toBe("true");
    rerender(<RequiredForm more />);
    await waitFor(() => expect(misplaced()).toBe(0));
    expect(container.querySelectorAll("input[role=combobox][aria-required=true]")).toHaveLength(2);
  });
});
