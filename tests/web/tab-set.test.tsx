// The app's tabs (src/components/page/TabSet.tsx), which stand where antd's Tabs stood: a tablist
// whose open tab is selected and tied to the one panel shown, one tab in the Tab order, arrow
// keys / Home / End moving and opening, and a page that keeps the open tab (the URL) told of changes.
import { fireEvent, render, screen } from "@testing-library/react";
import { useState } from "react";
import { describe, expect, it, vi } from "vitest";
import { TabSet } from "../../src/components/page/TabSet";

const items = [
  { key: "overview", label: "Overview", children: <p>Fields</p> },
  { key: "contacts", label: "Contacts", children: <p>People</p> },
  { key: "images", label: "Images", children: <p>Pictures</p> },
];

describe("TabSet", () => {
  it("opens the first tab; a click opens another, its panel named by its tab", () => {
    render(<TabSet items={items} />);
    const tabs = screen.getAllByRole("tab");
    expect(tabs.map((t) => [t.textContent, t.getAttribute("aria-selected"), t.tabIndex])).toEqual([
      ["Overview", "true", 0],
      ["Contacts", "false", -1],
      ["Images", "false", -1],
    ]);
    expect(screen.getByRole("tabpanel", { name: "Overview" }).textContent).toBe("Fields");
    fireEvent.click(screen.getByRole("tab", { name: "Contacts" }));
    expect(screen.getByRole("tabpanel", { name: "Contacts" }).textContent).toBe("People");
    expect(screen.queryByText("Fields")).toBeNull(); // one panel at a time
    expect(screen.getByRole("tab", { name: "Contacts" }).getAttribute("aria-controls")).toBe(screen.getByRole("tabpanel").id);
  });

  it("arrow keys, Home and End move the focus and open the tab (wrapping around)", () => {
    render(<TabSet items={items} />);
    const tab = (name: string) => screen.getByRole("tab", { name });
    tab("Overview").focus();
    fireEvent.keyDown(tab("Overview"), { key: "ArrowLeft" });
    expect(document.activeElement).toBe(tab("Images"));
    expect(screen.getByRole("tabpanel", { name: "Images" })).toBeTruthy();
    fireEvent.keyDown(tab("Images"), { key: "ArrowRight" });
    expect(document.activeElement).toBe(tab("Overview"));
    fireEvent.keyDown(tab("Overview"), { key: "End" });
    expect(tab("Images").getAttribute("aria-selected")).toBe("true");
    fireEvent.keyDown(tab("Images"), { key: "Home" });
    expect(tab("Overview").getAttribute("aria-selected")).toBe("true");
  });

  it("a page that keeps the open tab is told of a change and decides what is open", () => {
    const onChange = vi.fn();
    function Kept() {
      const [key, setKey] = useState("contacts");
      return <TabSet items={items} activeKey={key} onChange={(k) => (onChange(k), k !== "images" && setKey(k))} />;
    }
    render(<Kept />);
    expect(screen.getByRole("tabpanel", { name: "Contacts" })).toBeTruthy();
    fireEvent.click(screen.getByRole("tab", { name: "Images" }));
    expect(onChange).toHaveBeenLastCalledWith("images");
    expect(screen.getByRole("tabpanel", { name: "Contacts" })).toBeTruthy(); // the page said no
    fireEvent.click(screen.getByRole("tab", { name: "Contacts" }));
    expect(onChange).toHaveBeenCalledTimes(1); // the open tab again: nothing to tell
  });
});
