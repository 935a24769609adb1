// A document staff add to a lead (work/{id}/documents/, as the project editor does) shows on the
// subscriber's lead detail pages (at 1280 px: at 390 px the list is the same, one item under
// another, so a phone run would check nothing more): its title, its web address opening in a new
// tab and the day it was added — on the classic page and under the new-style page's Documents tab.
import { expect, type APIRequestContext } from "@playwright/test";
import { formatDate } from "../../src/lib/format";
import { auth, DESKTOP, newApiContext, pageGet, screenshots, signedIn, staff, token, recordedTest as test } from "./fixtures.js";

const shot = screenshots("lead-documents");

let api: APIRequestContext;
test.beforeAll(async () => {
  api = await newApiContext();
});
test.afterAll(async () => {
  await api?.dispose();
});

test.describe.configure({ timeout: 120_000 });

test(`${DESKTOP.name} (${DESKTOP.width}px): the subscriber sees the document staff added`, async ({ page }) => {
  await page.setViewportSize({ width: DESKTOP.width, height: DESKTOP.height });
  await signedIn(page);
  const lead = (await pageGet<{ results: { id: number; title: string }[] }>(page, "/api/list/search/?page=1")).results[0];

  const title = `Environment clearance (${Date.now()})`;
  const url = `https://parivesh.nic.in/clearance/${lead.id}`;
  const added = await api.post(`/api/work/${lead.id}/documents/`, {
    headers: auth(await token(api, staff)),
    data: { title, url, body: "Clearance granted for the first phase." },
  });
  expect(added.status()).toBe(201);
  const createdAt = (await added.json()).created_at as string;

  await page.goto(`/private-leads/detail/${lead.id}`);
  const documents = page.getByRole("region", { name: "Documents added to this lead" });
  const item = documents.getByRole("listitem").filter({ hasText: title });
  await expect(item).toBeVisible({ timeout: 30_000 });
  const link = item.getByRole("link", { name: url });
  await expect(link).toHaveAttribute("href", url);
  await expect(link).toHaveAttribute("target", "_blank");
  await expect(item).toContainText(`Added ${formatDate(createdAt)}`);
  await item.scrollIntoViewIfNeeded();
  await shot(page, "classic-desktop");

  await page.goto(`/project-detail-new/${lead.id}`);
  await page.getByRole("tab", { name: "Documents" }).click();
  await expect(page.getByRole("region", { name: "Documents added to this lead" }).getByRole("listitem").filter({ hasText: title })).toBeVisible();
});
