// The parts of a demo lead that make it read as researched: the people of every party on it,
// the dated history of how it moved (planning → approval → tender → award → construction) and
// the documents it came with (brief with specifications, BOQ summary, drawings list).
import type { CompanyIndex, CompanyRef } from "./gen-companies.js";
import type { Rng } from "./prng.js";
import type { Spec } from "./project-kinds.js";
import { STATUS_ORDER } from "./templates.js";
import { addDays, DAY, indianNumber, rupeesShort } from "./text.js";

export interface Party {
  company: CompanyRef;
  role: "owner" | "architect" | "contractor" | "consultant";
  /** Which of the company's contacts (by position: 0 projects head, 1 purchase head, 2+ others). */
  people: number[];
}

const BUILDING_GROUPS = new Set(["highrise", "lowrise", "office", "mall", "hotel", "resort", "hospital", "clinic", "school", "campus", "retail"]);
const SERVICED = new Set(["office", "mall", "hotel", "hospital", "datacentre", "cleanroom", "campus"]);

/** Trades that sub-contract on this kind of project, most likely first. */
function tradesFor(group: string): string[] {
  if (group === "road" || group === "bridge" || group === "metro") return ["piling", "electrical", "waterproofing"];
  if (group === "water" || group === "pipeline") return ["electrical", "plumbing"];
  if (group === "solar" || group === "power") return ["electrical", "piling"];
  const t = ["electrical", "fire", "plumbing", "waterproofing"];
  if (SERVICED.has(group)) t.unshift("hvac");
  if (group === "office" || group === "hotel" || group === "mall") t.unshift("facade");
  if (group === "highrise" || group === "office" || group === "hotel" || group === "hospital" || group === "mall") t.push("lifts", "piling");
  if (!BUILDING_GROUPS.has(group)) t.push("piling");
  return t;
}

/**
 * The parties a lead names, with 4–10 people: the owner's projects and purchase heads, the
 * architect, structural and MEP consultants, a PMC on big jobs, the main contractor once there
 * is one, and the trades on site once work has started.
 */
export function partiesFor(
  rng: Rng, companies: CompanyIndex, o: { owner: CompanyRef | null; status: string; group: string; state: string; value: number; construction: boolean },
): Party[] {
  const parties: Party[] = [];
  const seen = new Set<number>();
  const add = (company: CompanyRef | null, role: Party["role"], people: number[]) => {
    if (!company || seen.has(company.id)) return;
    seen.add(company.id);
    parties.push({ company, role, people: people.filter((i) => i < company.contactIds.length) });
  };
  const building = BUILDING_GROUPS.has(o.group);
  const pos = STATUS_ORDER.indexOf(o.status);
  const started = o.status === "Under Construction" || o.status === "Completed" || o.status === "On Hold";
  const awarded = started || o.status === "Awarded";
  add(o.owner, "owner", [0, 1]);
  if (rng.chance(building ? 0.85 : 0.3)) add(companies.pick(rng, ["architect"], o.state, 0.6), "architect", [0]);
  if (rng.chance(o.construction ? 0.75 : 0.5)) add(companies.pick(rng, ["consultant|structural"], o.state, 0.5), "consultant", [0]);
  if (rng.chance(building || SERVICED.has(o.group) ? 0.7 : 0.3)) add(companies.pick(rng, ["consultant|mep"], o.state, 0.5), "consultant", [rng.int(0, 1)]);
  if (o.value >= 1e9 && rng.chance(0.5)) add(companies.pick(rng, ["consultant|pmc"], o.state, 0.5), "consultant", [0, 1]);
  if (rng.chance(awarded ? 0.95 : pos >= 2 ? 0.15 : 0.03)) add(companies.pick(rng, ["contractor"], o.state, 0.6), "contractor", [0, 1]);
  if (started || (awarded && rng.chance(0.4))) {
    for (const trade of rng.sample(tradesFor(o.group), started ? rng.int(1, 3) : 1)) add(companies.pick(rng, [`sub|${trade}`], o.state, 0.6), "contractor", [rng.int(0, 1)]);
  }
  // At most ten people: the trades go first, then the PMC.
  while (parties.reduce((n, p) => n + p.people.length, 0) > 10) parties.splice(parties.length - 1, 1);
  // Fewer than four people: more of the owner's team, then consultants, as a researcher would call.
  let count = parties.reduce((n, p) => n + p.people.length, 0);
  const ownerParty = parties.find((p) => p.role === "owner");
  for (let k = 2; ownerParty && count < 4 && k < ownerParty.company.contactIds.length; k++, count++) ownerParty.people.push(k);
  for (let tries = 0; count < 4 && tries < 8; tries++) {
    const before = parties.length;
    add(companies.pick(rng, [rng.pick(["consultant|structural", "consultant|mep", "consultant|pmc", "architect"])], o.state, 0.5), "consultant", [0, 1]);
    if (parties.length > before) count += parties[parties.length - 1].people.length;
  }
  return parties;
}

export interface StoryEvent {
  from: string | null;
  to: string;
  at: Date;
  note: string;
}

const HOLD_REASONS = ["funding from the lender is awaited", "a title dispute is before the High Court", "revised environmental clearance is awaited", "the promoter is renegotiating with the contractor"];

/**
 * The dated moves from planning to today's status, anchored on the work's start date: the award
 * comes a few weeks before mobilisation, the tender a few months before that, and so on back.
 */
export function historyFor(
  rng: Rng, now: Date,
  o: { status: string; start: Date; completion: Date; owner: string; contractor: string | null; value: number | null; construction: boolean; public: boolean; stage: string },
): StoryEvent[] {
  const onHold = o.status === "On Hold";
  // On Hold and Completed both went through construction; their last move is added below.
  const last = onHold || o.status === "Completed" ? STATUS_ORDER.indexOf("Under Construction") : STATUS_ORDER.indexOf(o.status);
  const at: Date[] = new Array(last + 1);
  const recent = (maxDays: number) => addDays(now, -rng.int(3, maxDays));
  // The date the lead reached its status, then walk back.
  if (last >= 4) at[4] = o.start < now ? o.start : recent(30);
  if (last >= 3) at[3] = last === 3 ? new Date(Math.min(now.getTime() - 2 * DAY, addDays(o.start, -rng.int(15, 60)).getTime())) : addDays(at[4], -rng.int(15, 75));
  if (last === 2) at[2] = recent(90);
  else if (last > 2) at[2] = addDays(at[3], -rng.int(30, 120));
  if (last === 1) at[1] = recent(200);
  else if (last > 1) at[1] = addDays(at[2], -rng.int(45, 200));
  if (last === 0) at[0] = recent(300);
  else at[0] = addDays(at[1], -rng.int(60, 240));
  const value = o.value ? rupeesShort(o.value) : "an undisclosed sum";
  const notes = [
    `Project announced by ${o.owner}; ${rng.pick(["feasibility study and DPR under preparation", "land identified and concept design under way", "board approval reported in a press release"])}.`,
    o.public ? "DPR approved; administrative and technical sanction received."
    : o.construction ? `Building plan submitted for approval; ${rng.pick(["RERA registration applied for", "environmental clearance applied to SEIAA", "fire NOC applied for"])}.`
    : `Environmental clearance applied; consent to establish sought from the State Pollution Control Board.`,
    o.public ? `Tender floated on the e-procurement portal; bids due ${fmtDay(addDays(at[2] ?? now, rng.int(21, 40)))}.`
    : `Enquiries for the ${o.construction ? "civil and structural works" : "EPC package"} issued to ${rng.int(3, 8)} contractors.`,
    `Contract awarded${o.contractor ? ` to ${o.contractor}` : ""} for ${value}.`,
    `Mobilisation complete; ${rng.pick(o.construction ? ["piling and excavation started", "foundation work started", "site clearance and excavation started"] : ["site grading and equipment foundations started", "piling for the main plant started"])}.`,
    o.construction ? "Occupancy certificate received; project handed over." : "Plant commissioned; commercial operation declared.",
  ];
  const events: StoryEvent[] = [];
  for (let i = 0; i <= last; i++) events.push({ from: i ? STATUS_ORDER[i - 1] : null, to: STATUS_ORDER[i], at: at[i], note: notes[i] });
  if (o.status === "Completed") events.push({ from: "Under Construction", to: "Completed", at: o.completion < now ? o.completion : recent(30), note: notes[5] });
  if (onHold) {
    const held = new Date(Math.min(now.getTime() - DAY, at[4].getTime() + rng.float(0.2, 0.8) * Math.max(DAY, now.getTime() - at[4].getTime())));
    events.push({ from: "Under Construction", to: "On Hold", at: held, note: `Work stalled (${o.stage.replace(/^Stalled - /, "").toLowerCase()}): ${rng.pick(HOLD_REASONS)}.` });
  }
  return events;
}

const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];
function fmtDay(d: Date): string {
  return `${d.getUTCDate()} ${MONTHS[d.getUTCMonth()]} ${d.getUTCFullYear()}`;
}

export interface LeadDocument {
  title: string;
  body: string;
  specs: Spec[];
  contacts: { company: string; role: string }[];
}

/** BOQ heads and their share of the cost, by kind of project. */
const BOQ_HEADS: Record<string, [string, number, string][]> = {
  building: [["Earthwork in excavation", 0.03, "cum"], ["PCC and RCC in foundations and superstructure", 0.32, "cum"], ["Reinforcement steel", 0.17, "MT"], ["Masonry", 0.06, "sqm"], ["Plaster and finishes", 0.12, "sqm"], ["Doors, windows and glazing", 0.08, "sqm"], ["Plumbing and sanitary", 0.06, "LS"], ["Electrical works", 0.09, "LS"], ["Fire fighting", 0.03, "LS"], ["External development", 0.04, "LS"]],
  road: [["Earthwork in embankment", 0.12, "cum"], ["Granular sub-base", 0.14, "cum"], ["Wet mix macadam", 0.16, "cum"], ["Dense bituminous macadam", 0.24, "cum"], ["Bituminous concrete", 0.16, "cum"], ["Culverts and drains", 0.1, "LS"], ["Road furniture and marking", 0.08, "LS"]],
  bridge: [["Bored cast-in-situ piles", 0.25, "m"], ["Pile caps and piers", 0.2, "cum"], ["PSC girders", 0.3, "cum"], ["Bearings and expansion joints", 0.07, "no"], ["Deck slab and wearing coat", 0.12, "sqm"], ["Approaches", 0.06, "LS"]],
  plant: [["Site grading and piling", 0.1, "LS"], ["RCC foundations", 0.18, "cum"], ["Structural steel and PEB", 0.22, "MT"], ["Roofing and cladding", 0.08, "sqm"], ["Industrial flooring", 0.07, "sqm"], ["Electrical and substation", 0.15, "LS"], ["Process piping and utilities", 0.14, "LS"], ["Roads, drains and boundary wall", 0.06, "LS"]],
};
const UNIT_RATE: Record<string, number> = { cum: 6500, MT: 72000, sqm: 1400, m: 9500, no: 250000 };

function boqBody(rng: Rng, group: string, value: number): string {
  const heads = BOQ_HEADS[BUILDING_GROUPS.has(group) ? "building" : group === "road" || group === "bridge" ? group : "plant"];
  const lines = heads.map(([item, share, unit], i) => {
    const amount = value * share * rng.float(0.85, 1.15);
    const qty = unit === "LS" ? "1 LS" : `${indianNumber(Math.max(1, amount / (UNIT_RATE[unit] * rng.float(0.8, 1.2))))} ${unit}`;
    return `${i + 1}. ${item}: ${qty}, ${rupeesShort(amount)}`;
  });
  return `Abstract of cost (civil, structural and services).\n${lines.join("\n")}\nTotal (excluding GST): ${rupeesShort(value)}.`;
}

const DRAWINGS: Record<string, string[]> = {
  building: ["A-101 Site plan", "A-102 Basement plan", "A-103 Typical floor plan", "A-201 Elevations", "A-301 Sections", "S-101 Foundation layout", "S-201 Column layout and schedule", "S-301 Typical slab reinforcement", "M-101 HVAC layout", "E-101 Electrical single-line diagram", "P-101 Plumbing and drainage layout", "F-101 Fire fighting layout"],
  plant: ["G-001 Plot plan", "G-002 Overall layout", "C-101 Site grading plan", "C-201 Equipment foundation layout", "S-101 PEB main building framing", "S-201 Pipe rack details", "E-101 Single-line diagram", "E-201 Earthing layout", "M-101 Utilities layout", "P-101 Process flow diagram"],
  linear: ["G-001 Key plan", "G-002 Alignment plan and profile", "C-101 Typical cross sections", "S-101 General arrangement of structures", "S-201 Pile and pier details", "S-301 Girder details", "D-101 Drainage plan", "T-101 Traffic signage plan"],
};

/** The lead's documents: a brief with the specifications, then (often) the BOQ summary and the drawings list. */
export function documentsFor(
  rng: Rng, o: { title: string; group: string; value: number | null; source: string; specs: Spec[]; consultant: CompanyRef | null; architect: CompanyRef | null; status: string; completion: string },
): LeadDocument[] {
  const docs: LeadDocument[] = [];
  const briefTitle = o.source === "RERA filing" ? "RERA registration extract" : o.source === "Environmental clearance" ? "Environmental clearance summary" : o.source === "Field research" ? "Site visit report" : "Project brief";
  const by = o.architect ?? o.consultant;
  docs.push({
    title: briefTitle,
    body: `${o.title}. ${o.specs.map((s) => `${s.item}: ${s.spec}`).join("; ")}. Estimated project cost ${o.value ? rupeesShort(o.value) : "not disclosed"}; scheduled completion ${o.completion}.`,
    specs: o.specs,
    contacts: by ? [{ company: by.name, role: by.type === "architect" ? "architect" : "consultant" }] : [],
  });
  const pos = STATUS_ORDER.indexOf(o.status);
  if (o.value && (pos >= 2 || o.status === "On Hold" || rng.chance(0.3))) docs.push({ title: "BOQ summary", body: boqBody(rng, o.group, o.value), specs: [], contacts: [] });
  if (rng.chance(0.55)) {
    const set = BUILDING_GROUPS.has(o.group) ? DRAWINGS.building : ["road", "bridge", "metro", "pipeline"].includes(o.group) ? DRAWINGS.linear : DRAWINGS.plant;
    const revs = set.slice(0, rng.int(5, set.length)).map((d) => `${d} (Rev ${rng.pick(["0", "0", "A", "B", "1"])})`);
    docs.push({ title: "Drawings list", body: `Drawings issued${by ? ` by ${by.name}` : ""}:\n${revs.join("\n")}`, specs: [], contacts: by ? [{ company: by.name, role: by.type === "architect" ? "architect" : "consultant" }] : [] });
  }
  return docs;
}
