// The staff editor's rupee field (src/pages/update-projects/RupeeInput.tsx): Indian grouping while
// not being edited, plain digits while typing, the number handed on as typed, letters refused.
import { fireEvent, render, screen, waitFor } from "@testing-library/react";
import { useState } from "react";
import { describe, expect, it, vi } from "vitest";
import { RupeeInput } from "../../src/pages/update-projects/RupeeInput";

function Field({ start, spy }: { start: number | null; spy: (v: number | null) => void }) {
  const [value, setValue] = useState<number | null>(start);
  return <RupeeInput aria-label="Value (₹)" value={value} onChange={(v) => (spy(v), setValue(v))} />;
}

describe("RupeeInput", () => {
  it("keeps the caret after the same digit as commas come and go", async () => {
    render(<Field start={null} spy={() => undefined} />);
    const input = screen.getByLabelText("Value (₹)") as HTMLInputElement;
    input.focus();
    fireEvent.change(input, { target: { value: "23456" } });
    expect(input.value).toBe("23,456");
    // '1' typed after the '2': the field holds '213,456' with the caret after '21'; shown
    // '2,13,456', the caret stays after '21' (not at the end, where a new value puts it).
    fireEvent.change(input, { target: { value: "213,456", selectionStart: 2, selectionEnd: 2 } });
    expect(input.value).toBe("2,13,456");
    await waitFor(() => expect(input.selectionStart).toBe(3));
  });

  it("shows the value grouped the Indian way, also while typing, and hands on numbers", () => {
    const spy = vi.fn();
    render(<Field start={12345678} spy={spy} />);
    const input = screen.getByLabelText("Value (₹)") as HTMLInputElement;
    expect(input.value).toBe("1,23,45,678");
    fireEvent.change(input, { target: { value: "25000000." } });
    expect(input.value).toBe("2,50,00,000."); // the point stays open for the decimals
    fireEvent.change(input, { target: { value: "2,50,00,000.5" } });
    expect(spy).toHaveBeenLastCalledWith(25000000.5);
    fireEvent.change(input, { target: { value: "2,50,00,000.5x" } }); // refused: the value stays
    expect(input.value).toBe("2,50,00,000.5");
    fireEvent.blur(input);
    expect(input.value).toBe("2,50,00,000.5");
    fireEvent.change(input, { target: { value: "" } });
    expect(spy).toHaveBeenLastCalledWith(null);
    fireEvent.blur(input);
    expect(input.value).toBe("");
  });
});
