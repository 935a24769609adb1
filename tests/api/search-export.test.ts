// GET /api/list/search/export/: streamed CSV and XLSX, the caps, and the record of each export.
import ExcelJS from "exceljs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { exportLimits } from "../../server/modules/projects/routes.js";
import { bearer } from "./harness.js";
import { PROJECTS, insertProject, searchWorld, type SearchWorld } from "./search-fixture.js";

let w: SearchWorld;
beforeAll(async () => {
  w = await searchWorld();
  w.ids.hindi = await insertProject(w.ctx.db, { ...PROJECTS[0], key: "hindi", title: "मुंबई में आवासीय टावर, \"Phase 2\"", owner: "=HYPERLINK(\"http://x\")", state: "Kerala", city: "Kochi", value: 12345678.5 });
});
afterAll(async () => {
  await w?.close();
});

async function exportRaw(query: string, token = w.tokenA) {
  return w.ctx.app.inject({ method: "GET", url: `/api/list/search/export/?${query}`, headers: bearer(token) });
}

/** RFC 4180: quoted fields, doubled quotes, CRLF records. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = "";
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') (field += '"'), i++;
      else if (ch === '"') quoted = false;
      else field += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ",") row.push(field), (field = "");
    else if (ch === "\r" && text[i + 1] === "\n") row.push(field), rows.push(row), (row = []), (field = ""), i++;
    else field += ch;
  }
  expect(field).toBe("");
  expect(row).toEqual([]);
  return rows;
}

const exportCount = async (userId: number) => Number((await w.ctx.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM exports WHERE user_id = $1`, [userId])).rows[0].n);

describe("CSV", () => {
  it("streams the search as RFC 4180 with a UTF-8 BOM, in the list's order, and records it", async () => {
    const res = await exportRaw("format=csv&filter=category:construction&sort=value+desc&oq=x");
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toBe("text/csv; charset=utf-8");
    expect(res.headers["content-disposition"]).toMatch(/^attachment; filename="infrascout-leads-\d{4}-\d{2}-\d{2}\.csv"$/);
    expect(res.headers["x-total-count"]).toBe("7");
    const body = res.rawPayload.toString("utf8");
    expect(body.charCodeAt(0)).toBe(0xfeff);
    const rows = parseCsv(body.slice(1));
    expect(rows[0]).toEqual(["ID", "Title", "Category", "AI Lead", "Project Type", "Sector", "Status", "Stage", "Value (Rs)", "State", "District", "City", "Owner", "Retrieved On", "Arrived", "Start Date", "Completion Date", "Mark"]);
    expect(rows).toHaveLength(8);
    const [, list] = await w.get("/api/list/search/?filter=category:construction&sort=value+desc");
    expect(rows.slice(1).map((r) => Number(r[0]))).toEqual(list.results.map((r: { id: number }) => r.id));
    const pune = rows.find((r) => Number(r[0]) === w.ids.pune)!;
    expect(pune).toEqual([String(w.ids.pune), "Residential towers at Baner, Pune", "construction", "No", "Apartments, Township", "Residential", "Under Construction", "Superstructure", "500000000", "Maharashtra", "Pune", "Pune", "Godrej Properties", "2024-03-10T10:00:00.000Z", "2024-03-11T00:00:00.000Z", "2024-01-01", "2026-06-30", "unmarked"]);
    const hindi = rows.find((r) => Number(r[0]) === w.ids.hindi)!;
    expect(hindi[1]).toBe("मुंबई में आवासीय टावर, \"Phase 2\"");
    expect(hindi[12]).toBe("'=HYPERLINK(\"http://x\")"); // a formula is defused
    expect(hindi[8]).toBe("12345678.5");

    const rec = await w.ctx.db.query(`SELECT lister, format, query, row_count FROM exports WHERE user_id = $1 ORDER BY id DESC LIMIT 1`, [w.userA.id]);
    expect(rec.rows[0]).toEqual({ lister: "search", format: "csv", query: "format=csv&filter=category:construction&sort=value+desc&oq=x", row_count: 7 });
    const log = await w.ctx.db.query<{ actor_id: number; as_user_id: number; details: Record<string, unknown> }>(
      `SELECT actor_id, as_user_id, details FROM audit_log WHERE action = 'export' ORDER BY id DESC LIMIT 1`,
    );
    expect(Number(log.rows[0].actor_id)).toBe(w.userA.id);
    expect(Number(log.rows[0].as_user_id)).toBe(w.userA.id);
    expect(log.rows[0].details).toMatchObject({ lister: "search", format: "csv", rows: 7, matched: 7 });
  });
  it("defaults to CSV and exports an empty search as just the header", async () => {
    const res = await exportRaw("filter=state:Atlantis");
    expect(res.statusCode).toBe(200);
    expect(parseCsv(res.rawPayload.toString("utf8").slice(1))).toHaveLength(1);
  });
});

describe("XLSX", () => {
  it("streams a workbook with typed cells", async () => {
    const res = await exportRaw("format=xlsx&filter=state:Kerala&filter=state:Goa&sort=value+asc");
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toBe("application/vnd.openxmlformats-officedocument.spreadsheetml.sheet");
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const sheet = wb.worksheets[0];
    expect(sheet.name).toBe("Leads");
    expect(sheet.rowCount).toBe(3);
    expect(sheet.getRow(1).getCell(2).value).toBe("Title");
    const first = sheet.getRow(2);
    expect(first.getCell(1).value).toBe(w.ids.hindi);
    expect(first.getCell(2).value).toBe("मुंबई में आवासीय टावर, \"Phase 2\"");
    expect(first.getCell(9).value).toBe(12345678.5);
    expect((first.getCell(14).value as Date).toISOString()).toBe("2024-03-10T10:00:00.000Z");
    expect(sheet.getRow(3).getCell(10).value).toBe("Goa");
    const rec = await w.ctx.db.query(`SELECT format, row_count FROM exports WHERE user_id = $1 ORDER BY id DESC LIMIT 1`, [w.userA.id]);
    expect(rec.rows[0]).toEqual({ format: "xlsx", row_count: 2 });
  });
});

describe("caps", () => {
  it("exports at most the per-request cap, the first rows in order", async () => {
    const saved = exportLimits.maxRows;
    exportLimits.maxRows = 3;
    try {
      const res = await exportRaw("sort=value+desc", w.tokenB);
      expect(res.statusCode).toBe(200);
      expect(res.headers["x-total-count"]).toBe("11");
      expect(res.headers["x-export-rows"]).toBe("3");
      const rows = parseCsv(res.rawPayload.toString("utf8").slice(1));
      expect(rows.slice(1).map((r) => Number(r[0]))).toEqual([w.ids["navi-mumbai"], w.ids.cement, w.ids.jamshedpur]);
    } finally {
      exportLimits.maxRows = saved;
    }
  });
  it("refuses with 429 past 50,000 rows per user in 24 hours, recording nothing", async () => {
    const used = await w.ctx.db.query<{ n: number }>(`SELECT coalesce(sum(row_count), 0)::int AS n FROM exports WHERE user_id = $1`, [w.userB.id]);
    await w.ctx.db.query(`INSERT INTO exports (user_id, lister, format, query, row_count) VALUES ($1, 'search', 'csv', '', $2)`, [w.userB.id, 50000 - Number(used.rows[0].n) - 5]);
    await w.ctx.db.query(`INSERT INTO exports (user_id, lister, format, query, row_count, created_at) VALUES ($1, 'search', 'csv', '', 40000, now() - interval '25 hours')`, [w.userB.id]);
    const before = await exportCount(w.userB.id);
    const ok = await exportRaw("filter=state:Maharashtra", w.tokenB); // 4 rows: 49,999
    expect(ok.statusCode).toBe(200);
    const res = await exportRaw("filter=state:Rajasthan", w.tokenB); // 3 rows: over
    expect(res.statusCode).toBe(429);
    expect(res.json()).toEqual({ detail: "Export limit reached: 50,000 rows per 24 hours. 1 row left; this export has 3. Narrow the search or try later." });
    expect(await exportCount(w.userB.id)).toBe(before + 1);
    const one = await exportRaw("filter=city:Surat", w.tokenB); // exactly the last row
    expect(one.statusCode).toBe(200);
    // another user's allowance is their own
    expect((await exportRaw("filter=state:Rajasthan")).statusCode).toBe(200);
  });
  it("limits exports per user per minute", async () => {
    const user = w.userA;
    await w.ctx.db.query(`DELETE FROM rate_limits WHERE key = $1`, [`export:user:${user.id}`]);
    const codes: number[] = [];
    for (let i = 0; i < 11; i++) codes.push((await exportRaw("filter=city:Pune")).statusCode);
    expect(codes.slice(0, 10).every((c) => c === 200)).toBe(true);
    expect(codes[10]).toBe(429);
    const res = await exportRaw("filter=city:Pune");
    expect(res.json().detail).toMatch(/^Too many requests\. Try again in \d+ seconds\.$/);
    expect(res.headers["retry-after"]).toBeDefined();
  });
  it("answers bad input with 400 and records nothing", async () => {
    const before = await exportCount(w.userB.id);
    for (const [query, field] of [["format=pdf", "format"], ["filter=colour:red", "filter"], ["page=0", "page"], ["sort=x", "sort"]]) {
      const res = await exportRaw(query, w.tokenB);
      expect(res.statusCode, query).toBe(400);
      expect(Object.keys(res.json())).toEqual([field]);
    }
    expect(await exportCount(w.userB.id)).toBe(before);
  });
});
