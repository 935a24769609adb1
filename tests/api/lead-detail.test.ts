// Lead detail: the lead, its contacts (masked until unlocked), documents, status updates,
// keywords, histories, debug, images and similar leads — every route's access and bad input.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseBraceList, parseProjectType } from "../../common/project-type.js";
import { maskEmail, maskPhone } from "../../server/modules/credits/contacts.js";
import { sniffImage } from "../../server/modules/projects/detail-images.js";
import { startTestApp, type TestContext } from "./harness.js";
import { api, impersonating, linkContact, makeCompany, makeContact, makeDocument, makeProject, staff, subscriber, type Session } from "./lead-fixture.js";

let t: TestContext;
let a: ReturnType<typeof api>;
let sub: Session;
let other: Session;
let staffer: Session;
let owner: { id: number; name: string };
let architect: { id: number; name: string };
let pid: number;
let best: { id: number; phone: string | null; email: string | null };
let weak: { id: number };
let edge: { id: number };

beforeAll(async () => {
  t = await startTestApp();
  a = api(t);
  sub = await subscriber(t, { firstName: "Asha" });
  other = await subscriber(t, { firstName: "Bala" });
  staffer = await staff(t, "Sunita");
  owner = await makeCompany(t.db, "Godrej Properties Ltd");
  architect = await makeCompany(t.db, "Hafeez Contractor");
  pid = await makeProject(t.db, {
    title: "Godrej Riverside Hospital Block", projectType: "{Hospital,Residential}", ownerCompanyId: owner.id,
    architectCompanyId: architect.id, sector: "Healthcare", state: "Maharashtra", city: "Pune", keywords: ["cement", "lifts"],
  });
  best = await makeContact(t.db, { companyId: owner.id, name: "Ravi Kumar", phone: "+919812345612", email: "ravi.kumar@godrej.in", score: 92, source: "telephone", seniority: "General Manager" });
  weak = await makeContact(t.db, { companyId: architect.id, name: "Meena Iyer", score: 40, source: "internet" });
  edge = await makeContact(t.db, { companyId: architect.id, name: "Edge Case", score: 70, source: "official_govt_website" });
  await linkContact(t.db, pid, best.id, "owner");
  await linkContact(t.db, pid, weak.id, "architect");
  await linkContact(t.db, pid, edge.id, "architect");
  await makeDocument(t.db, pid, {
    title: "RERA registration extract",
    body: "Godrej Riverside. Structural system: RCC frame in M30 concrete.",
    specs: [{ item: "Concrete", spec: "M30" }, { item: "Cement", spec: "OPC 53 grade" }],
    contacts: [{ name: "S. Rao", company: "Godrej Properties Ltd", role: "owner", phone: "+919900011122", email: "srao@godrej.in" }],
  });
}, 60_000);
afterAll(() => t.close());

describe("project_type parsing (common/project-type.ts)", () => {
  it("reads brace lists, quoted items, arrays, comma strings; malformed lists give null or their words", () => {
    expect(parseProjectType("{Hospital,Residential}")).toEqual(["Hospital", "Residential"]);
    expect(parseProjectType('{"Residential Building",Hospital}')).toEqual(["Residential Building", "Hospital"]);
    expect(parseProjectType(["Hospital", "{Hospital,School}"])).toEqual(["Hospital", "School"]);
    expect(parseProjectType("Hospital, School")).toEqual(["Hospital", "School"]);
    expect(parseProjectType("{}")).toEqual([]);
    expect(parseProjectType(null)).toEqual([]);
    expect(parseProjectType('{"Hospital,NULL}')).toEqual(["Hospital"]);
    expect(parseBraceList('{"a b",c}')).toEqual(["a b", "c"]);
    expect(parseBraceList('{"open,c}')).toBeNull();
    expect(parseBraceList("no braces")).toBeNull();
  });
  it("masks phones and e-mails as the spec's examples", () => {
    expect(maskPhone("+919812345612")).toBe("+91 98XXX XXX12");
    expect(maskEmail("ravi.kumar@domain.in")).toBe("r****@domain.in");
    expect(maskPhone(null)).toBeNull();
    expect(maskEmail("nobody")).toBe("****");
  });
});

describe("GET /api/work/{id}/", () => {
  it("answers every field, companies as {id, name}, project_type as a list, the best contact score, the user's mark, and records the view", async () => {
    const res = await a.get(`/api/work/${pid}/`, sub);
    expect(res.statusCode).toBe(200);
    const p = res.json();
    expect(p).toMatchObject({
      id: pid, title: "Godrej Riverside Hospital Block", category: "construction", project_type: ["Hospital", "Residential"],
      sector: "Healthcare", state: "Maharashtra", city: "Pune", value: 5e8, keywords: ["cement", "lifts"],
      owner_company: { id: owner.id, name: "Godrej Properties Ltd" }, architect_company: { id: architect.id, name: "Hafeez Contractor" },
      contractor_company: null, contact_fuzz_score: 92, contact_count: 3, mark: "unmarked", mark_history: [],
    });
    for (const k of ["description", "status", "stage", "district", "pincode", "address", "owner_name", "start_date", "completion_date", "retrieved_on", "reviewed_date", "arrived_date", "source", "source_url", "area_sq_ft", "ownership", "is_ai", "created_at", "updated_at"]) {
      expect(p).toHaveProperty(k);
    }
    const viewed = await t.db.query<{ viewed_at: Date }>(`SELECT viewed_at FROM recently_viewed WHERE user_id = $1 AND item_type = 'project' AND item_id = $2`, [sub.user.id, pid]);
    expect(viewed.rows).toHaveLength(1);
    expect(new Date(viewed.rows[0].viewed_at).toISOString()).toBe(p.viewed_at);
    // A second view moves it up (one row, later time).
    await new Promise((r) => setTimeout(r, 5));
    const again = (await a.get(`/api/work/${pid}/`, sub)).json();
    const rows = await t.db.query<{ viewed_at: Date }>(`SELECT viewed_at FROM recently_viewed WHERE user_id = $1 AND item_id = $2`, [sub.user.id, pid]);
    expect(rows.rows).toHaveLength(1);
    expect(again.viewed_at > p.viewed_at).toBe(true);
    // Another user's view is theirs alone.
    expect((await t.db.query(`SELECT 1 FROM recently_viewed WHERE user_id = $1`, [other.user.id])).rows).toHaveLength(0);
  });

  it("shows this user's mark and history only", async () => {
    await a.post(`/api/work/${pid}/mark/`, other, { mark: "rejected" });
    const mine = (await a.get(`/api/work/${pid}/`, sub)).json();
    expect(mine.mark).toBe("unmarked");
    expect(mine.mark_history).toEqual([]);
    const theirs = (await a.get(`/api/work/${pid}/`, other)).json();
    expect(theirs.mark).toBe("rejected");
    expect(theirs.mark_history).toHaveLength(1);
  });

  it("answers 404 for an unknown lead, 400 for a malformed id, 401 without a token, 403 with an expired subscription", async () => {
    expect((await a.get(`/api/work/999999/`, sub)).statusCode).toBe(404);
    expect((await a.get(`/api/work/999999/`, sub)).json()).toEqual({ detail: "Project not found." });
    const bad = await a.get(`/api/work/abc/`, sub);
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toHaveProperty("id");
    expect((await a.get(`/api/work/0/`, sub)).statusCode).toBe(400);
    expect((await a.get(`/api/work/${pid}/`)).statusCode).toBe(401);
    const expired = await subscriber(t, { endDate: "2020-01-01" });
    expect((await a.get(`/api/work/${pid}/`, expired)).statusCode).toBe(403);
  });
});

describe("GET /api/work/{id}/contacts/", () => {
  it("lists contacts best first with seniority, source labels and the high-quality badge (> 70); phone and e-mail masked", async () => {
    const res = await a.get(`/api/work/${pid}/contacts/`, sub);
    expect(res.statusCode).toBe(200);
    const list = res.json().results;
    expect(list.map((c: { id: number }) => c.id)).toEqual([best.id, edge.id, weak.id]);
    expect(list[0]).toMatchObject({
      name: "Ravi Kumar", seniority: "General Manager", source: "telephone", source_label: "Telephone Call",
      contact_fuzz_score: 92, is_high_quality: true, company: { id: owner.id, name: "Godrej Properties Ltd" },
      phone: "+91 98XXX XXX12", email: "r****@godrej.in", is_unlocked: false, role: "owner",
    });
    expect(list[1]).toMatchObject({ source_label: "Official Government Website", contact_fuzz_score: 70, is_high_quality: false });
    expect(list[2]).toMatchObject({ source_label: "Found on the Internet", is_high_quality: false });
    expect(JSON.stringify(list)).not.toContain("9812345612");
    expect(JSON.stringify(list)).not.toContain("ravi.kumar@");
  });

  it("shows the full phone and e-mail to the user who unlocked the contact — and to nobody else", async () => {
    const u = await subscriber(t);
    expect((await a.post(`/api/user-unlock-contact/`, u, { contact_id: best.id })).statusCode).toBe(200);
    const mine = (await a.get(`/api/work/${pid}/contacts/`, u)).json().results[0];
    expect(mine).toMatchObject({ phone: "+919812345612", email: "ravi.kumar@godrej.in", is_unlocked: true });
    const theirs = (await a.get(`/api/work/${pid}/contacts/`, other)).json().results[0];
    expect(theirs).toMatchObject({ phone: "+91 98XXX XXX12", is_unlocked: false });
  });

  it("staff see contacts in full; an impersonating staff member sees what the user sees", async () => {
    expect((await a.get(`/api/work/${pid}/contacts/`, staffer)).json().results[0].phone).toBe("+919812345612");
    const imp = await impersonating(t, (await subscriber(t)).user);
    expect((await a.get(`/api/work/${pid}/contacts/`, imp)).json().results[0].phone).toBe("+91 98XXX XXX12");
  });

  it("answers 404 for an unknown lead", async () => {
    expect((await a.get(`/api/work/987654/contacts/`, sub)).statusCode).toBe(404);
  });
});

describe("documents", () => {
  it("GET /document-specs/ lists each document's extracted specifications with its title", async () => {
    const res = await a.get(`/api/work/${pid}/document-specs/`, sub);
    expect(res.statusCode).toBe(200);
    expect(res.json().results).toEqual([
      expect.objectContaining({ document_title: "RERA registration extract", item: "Concrete", spec: "M30" }),
      expect.objectContaining({ document_title: "RERA registration extract", item: "Cement", spec: "OPC 53 grade" }),
    ]);
  });
  it("GET /document-contacts/ lists contacts found in documents, phone and e-mail masked for subscribers", async () => {
    const res = await a.get(`/api/work/${pid}/document-contacts/`, sub);
    expect(res.statusCode).toBe(200);
    expect(res.json().results).toEqual([
      { document_id: expect.any(Number), document_title: "RERA registration extract", name: "S. Rao", designation: null, company: "Godrej Properties Ltd", role: "owner", phone: "+91 99XXX XXX22", email: "s****@godrej.in" },
    ]);
    expect((await a.get(`/api/work/${pid}/document-contacts/`, staffer)).json().results[0].phone).toBe("+919900011122");
  });
  it("both answer 404 for an unknown lead", async () => {
    expect((await a.get(`/api/work/987654/document-specs/`, sub)).statusCode).toBe(404);
    expect((await a.get(`/api/work/987654/document-contacts/`, sub)).statusCode).toBe(404);
  });
});

describe("status updates and history", () => {
  it("staff add a status update: the lead's status changes, the history records who and when; the list is newest first", async () => {
    const p2 = await makeProject(t.db, { status: "Planning" });
    const r1 = await a.post(`/api/work/${p2}/status-update/`, staffer, { new_status: "Approval", note: "Environment clearance granted" });
    expect(r1.statusCode).toBe(201);
    expect(r1.json()).toMatchObject({ old_status: "Planning", new_status: "Approval", note: "Environment clearance granted", created_by: "Sunita" });
    const r2 = await a.post(`/api/work/${p2}/status-update/`, staffer, { new_status: "Tendering" });
    expect(r2.statusCode).toBe(201);
    const list = (await a.get(`/api/work/${p2}/status-update/`, sub)).json().results;
    expect(list.map((u: { new_status: string }) => u.new_status)).toEqual(["Tendering", "Approval"]);
    expect((await a.get(`/api/work/${p2}/`, sub)).json().status).toBe("Tendering");
    const hist = (await a.get(`/api/work/${p2}/history`, sub)).json().results;
    expect(hist[0]).toMatchObject({ changes: { status: ["Approval", "Tendering"] }, changed_by: "Sunita" });
    expect(hist[1]).toMatchObject({ changes: { status: ["Planning", "Approval"] } });
    expect(Date.parse(hist[0].created_at)).not.toBeNaN();
  });
  it("refuses subscribers and impersonating staff (403), a status outside the list (400), an unknown lead (404)", async () => {
    expect((await a.post(`/api/work/${pid}/status-update/`, sub, { new_status: "Approval" })).statusCode).toBe(403);
    const imp = await impersonating(t, (await subscriber(t)).user);
    expect((await a.post(`/api/work/${pid}/status-update/`, imp, { new_status: "Approval" })).statusCode).toBe(403);
    const bad = await a.post(`/api/work/${pid}/status-update/`, staffer, { new_status: "Demolished" });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toHaveProperty("new_status");
    expect((await a.post(`/api/work/${pid}/status-update/`, staffer, {})).json()).toHaveProperty("new_status");
    expect((await a.post(`/api/work/987654/status-update/`, staffer, { new_status: "Approval" })).statusCode).toBe(404);
    expect((await a.get(`/api/work/987654/status-update/`, sub)).statusCode).toBe(404);
    expect((await a.get(`/api/work/987654/history`, sub)).statusCode).toBe(404);
  });
});

describe("keywords", () => {
  it("staff add a keyword: listed by keywords/?works_id=, in /all-keywords, searchable on the lead; a duplicate is 409", async () => {
    const p3 = await makeProject(t.db, { keywords: ["steel"] });
    const add = await a.post(`/api/keywords/`, staffer, { works_id: p3, keyword: "  Chillers " });
    expect(add.statusCode).toBe(201);
    expect(add.json()).toMatchObject({ works_id: p3, keyword: "Chillers" });
    expect((await a.post(`/api/keywords/`, staffer, { works_id: p3, keyword: "chillers" })).statusCode).toBe(409);
    const list = await a.get(`/api/keywords/?works_id=${p3}`, sub);
    expect(list.statusCode).toBe(200);
    expect(list.json().results.map((k: { keyword: string }) => k.keyword)).toEqual(["Chillers"]);
    expect((await a.get(`/api/work/${p3}/all-keywords`, sub)).json()).toEqual({ keywords: ["steel", "Chillers"] });
    const hit = await t.db.query(`SELECT 1 FROM projects WHERE id = $1 AND search_vector @@ plainto_tsquery('english', 'chillers')`, [p3]);
    expect(hit.rows).toHaveLength(1);
  });
  it("refuses subscribers (403), blank or missing fields (400), unknown leads (404)", async () => {
    expect((await a.post(`/api/keywords/`, sub, { works_id: pid, keyword: "x" })).statusCode).toBe(403);
    expect((await a.post(`/api/keywords/`, staffer, { works_id: pid, keyword: "   " })).json()).toEqual({ keyword: ["This field may not be blank."] });
    expect((await a.post(`/api/keywords/`, staffer, { works_id: pid })).json()).toHaveProperty("keyword");
    expect((await a.post(`/api/keywords/`, staffer, { works_id: 987654, keyword: "x" })).statusCode).toBe(404);
    expect((await a.get(`/api/keywords/`, sub)).json()).toHaveProperty("works_id");
    expect((await a.get(`/api/keywords/?works_id=abc`, sub)).statusCode).toBe(400);
    expect((await a.get(`/api/keywords/?works_id=987654`, sub)).statusCode).toBe(404);
    expect((await a.get(`/api/work/987654/all-keywords`, sub)).statusCode).toBe(404);
  });
});

describe("contacts history and debug", () => {
  it("lists changes of the lead's contacts with who and when, masking phone values the user has not unlocked", async () => {
    await t.db.query(`INSERT INTO contact_history (contact_id, changed_by, changes) VALUES ($1, $2, $3)`, [
      weak.id, staffer.user.id, JSON.stringify({ phone: ["+919811122233", "+919844455566"], designation: ["Architect", "Principal Architect"] }),
    ]);
    const res = await a.get(`/api/work/${pid}/contacts-history`, sub);
    expect(res.statusCode).toBe(200);
    expect(res.json().results[0]).toMatchObject({
      contact_id: weak.id, contact_name: "Meena Iyer", changed_by: "Sunita",
      changes: { phone: ["+91 98XXX XXX33", "+91 98XXX XXX66"], designation: ["Architect", "Principal Architect"] },
    });
    expect((await a.get(`/api/work/${pid}/contacts-history`, staffer)).json().results[0].changes.phone).toEqual(["+919811122233", "+919844455566"]);
    expect((await a.get(`/api/work/987654/contacts-history`, sub)).statusCode).toBe(404);
  });
  it("debug is for staff: the raw row, its search vector and change log", async () => {
    const res = await a.get(`/api/work/${pid}/debug`, staffer);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.row).toMatchObject({ id: pid, title: "Godrej Riverside Hospital Block" });
    expect(body.row).not.toHaveProperty("search_vector");
    expect(body.search_vector).toContain("'godrej'");
    expect(body.search_changes.length).toBeGreaterThan(0);
    expect((await a.get(`/api/work/${pid}/debug`, sub)).statusCode).toBe(403);
    expect((await a.get(`/api/work/987654/debug`, staffer)).statusCode).toBe(404);
  });
});

// Multipart by hand: one file field.
function multipartBody(name: string, content: Buffer, contentType = "application/octet-stream", field = "file") {
  const boundary = "----infrascout" + Math.random().toString(16).slice(2);
  const head = Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${name}"\r\nContent-Type: ${contentType}\r\n\r\n`);
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return { payload: Buffer.concat([head, content, tail]), headers: { "content-type": `multipart/form-data; boundary=${boundary}` } };
}
const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.from("rest-of-a-png")]);
const JPEG = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.from("jfif")]);
const WEBP = Buffer.concat([Buffer.from("RIFF"), Buffer.from([1, 0, 0, 0]), Buffer.from("WEBPVP8 ")]);

describe("images", () => {
  const upload = (s: Session | null, id: number, body: ReturnType<typeof multipartBody>) =>
    t.app.inject({ method: "POST", url: `/api/work/${id}/image-upload/`, headers: { ...(s?.headers ?? {}), ...body.headers }, payload: body.payload });

  it("recognises images by their first bytes", () => {
    expect(sniffImage(PNG)).toBe("image/png");
    expect(sniffImage(JPEG)).toBe("image/jpeg");
    expect(sniffImage(WEBP)).toBe("image/webp");
    expect(sniffImage(Buffer.from("GIF89a"))).toBeNull();
    expect(sniffImage(Buffer.from("<svg></svg>"))).toBeNull();
  });

  it("staff upload a PNG (type from its bytes, not its name); everyone lists it and gets the same bytes back", async () => {
    const res = await upload(staffer, pid, multipartBody("site/photo.jpg", PNG, "image/jpeg"));
    expect(res.statusCode).toBe(201);
    const img = res.json();
    expect(img).toMatchObject({ file_name: "photo.jpg", mime_type: "image/png", size: PNG.length, uploaded_by: "Sunita", url: `/api/work/${pid}/images/${img.id}` });
    const list = await a.get(`/api/work/${pid}/image-upload/`, sub);
    expect(list.statusCode).toBe(200);
    expect(list.json().results.map((i: { id: number }) => i.id)).toContain(img.id);
    const file = await a.get(img.url, sub);
    expect(file.statusCode).toBe(200);
    expect(file.headers["content-type"]).toBe("image/png");
    expect(file.rawPayload.equals(PNG)).toBe(true);
    expect((await upload(staffer, pid, multipartBody("a.webp", WEBP))).json().mime_type).toBe("image/webp");
    expect((await upload(staffer, pid, multipartBody("a.jpeg", JPEG))).json().mime_type).toBe("image/jpeg");
  });

  it("refuses other content (400), files over 5 MB (413), non-multipart bodies (400), subscribers (403), unknown leads (404)", async () => {
    const gif = await upload(staffer, pid, multipartBody("x.png", Buffer.from("GIF89a......"), "image/png"));
    expect(gif.statusCode).toBe(400);
    expect(gif.json()).toEqual({ file: ["Upload a JPEG, PNG or WebP image."] });
    const big = await upload(staffer, pid, multipartBody("big.png", Buffer.concat([PNG, Buffer.alloc(5 * 1024 * 1024)])));
    expect(big.statusCode).toBe(413);
    expect(big.json()).toEqual({ file: ["The image may be at most 5 MB."] });
    const json = await a.post(`/api/work/${pid}/image-upload/`, staffer, { file: "x" });
    expect(json.statusCode).toBe(400);
    expect(json.json()).toHaveProperty("file");
    expect((await upload(sub, pid, multipartBody("a.png", PNG))).statusCode).toBe(403);
    expect((await upload(staffer, 987654, multipartBody("a.png", PNG))).statusCode).toBe(404);
    expect((await a.get(`/api/work/987654/image-upload/`, sub)).statusCode).toBe(404);
    expect((await a.get(`/api/work/${pid}/images/987654`, sub)).statusCode).toBe(404);
    const count = await t.db.query(`SELECT 1 FROM project_images WHERE project_id = $1`, [pid]);
    expect(count.rows).toHaveLength(3);
  });
});

describe("GET /api/work/{id}/similar/", () => {
  it("ranks leads sharing sector, type, state and title terms; never the lead itself; at most 10", async () => {
    const base = await makeProject(t.db, { title: "Sunrise Cancer Hospital", projectType: "{Hospital}", sector: "Healthcare", state: "Kerala" });
    const close = await makeProject(t.db, { title: "Sunrise Multispeciality Hospital", projectType: "{Hospital}", sector: "Healthcare", state: "Kerala" });
    const farther = await makeProject(t.db, { title: "City Hospital Annexe", projectType: "{Hospital}", sector: "Healthcare", state: "Goa" });
    const unrelated = await makeProject(t.db, { title: "Zinc Smelter", projectType: "{Smelter}", sector: "Metals", state: "Rajasthan", category: "industrial" });
    for (let i = 0; i < 12; i++) await makeProject(t.db, { title: `Hospital wing ${i}`, projectType: "{Clinic}", sector: "Education", state: "Bihar" });
    const res = await a.get(`/api/work/${base}/similar/`, sub);
    expect(res.statusCode).toBe(200);
    const ids = res.json().results.map((r: { id: number }) => r.id);
    expect(ids.length).toBeLessThanOrEqual(10);
    expect(ids).not.toContain(base);
    expect(ids).not.toContain(unrelated);
    expect(ids[0]).toBe(close);
    expect(ids.indexOf(farther)).toBeGreaterThan(0);
    const scores = res.json().results.map((r: { score: number }) => r.score);
    expect([...scores].sort((x, y) => y - x)).toEqual(scores);
    expect((await a.get(`/api/work/987654/similar/`, sub)).statusCode).toBe(404);
  });
});
