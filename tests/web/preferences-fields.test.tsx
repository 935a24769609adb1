// The feed's value range in crore (issue 17 point 8: '2939 Cr' was shown without grouping):
// the inputs show Indian grouping, and the form still gets plain numbers.
import { act, fireEvent, render, screen } from "@testing-library/react";
import { Form } from "antd";
import { describe, expect, it } from "vitest";
import { PreferencesFields, type PreferenceValues } from "../../src/pages/profile/PreferencesFields";

function Harness({ onValues }: { onValues: (v: PreferenceValues) => void }) {
  const [form] = Form.useForm<PreferenceValues>();
  return (
    <Form form={form} initialValues={{ min_cr: 2939, max_cr: null }} onValuesChange={(_, all) => onValues(all)}>
      <PreferencesFields options={{ sectors: [], states: [] } as never} />
    </Form>
  );
}

describe("PreferencesFields value range", () => {
  it("shows crore amounts grouped the Indian way and keeps the values numbers", async () => {
    let values: PreferenceValues | undefined;
    render(<Harness onValues={(v) => (values = v)} />);
    const [min, max] = screen.getAllByRole("spinbutton") as HTMLInputElement[];
    expect(min.value).toBe("2,939");

    // Separate steps, as a user's: typing, then leaving the field.
    await act(async () => fireEvent.focusIn(max));
    await act(async () => fireEvent.change(max, { target: { value: "1234567" } }));
    await act(async () => fireEvent.focusOut(max));
    expect(max.value).toBe("12,34,567");
    expect(values?.max_cr).toBe(1234567);
  });
});
