// What a lister looks like at each width, for the specs that run a lister at both: on a phone
// (below 992 px the filters, below 768 px the results) the filters hide behind a 'Filters' button
// that opens a drawer and the results are cards; on a desktop the filters sit beside the list and
// the results are a table. A phone run asserts this so it checks more than the desktop run at a
// smaller size.
import { expect, type Page } from "@playwright/test";

/** `cards` and `table` are the lister's own selectors for its result cards and its result table. */
export async function expectListerLayout(page: Page, phone: boolean, { cards, table }: { cards: string; table: string }) {
  const sidePanel = page.getByRole("complementary", { name: "Filters" });
  const drawerButton = page.getByRole("button", { name: /Filters$/ });
  if (phone) {
    await expect(drawerButton).toBeVisible();
    await expect(sidePanel).toHaveCount(0);
    await expect(page.locator(cards).first()).toBeVisible();
    await expect(page.locator(table)).toHaveCount(0);
    // The sort box shows its whole label ('Sort: Paid-up capital: high to low'), not cut with '…'.
    const sortLabel = page.locator(".sort-select .ant-select-selection-item");
    await expect(sortLabel).toBeVisible();
    expect(await sortLabel.evaluate((el) => el.scrollWidth - el.clientWidth)).toBeLessThanOrEqual(0);
  } else {
    await expect(sidePanel).toBeVisible();
    await expect(drawerButton).toHaveCount(0);
    await expect(page.locator(table)).toBeVisible();
    await expect(page.locator(cards)).toHaveCount(0);
  }
}
