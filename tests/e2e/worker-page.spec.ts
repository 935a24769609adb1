// The page a worker's tests share (fixtures.ts, recordedTest): each test starts where a fresh
// browser would leave it — signed out, no storage or cookies of the last test, on a page of the
// site that runs nothing — also after a test closed the page or its context. The same page serves
// test after test (that is the point: its renderer stays warm), except for a test with options of
// its own, which gets a context of its own.
import { expect, type Page } from "@playwright/test";
import { recordedTest as test, signedIn } from "./fixtures.js";

test.describe.configure({ mode: "serial" });

const leftOver = (page: Page) =>
  page.evaluate(() => ({ local: localStorage.length, session: sessionStorage.length, cookies: document.cookie }));

let pageOfFirstTest: Page | undefined;

test("a test signs in and leaves storage and a cookie behind", async ({ page }) => {
  pageOfFirstTest = page;
  await signedIn(page);
  await page.evaluate(() => {
    sessionStorage.setItem("left-over", "1");
    document.cookie = "left-over=1; path=/";
  });
  expect(await leftOver(page)).not.toEqual({ local: 0, session: 0, cookies: "" });
});

test("the next starts signed out with none of it, on a blank page of the site", async ({ page }) => {
  expect(page).toBe(pageOfFirstTest);
  expect(new URL(page.url()).pathname).toBe("/favicon.svg");
  expect(await leftOver(page)).toEqual({ local: 0, session: 0, cookies: "" });
  await page.goto("/dashboard");
  await expect(page.getByRole("button", { name: "Login", exact: true })).toBeVisible();
});

test("a test that closes its context", async ({ page }) => {
  await page.goto("/login");
  await page.context().close();
});

test("leaves the next a working page", async ({ page }) => {
  await signedIn(page);
  await expect(page.getByText(/remaining out of total/)).toBeVisible();
});

test.describe("a test with options of its own", () => {
  test.use({ locale: "hi-IN" });
  test("gets a page of its own with them", async ({ page }) => {
    expect(page).not.toBe(pageOfFirstTest);
    expect(await page.evaluate(() => navigator.language)).toBe("hi-IN");
  });
});
