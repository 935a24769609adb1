// Teams (issue 20) in Chromium: the demo subscriber's team page at desktop and phone widths, an
// invitation mailed (read back from the outbox) whose link creates a teammate who is in the team
// at once, and the teammate removed again (so the demo team stays as seeded for later runs).
import fs from "node:fs";
import path from "node:path";
import { expect } from "@playwright/test";
import { DEMO_TEAMMATES } from "../../server/ingest/demo-team.js";
import { credits, demo, E2E_OUTBOX, pageApi, PHONE, poll, recordedTest as test, screenshots, signedIn } from "./fixtures.js";

const shot = screenshots("team", { dirVariable: "TEAM_SHOTS", fullPage: true });
const JOIN_LINK = /https?:\/\/[^\s]+\/team\/join\?token=[A-Za-z0-9_%-]+/;

function joinLinkSince(before: Set<string>, to: string): string | null {
  if (!fs.existsSync(E2E_OUTBOX)) return null;
  const fresh = fs.readdirSync(E2E_OUTBOX).filter((f) => !before.has(f));
  const mails = fresh.map((f) => fs.readFileSync(path.join(E2E_OUTBOX, f), "utf8").replace(/=\r?\n/g, "").replace(/=3D/g, "="));
  return mails.filter((eml) => eml.includes(to)).map((eml) => eml.match(JOIN_LINK)?.[0]).find(Boolean) ?? null;
}

test("the demo team: members and seats, readable at 390 px", async ({ page }) => {
  await page.setViewportSize(PHONE);
  await signedIn(page, demo, { to: "/team" });
  await expect(page.getByTestId("team-seats")).toHaveText(/of 5 in use/);
  const members = page.getByRole("list", { name: "Team members" });
  await expect(members.getByText("Arjun Pillai")).toBeVisible();
  await expect(members.getByText("Divya Rao")).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
});

test("an invitation mailed to a new address joins them to the team at once", async ({ page, browser }) => {
  await signedIn(page, demo, { to: "/team" });
  const email = `teammate-${Date.now()}@example.com`;
  const before = new Set(fs.existsSync(E2E_OUTBOX) ? fs.readdirSync(E2E_OUTBOX) : []);
  await page.getByLabel("E-mail").fill(email);
  await page.getByRole("button", { name: "Send invitation" }).click();
  await expect(page.getByRole("list", { name: "Pending invitations" }).getByText(email)).toBeVisible();
  await poll(() => joinLinkSince(before, email)).not.toBeNull();
  const link = new URL(joinLinkSince(before, email)!);

  const other = await browser.newContext({ baseURL: new URL(page.url()).origin });
  try {
    const invitee = await other.newPage();
    await invitee.goto(link.pathname + link.search);
    await invitee.getByLabel("First name").fill("Kavya");
    await invitee.getByLabel("Password", { exact: true }).fill("Team-pass-2026");
    await invitee.getByRole("button", { name: "Create account and join" }).click();
    await expect(invitee).not.toHaveURL(/\/team\/join/, { timeout: 15_000 });
    const team = await pageApi<{ role: string; name: string }>(invitee, "/api/team/");
    expect(team.status).toBe(200);
    expect(team.body.role).toBe("member");
    await expect(invitee.getByText("User Subscription Expired")).toHaveCount(0);
  } finally {
    await other.close();
  }

  await page.reload();
  const members = page.getByRole("list", { name: "Team members" });
  await expect(members.getByText("Kavya")).toBeVisible();
  const view = await pageApi<{ members: { id: number; email: string }[] }>(page, "/api/team/");
  const joined = view.body.members.find((m) => m.email === email)!;
  expect((await pageApi(page, `/api/team/members/${joined.id}/`, { method: "DELETE" })).status).toBe(204);
});

test("one credit pool: a teammate's unlock is the whole team's, paid once, and the owner sees who spent it", async ({ page, browser }) => {
  test.setTimeout(120_000);
  const [arjun, divya] = DEMO_TEAMMATES;
  await signedIn(page, divya, { to: "/team" });
  const locked = await pageApi<{ results: { id: number; name: string; contact_count: number }[] }>(page, "/api/company/static_data/?page=1");
  const company = locked.body.results.find((c) => c.contact_count > 0)!;
  await page.goto(`/builder/detail/${company.id}`);
  const before = await credits(page);
  const unlock = page.getByRole("button", { name: /^Unlock company \(\d+ credits\)$/ });
  const cost = Number(/\((\d+) credits\)/.exec((await unlock.textContent()) ?? "")![1]);
  await unlock.click();
  await page.getByRole("button", { name: `Spend ${cost} credits` }).click();
  await expect(page.getByText(/^Unlocked \d\d \w{3}, \d{4}$/)).toBeVisible();
  await poll(async () => (await credits(page)).remaining).toBe(before.remaining - cost);

  // Arjun sees it unlocked, with no button to pay again, and the same pool in his top bar.
  const other = await browser.newContext({ baseURL: new URL(page.url()).origin });
  try {
    const mate = await other.newPage();
    await signedIn(mate, arjun, { to: `/builder/detail/${company.id}` });
    await expect(mate.getByText(/^Unlocked \d\d \w{3}, \d{4}$/)).toBeVisible();
    await expect(mate.getByRole("button", { name: /^Unlock company/ })).toHaveCount(0);
    expect(await credits(mate)).toEqual({ remaining: before.remaining - cost, total: before.total });
  } finally {
    await other.close();
  }

  // The owner's team page shows the pool and Divya's month.
  const owner = await browser.newContext({ baseURL: new URL(page.url()).origin });
  try {
    const asha = await owner.newPage();
    await signedIn(asha, demo, { to: "/team" });
    await expect(asha.getByTestId("team-pool")).toContainText(`${before.remaining - cost} of`);
    await expect(asha.getByRole("region", { name: "Monthly caps" }).getByText(/Divya Rao · spent \d+/)).toBeVisible();
    await shot(asha, "team-pool-desktop");
  } finally {
    await owner.close();
  }
});
