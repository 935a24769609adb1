// The app's titled box (src/components/page/Panel.tsx), which stands where antd's Card stood: a
// region named by its heading (h4, under the page's h3), extra beside the title, the small
// variant, grey bars and aria-busy while loading, and any other attribute on the <section>.
import { fireEvent, render, screen, within } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { Panel } from "../../src/components/page/Panel";

describe("Panel", () => {
  it("is a region named by its h4 title, with extra in its head and the content in its body", () => {
    render(
      <Panel title="Documents (2)" extra={<a href="#all">Download all</a>}>
        <p>NIT.pdf</p>
      </Panel>,
    );
    const region = screen.getByRole("region", { name: "Documents (2)" });
    expect(region.tagName).toBe("SECTION");
    expect(within(region).getByRole("heading", { level: 2, name: "Documents (2)" })).toBeTruthy();
    const head = region.querySelector(".panel-head")!;
    expect(within(head as HTMLElement).getByRole("link", { name: "Download all" })).toBeTruthy();
    expect(region.querySelector(".panel-body")!.textContent).toBe("NIT.pdf");
    expect(region.getAttribute("aria-busy")).toBeNull();
  });

  it("without a title has no heading and no name (not a landmark); extra alone still gets a head", () => {
    const { container } = render(
      <>
        <Panel className="plain">body only</Panel>
        <Panel className="with-extra" extra="3 links">body</Panel>
      </>,
    );
    expect(screen.queryByRole("heading")).toBeNull();
    expect(screen.queryByRole("region")).toBeNull();
    expect(container.querySelector(".plain .panel-head")).toBeNull();
    expect(container.querySelector(".with-extra .panel-head .panel-extra")!.textContent).toBe("3 links");
  });

  it("passes size, className, id, data-*, aria-* and handlers on to the section", () => {
    const onClick = vi.fn();
    render(
      <Panel title="Lead" size="small" className="lead-card" id="lead-7" data-lead-id={7} aria-describedby="x" onClick={onClick}>
        body
      </Panel>,
    );
    const region = screen.getByRole("region", { name: "Lead" });
    expect(region.className).toBe("panel panel-small lead-card");
    expect(region.id).toBe("lead-7");
    expect(region.getAttribute("data-lead-id")).toBe("7");
    expect(region.getAttribute("aria-describedby")).toBe("x");
    fireEvent.click(region);
    expect(onClick).toHaveBeenCalledTimes(1);
  });

  it("while loading shows grey bars instead of its content and says it is busy", () => {
    render(
      <Panel title="Shared links" loading>
        <form aria-label="settings" />
      </Panel>,
    );
    const region = screen.getByRole("region", { name: "Shared links" });
    expect(region.getAttribute("aria-busy")).toBe("true");
    expect(region.classList.contains("panel-loading")).toBe(true);
    expect(screen.queryByRole("form", { name: "settings" })).toBeNull();
    const bars = region.querySelector(".panel-placeholder")!;
    expect(bars.getAttribute("aria-hidden")).toBe("true");
    expect(bars.children.length).toBe(4);
  });
});
