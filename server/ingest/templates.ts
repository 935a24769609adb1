// Sectors, project and tender wording for the demo data. Placeholders in braces are filled by
// the generator: {loc} locality or industrial area, {city}, {district}, {state}, {river} and
// numbers ({floors}, {units}, {beds}, {mw}, {mtpa}, {tpd}, {km}, {mld}, {acres}, {sqft}, {dia}, {keys}).

export { SECTORS, type SectorInfo, type TitleEntry } from "./sectors.js";
import { SECTORS } from "./sectors.js";

export const SECTOR_NAMES = SECTORS.map((s) => s.name);
export const INDUSTRIAL_SECTORS = SECTORS.filter((s) => s.category === "industrial").map((s) => s.name);

/** Stages that go with each project status. */
export const STAGES: Record<string, string[]> = {
  Planning: ["Concept", "Feasibility Study", "DPR Preparation", "Land Acquisition"],
  Approval: ["Environmental Clearance Applied", "RERA Registration", "Building Plan Approval", "Consent to Establish"],
  Tendering: ["EPC Tender Floated", "Bids Invited", "Contractor Selection", "Pre-qualification"],
  Awarded: ["Contract Awarded", "Mobilisation", "Site Clearance"],
  "Under Construction": ["Excavation & Foundation", "Superstructure", "Civil Work", "MEP Works", "Finishing", "Equipment Erection"],
  Completed: ["Commissioned", "Handed Over", "Occupancy Certificate Received"],
  "On Hold": ["Stalled - Funding", "Stalled - Litigation", "Stalled - Approvals"],
};

export const STATUS_WEIGHTS: [string, number][] = [
  ["Planning", 22], ["Approval", 14], ["Tendering", 12], ["Awarded", 8], ["Under Construction", 30], ["Completed", 8], ["On Hold", 6],
];

/** The order a project moves through; status updates follow it. */
export const STATUS_ORDER = ["Planning", "Approval", "Tendering", "Awarded", "Under Construction", "Completed"];

export const PROJECT_SOURCES: [string, number][] = [
  ["Press release", 20], ["RERA filing", 25], ["Environmental clearance", 20], ["Company website", 15], ["Field research", 20],
];

export const DESCRIPTION_OPENERS = [
  "{owner} has proposed {what}.",
  "{owner} plans {what}.",
  "{owner} is executing {what}.",
  "As per {source_lc}, {owner} intends to take up {what}.",
];

export const DESCRIPTION_DETAILS: Record<"housing" | "building" | "infra" | "industrial", string[]> = {
  housing: [
    "The project will have a total built-up area of about {area} sq ft with {parking} levels of basement parking.",
    "The structure is planned as RCC framed construction with {concrete} concrete and {steel} reinforcement.",
    "Amenities include a clubhouse, swimming pool, landscaped podium and rainwater harvesting.",
    "The project is registered under RERA and possession is expected by {completion}.",
    "Civil works are estimated to take about {months} months from mobilisation.",
    "The project is designed to IGBC Green Homes Gold standards with solar water heating and STP.",
  ],
  building: [
    "The building will have a total built-up area of about {area} sq ft with {parking} levels of basement parking.",
    "The structure is planned as RCC framed construction with {concrete} concrete and {steel} reinforcement.",
    "Civil works are estimated to take about {months} months from mobilisation; completion is targeted by {completion}.",
    "The building is designed for an IGBC Gold / GRIHA 4-star rating with rainwater harvesting and an STP.",
    "Piling and excavation are to be followed by the basement raft and the superstructure.",
  ],
  infra: [
    "The work is planned in {months} months from the appointed date, with completion targeted by {completion}.",
    "Structures are designed in {concrete} concrete with {steel} reinforcement.",
    "Land acquisition and utility shifting are being taken up in parallel with the design.",
    "The project is funded under the state budget with central assistance.",
  ],
  industrial: [
    "The plant will be set up on about {acres} acres of land with a proposed capacity expansion in a second phase.",
    "The project has received environmental clearance and the consent to establish is awaited.",
    "Civil and structural works include RCC foundations for heavy equipment, PEB sheds and an administrative block.",
    "Power requirement of about {mw} MW will be met from the state grid and a captive solar installation.",
    "Water will be sourced from the {river} and treated effluent will be recycled under a zero liquid discharge scheme.",
    "Commercial operation is targeted by {completion}.",
    "The EPC package for main plant equipment is expected to be finalised shortly.",
  ],
};

export const CONCRETE_GRADES = ["M25", "M30", "M35", "M40", "M50", "M60"];
export const STEEL_GRADES = ["Fe500D TMT bars", "Fe550D TMT bars", "Fe500 TMT bars", "Fe415 TMT bars"];

// ───────────── tenders ─────────────

/** Organisations; {state} is filled for state bodies. Weight, category hint. */
export const TENDER_ORGS: { name: string; abbr: string; scope: "central" | "state" | "city"; weight: number; depts: string[]; kinds: string[] }[] = [
  { name: "Public Works Department, {state}", abbr: "PWD", scope: "state", weight: 14, depts: ["Executive Engineer, PWD Division No. {n}, {city}", "Superintending Engineer, PWD Circle, {city}", "PWD Buildings Division, {city}"], kinds: ["road", "bridge", "building", "materials", "consultancy"] },
  { name: "Water Resources Department, {state}", abbr: "WRD", scope: "state", weight: 6, depts: ["Executive Engineer, Irrigation Division, {city}", "Chief Engineer, Water Resources, {city}"], kinds: ["irrigation", "bridge", "consultancy"] },
  { name: "Public Health Engineering Department, {state}", abbr: "PHED", scope: "state", weight: 5, depts: ["Executive Engineer, PHE Division, {city}", "Water Supply Division, {city}"], kinds: ["water", "sewer", "pipes", "om"] },
  { name: "Rural Development Department, {state}", abbr: "RDD", scope: "state", weight: 4, depts: ["District Rural Development Agency, {district}", "PMGSY Unit, {district}"], kinds: ["road", "water", "pipes", "building"] },
  { name: "{state} Police Housing Corporation", abbr: "PHC", scope: "state", weight: 2, depts: ["Project Division, {city}"], kinds: ["building", "materials"] },
  { name: "{state} Industrial Development Corporation", abbr: "IDC", scope: "state", weight: 3, depts: ["Regional Office, {city}", "Engineering Division, {city}"], kinds: ["road", "water", "building", "power"] },
  { name: "{state} State Electricity Transmission Company", abbr: "TRANSCO", scope: "state", weight: 3, depts: ["Chief Engineer (Projects), {city}", "EHV Construction Circle, {city}"], kinds: ["power"] },
  { name: "Municipal Corporation, {city}", abbr: "MC", scope: "city", weight: 10, depts: ["Engineering Department", "Water Supply Department", "Roads Department", "Drainage Department", "Smart City Cell"], kinds: ["road", "water", "sewer", "building", "pipes", "om"] },
  { name: "National Highways Authority of India", abbr: "NHAI", scope: "central", weight: 6, depts: ["Project Implementation Unit, {city}", "Regional Office, {city}"], kinds: ["road", "bridge", "consultancy"] },
  { name: "Central Public Works Department", abbr: "CPWD", scope: "central", weight: 6, depts: ["Executive Engineer, Central Division, {city}", "Chief Engineer (Zone), {city}"], kinds: ["building", "materials", "om"] },
  { name: "Indian Railways", abbr: "IR", scope: "central", weight: 6, depts: ["Deputy Chief Engineer (Construction), {city}", "Divisional Railway Manager (Works), {city}"], kinds: ["rail", "bridge", "building"] },
  { name: "Airports Authority of India", abbr: "AAI", scope: "central", weight: 2, depts: ["Airport Director, {city} Airport", "Engineering (Civil), {city}"], kinds: ["airport", "building"] },
  { name: "NTPC Limited", abbr: "NTPC", scope: "central", weight: 2, depts: ["Contracts & Materials, {city}"], kinds: ["power", "building", "materials"] },
  { name: "Military Engineer Services", abbr: "MES", scope: "central", weight: 3, depts: ["Garrison Engineer, {city}", "Chief Engineer, {city} Zone"], kinds: ["building", "road", "water"] },
  { name: "National Buildings Construction Corporation", abbr: "NBCC", scope: "central", weight: 2, depts: ["Project Office, {city}"], kinds: ["building", "consultancy"] },
];

/** Well-known city bodies whose published names differ from 'Municipal Corporation, {city}'. */
export const CITY_BODIES: Record<string, string> = {
  Mumbai: "Municipal Corporation of Greater Mumbai",
  Pune: "Pune Municipal Corporation",
  Chennai: "Greater Chennai Corporation",
  Bengaluru: "Bruhat Bengaluru Mahanagara Palike",
  Hyderabad: "Greater Hyderabad Municipal Corporation",
  Ahmedabad: "Ahmedabad Municipal Corporation",
  Kolkata: "Kolkata Municipal Corporation",
  Lucknow: "Lucknow Municipal Corporation",
  Jaipur: "Jaipur Development Authority",
  "New Delhi": "Delhi Development Authority",
  Delhi: "Municipal Corporation of Delhi",
  Guwahati: "Guwahati Municipal Corporation",
  Surat: "Surat Municipal Corporation",
  Nagpur: "Nagpur Municipal Corporation",
  Noida: "New Okhla Industrial Development Authority",
  Gurugram: "Gurugram Metropolitan Development Authority",
};

/** State water departments with their published names. */
export const STATE_BODY_NAMES: Record<string, Record<string, string>> = {
  WRD: { Assam: "Assam Water Resources Department", Maharashtra: "Water Resources Department, Maharashtra", Kerala: "Kerala Irrigation Department" },
};

/** Tender titles by kind of work; each organisation publishes some kinds. */
export const TENDER_TITLES: Record<string, { category: "works" | "goods" | "services"; titles: string[] }> = {
  road: { category: "works", titles: [
    "Improvement and strengthening of {road} from km {a}/000 to km {b}/000",
    "Widening of {road} to four lanes with paved shoulders in {district} district",
    "Construction of {road} bypass at {city} on EPC mode",
  ] },
  bridge: { category: "works", titles: [
    "Construction of RCC bridge over {river} river on {road} in {district} district",
    "Construction of road over bridge in lieu of level crossing near {city}",
    "Rehabilitation of major bridge across {river} river near {city}",
  ] },
  building: { category: "works", titles: [
    "Construction of {floors}-storeyed office building for {dept_short} at {city}",
    "Construction of {units} staff quarters at {city}",
    "Construction of {beds}-bedded hospital building at {city}",
    "Annual repair and maintenance of government buildings in {city}",
  ] },
  water: { category: "works", titles: [
    "Providing and laying {dia} mm DI water supply pipeline from {loc} to {city}",
    "Construction of {mld} MLD water treatment plant at {city}",
    "Construction of elevated service reservoirs under AMRUT 2.0 at {city}",
  ] },
  sewer: { category: "works", titles: [
    "Construction of underground drainage system in {loc}, {city}",
    "Construction of {mld} MLD sewage treatment plant at {city}",
    "Construction of storm water drains in {loc}, {city}",
  ] },
  irrigation: { category: "works", titles: [
    "Construction of minor irrigation tank and canal lining near {city}",
    "Desilting and strengthening of {river} river embankment in {district} district",
    "Construction of check dams on tributaries of {river} in {district} district",
  ] },
  rail: { category: "works", titles: [
    "Construction of limited height subway at {city} station yard",
    "Earthwork, minor bridges and track linking for doubling near {city}",
    "Redevelopment of {city} railway station building",
  ] },
  airport: { category: "works", titles: [
    "Expansion of apron and taxiway at {city} Airport",
    "Construction of new integrated terminal building at {city} Airport",
  ] },
  power: { category: "works", titles: [
    "Construction of 220/33 kV substation at {loc}, {city}",
    "Supply and erection of 33 kV distribution transformers in {district}",
    "Ash dyke raising and strengthening at {city}",
  ] },
  pipes: { category: "goods", titles: [
    "Supply of ductile iron pipes K-9 class {dia} mm dia for {city} water supply scheme",
    "Supply of HDPE pipes {dia} mm for rural water supply in {district}",
  ] },
  materials: { category: "goods", titles: [
    "Supply of OPC 53 grade cement for works in {district} division",
    "Supply of Fe500D TMT bars for construction works at {city}",
    "Supply, installation and commissioning of {kva} kVA DG sets at {city}",
  ] },
  om: { category: "services", titles: [
    "Operation and maintenance of {mld} MLD sewage treatment plant at {city} for 5 years",
    "Comprehensive maintenance of lifts in government buildings at {city}",
  ] },
  consultancy: { category: "services", titles: [
    "Consultancy services for preparation of DPR for {road}",
    "Authority engineer services for {road} project",
    "Third-party quality audit of works in {district} district",
  ] },
};

export const TENDER_STATUS_WEIGHTS: [string, number][] = [
  ["Live", 45], ["AOC", 20], ["Closed", 14], ["Cancelled", 5], ["Retender", 4], ["Technical Evaluation", 6], ["Financial Evaluation", 6],
];

export const TENDER_TYPES = ["Open Tender", "Limited Tender", "Open Tender (Two Bid System)", "EPC", "Item Rate", "Percentage Rate"];
export const TENDER_SOURCES = ["eProcure (CPPP)", "State e-Procurement Portal", "GeM", "Organisation website"];
