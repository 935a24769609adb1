// Shared work in the demo team (issue 20) in Chromium: Arjun (admin) assigns a lead to Divya from
// the lead's page; Divya finds it under "Assigned to me" (desktop and phone widths), is told in
// the app and by e-mail (read back from the outbox), sees Arjun's mark on the lead, and marks it
// done; the owner's dashboard shows the team's pipeline. The assignment is deleted at the end, so
// the demo team stays as seeded for later runs.
import fs from "node:fs";
import path from "node:path";
import { expect } from "@playwright/test";
import { DEMO_TEAMMATES } from "../../server/ingest/demo-team.js";
import { demo, DESKTOP, E2E_OUTBOX, pageApi, PHONE, poll, recordedTest as test, screenshots, signedIn } from "./fixtures.js";

const shot = screenshots("assignments", { dirVariable: "ASSIGN_SHOTS", fullPage: true });
const [arjun, divya] = DEMO_TEAMMATES.map((m) => ({ email: m.email, password: m.password }));

function assignmentMailSince(before: Set<string>, to: string, title: string): string | null {
  if (!fs.existsSync(E2E_OUTBOX)) return null;
  const fresh = fs.readdirSync(E2E_OUTBOX).filter((f) => !before.has(f));
  const mails = fresh.map((f) => fs.readFileSync(path.join(E2E_OUTBOX, f), "utf8").replace(/=\r?\n/g, "").replace(/=3D/g, "="));
  return mails.find((eml) => eml.includes(to) && eml.includes("Assigned to you") && eml.includes(title.slice(0, 30))) ?? null;
}

test("a lead assigned to a teammate reaches 'Assigned to me', the bell and the mailbox; the owner sees the pipeline", async ({ page, browser }) => {
  test.setTimeout(150_000);
  await signedIn(page, arjun);
  const leads = await pageApi<{ results: { id: number; title: string }[] }>(page, "/api/list/search/?page=1");
  const lead = leads.body.results[0];
  await pageApi(page, `/api/work/${lead.id}/mark/`, { method: "POST", body: { mark: "shortlisted" } });
  const before = new Set(fs.existsSync(E2E_OUTBOX) ? fs.readdirSync(E2E_OUTBOX) : []);

  await page.goto(`/private-leads/detail/${lead.id}`);
  await page.getByRole("button", { name: "Assign" }).click();
  const dialog = page.getByRole("dialog", { name: "Assign this lead" });
  await dialog.getByRole("combobox", { name: "Teammate" }).click();
  await page.locator(".ant-select-item-option", { hasText: "Divya Rao (member)" }).click(); // antd lists every option here (its listbox role holds only a few)
  await dialog.getByLabel("Note").fill("Call the site engineer about the cement order");
  await dialog.getByRole("button", { name: "Assign" }).click();
  await expect(page.getByText("Assigned to Divya Rao")).toBeVisible();
  await expect(dialog).toBeHidden();

  const other = await browser.newContext({ baseURL: new URL(page.url()).origin, timezoneId: "Asia/Kolkata", reducedMotion: "reduce" });
  let assignmentId: number | undefined;
  try {
    const mate = await other.newPage();
    await mate.setViewportSize(DESKTOP);
    await signedIn(mate, divya, { to: "/assignments" });
    const table = mate.getByRole("table", { name: "Assigned to me" });
    const row = table.getByRole("row").filter({ hasText: lead.title });
    await expect(row).toContainText("From Arjun Pillai");
    await expect(row).toContainText("Call the site engineer about the cement order");
    await shot(mate, "desktop");
    await mate.setViewportSize(PHONE);
    await expect(row).toBeVisible();
    expect(await mate.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    await shot(mate, "phone");
    await mate.setViewportSize(DESKTOP);

    const notices = await pageApi<{ results: { kind: string; item_id: number; assignment?: { id: number } }[] }>(mate, "/api/notifications/");
    const notice = notices.body.results.find((n) => n.kind === "assignment" && n.item_id === lead.id)!;
    expect(notice).toBeTruthy();
    assignmentId = notice.assignment!.id;
    await poll(() => assignmentMailSince(before, divya.email, lead.title), { timeout: 45_000 }).not.toBeNull();

    await mate.goto(`/private-leads/detail/${lead.id}`);
    await expect(mate.getByLabel("Teammates' marks")).toContainText(/Arjun Pillai\s*shortlisted on/);

    await mate.goto("/assignments");
    await mate.getByRole("button", { name: `Mark done: ${lead.title}` }).click();
    await expect(mate.getByText(`Marked done: ${lead.title}`)).toBeVisible();
  } finally {
    await other.close();
  }

  const owner = await browser.newContext({ baseURL: new URL(page.url()).origin, timezoneId: "Asia/Kolkata", reducedMotion: "reduce" });
  try {
    const o = await owner.newPage();
    await o.setViewportSize(DESKTOP);
    await signedIn(o, demo, { to: "/dashboard" });
    const table = o.getByRole("table", { name: "The numbers per member" });
    await expect(table.getByRole("row").filter({ hasText: "Divya Rao" })).toBeVisible();
    await expect(table.getByRole("row").filter({ hasText: "Arjun Pillai" })).toBeVisible();
    await o.getByText("pipeline by member").scrollIntoViewIfNeeded();
    await shot(o, "dashboard", { fullPage: false });
  } finally {
    await owner.close();
  }
  if (assignmentId !== undefined) expect((await pageApi(page, `/api/assignments/${assignmentId}/`, { method: "DELETE" })).status).toBe(204);
  await pageApi(page, `/api/work/${lead.id}/mark/`, { method: "POST", body: { mark: "unmarked" } });
});
