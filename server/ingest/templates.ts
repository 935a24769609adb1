// Sectors, project and tender wording for the demo data. Placeholders in braces are filled by
// the generator: {loc} locality or industrial area, {city}, {district}, {state}, {river} and
// numbers ({floors}, {units}, {beds}, {mw}, {mtpa}, {tpd}, {km}, {mld}, {acres}, {sqft}, {dia}, {keys}).

export interface SectorInfo {
  name: string;
  category: "construction" | "industrial";
  weight: number;
  types: string[];
  titles: string[];
  /** Value range in rupees [min, max] (log-uniform between them). */
  value: [number, number];
}

export const SECTORS: SectorInfo[] = [
  {
    name: "Residential", category: "construction", weight: 30, value: [5e6, 2e10],
    types: ["Residential Building", "Apartments", "Villas", "Township", "Affordable Housing", "Row Houses"],
    titles: [
      "Construction of {floors}-storey residential towers at {loc}, {city}",
      "Development of {units} premium apartments in {towers} towers at {loc}, {city}",
      "Affordable housing project of {units} EWS and LIG units at {loc}, {city}",
      "Development of {units} villas and row houses on {acres} acres at {loc}, {city}",
      "Integrated township with {towers} residential towers at {loc}, {city}",
      "Redevelopment of housing society into {floors}-storey building at {loc}, {city}",
    ],
  },
  {
    name: "Commercial", category: "construction", weight: 14, value: [1e7, 2e10],
    types: ["Office Building", "IT Park", "Commercial Complex", "Mall", "Mixed Use Development"],
    titles: [
      "Construction of {floors}-storey commercial office tower at {loc}, {city}",
      "Development of IT park with {sqft} lakh sq ft built-up area at {loc}, {city}",
      "Construction of shopping mall and multiplex at {loc}, {city}",
      "Mixed-use development with retail and offices at {loc}, {city}",
      "Grade-A office campus of {sqft} lakh sq ft at {loc}, {city}",
    ],
  },
  {
    name: "Hospitality", category: "construction", weight: 5, value: [2e7, 8e9],
    types: ["Hotel", "Resort", "Serviced Apartments", "Convention Centre"],
    titles: [
      "Construction of {keys}-key five-star hotel at {loc}, {city}",
      "Development of resort with {keys} cottages near {city}",
      "Construction of business hotel and convention centre at {loc}, {city}",
    ],
  },
  {
    name: "Healthcare", category: "construction", weight: 6, value: [2e7, 1e10],
    types: ["Hospital", "Medical College", "Diagnostic Centre"],
    titles: [
      "Construction of {beds}-bed multi-speciality hospital at {loc}, {city}",
      "Expansion of hospital block with {beds} beds and ICU at {loc}, {city}",
      "Construction of medical college and {beds}-bed teaching hospital at {city}",
    ],
  },
  {
    name: "Education", category: "construction", weight: 5, value: [1e7, 5e9],
    types: ["School", "College", "University Campus", "Hostel"],
    titles: [
      "Construction of school building with {rooms} classrooms at {loc}, {city}",
      "Development of university campus on {acres} acres near {city}",
      "Construction of academic block and hostels at {loc}, {city}",
    ],
  },
  {
    name: "Infrastructure", category: "construction", weight: 8, value: [5e7, 5e10],
    types: ["Road", "Bridge", "Flyover", "Metro Rail", "Water Supply", "Sewerage", "Airport", "Port"],
    titles: [
      "Construction of {km} km four-lane elevated corridor at {city}",
      "Construction of flyover and grade separator at {loc}, {city}",
      "Construction of {mld} MLD sewage treatment plant at {city}",
      "Construction of bridge across {river} river near {city}",
      "Development of multi-modal logistics hub near {city}",
      "Construction of metro depot and stabling yard at {loc}, {city}",
    ],
  },
  {
    name: "Retail", category: "construction", weight: 3, value: [5e6, 3e9],
    types: ["Showroom", "Retail Outlet", "Hypermarket"],
    titles: [
      "Construction of hypermarket and retail store at {loc}, {city}",
      "Construction of automobile showroom and workshop at {loc}, {city}",
    ],
  },
  {
    name: "Cement", category: "industrial", weight: 4, value: [5e8, 3e10],
    types: ["Cement Plant", "Grinding Unit", "Clinker Unit"],
    titles: [
      "Setting up of {mtpa} MTPA cement grinding unit at {loc}, {district}",
      "Expansion of integrated cement plant by {mtpa} MTPA clinker capacity at {district}",
      "Installation of waste heat recovery power plant at cement works in {district}",
    ],
  },
  {
    name: "Steel", category: "industrial", weight: 4, value: [3e8, 5e10],
    types: ["Steel Plant", "Rolling Mill", "Pellet Plant", "Sponge Iron Plant"],
    titles: [
      "Expansion of integrated steel plant to {mtpa} MTPA at {loc}, {district}",
      "Setting up of TMT rolling mill of {tpd} TPD at {loc}, {district}",
      "Construction of pellet plant and beneficiation unit at {loc}, {district}",
    ],
  },
  {
    name: "Pharma", category: "industrial", weight: 4, value: [1e8, 1e10],
    types: ["Pharmaceutical Plant", "API Unit", "Formulation Unit", "R&D Centre"],
    titles: [
      "Construction of API manufacturing block at {loc}, {district}",
      "Setting up of oral solid dosage formulation plant at {loc}, {district}",
      "Construction of pharmaceutical R&D centre at {loc}, {city}",
    ],
  },
  {
    name: "Chemicals", category: "industrial", weight: 4, value: [1e8, 2e10],
    types: ["Chemical Plant", "Specialty Chemicals Unit", "Petrochemical Complex"],
    titles: [
      "Setting up of specialty chemicals plant of {tpd} TPD at {loc}, {district}",
      "Expansion of agrochemicals formulation unit at {loc}, {district}",
      "Construction of caustic soda and chlorine plant at {loc}, {district}",
    ],
  },
  {
    name: "Food Processing", category: "industrial", weight: 3, value: [3e7, 3e9],
    types: ["Food Processing Unit", "Dairy Plant", "Cold Storage"],
    titles: [
      "Setting up of dairy processing plant of {lpd} lakh litres per day at {loc}, {district}",
      "Construction of food processing unit and cold storage at {loc}, {district}",
      "Setting up of edible oil refinery of {tpd} TPD at {loc}, {district}",
    ],
  },
  {
    name: "Automobile", category: "industrial", weight: 3, value: [2e8, 3e10],
    types: ["Automobile Plant", "Auto Component Unit", "EV Battery Plant"],
    titles: [
      "Construction of auto component manufacturing facility at {loc}, {district}",
      "Setting up of electric vehicle assembly plant at {loc}, {district}",
      "Construction of lithium-ion battery pack plant at {loc}, {district}",
    ],
  },
  {
    name: "Textiles", category: "industrial", weight: 2, value: [5e7, 5e9],
    types: ["Textile Mill", "Spinning Unit", "Garment Factory"],
    titles: [
      "Setting up of spinning mill with {spindles} spindles at {loc}, {district}",
      "Construction of integrated textile processing unit at {loc}, {district}",
    ],
  },
  {
    name: "Power", category: "industrial", weight: 3, value: [5e8, 5e10],
    types: ["Thermal Power Plant", "Substation", "Transmission Line"],
    titles: [
      "Construction of {mw} MW thermal power plant extension at {district}",
      "Construction of 400/220 kV GIS substation at {loc}, {district}",
      "Flue gas desulphurisation system for {mw} MW units at {district}",
    ],
  },
  {
    name: "Warehousing & Logistics", category: "industrial", weight: 4, value: [5e7, 8e9],
    types: ["Warehouse", "Logistics Park", "Cold Chain"],
    titles: [
      "Development of Grade-A warehousing park of {sqft} lakh sq ft at {loc}, {district}",
      "Construction of PEB warehouse and fulfilment centre at {loc}, {district}",
      "Development of multi-modal logistics park on {acres} acres at {loc}, {district}",
    ],
  },
  {
    name: "Data Centre", category: "industrial", weight: 2, value: [5e8, 5e10],
    types: ["Data Centre", "Hyperscale Campus"],
    titles: [
      "Construction of {mw} MW hyperscale data centre campus at {loc}, {city}",
      "Setting up of Tier III data centre building at {loc}, {city}",
    ],
  },
  {
    name: "Renewable Energy", category: "industrial", weight: 3, value: [2e8, 5e10],
    types: ["Solar Power Plant", "Wind Farm", "Green Hydrogen", "Battery Storage"],
    titles: [
      "Setting up of {mw} MW solar power plant at {district}",
      "Development of {mw} MW wind-solar hybrid project in {district}",
      "Setting up of green hydrogen and ammonia plant at {loc}, {district}",
    ],
  },
  {
    name: "Oil & Gas", category: "industrial", weight: 1, value: [5e8, 5e10],
    types: ["Refinery", "Pipeline", "City Gas Distribution"],
    titles: [
      "Expansion of refinery secondary processing units at {loc}, {district}",
      "City gas distribution network of {km} km in {district}",
    ],
  },
  {
    name: "Electronics", category: "industrial", weight: 1, value: [3e8, 3e10],
    types: ["Electronics Manufacturing", "Semiconductor Fab", "ATMP Unit"],
    titles: [
      "Setting up of electronics manufacturing cluster unit at {loc}, {district}",
      "Construction of semiconductor assembly and test facility at {loc}, {district}",
    ],
  },
];

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

export const MATERIAL_KEYWORDS = [
  "cement", "TMT bars", "ready-mix concrete", "structural steel", "AAC blocks", "elevators", "HVAC", "fire fighting",
  "facade glazing", "precast", "PEB", "waterproofing", "tiles", "sanitaryware", "DG sets", "transformers", "cables",
  "piling", "formwork", "scaffolding", "paints", "aluminium formwork", "roofing sheets", "chillers",
];

export const DESCRIPTION_OPENERS = [
  "{owner} has proposed {what}.",
  "{owner} plans {what}.",
  "{owner} is executing {what}.",
  "As per {source_lc}, {owner} intends to take up {what}.",
];

export const DESCRIPTION_DETAILS: Record<"construction" | "industrial", string[]> = {
  construction: [
    "The project will have a total built-up area of about {area} sq ft with {parking} levels of basement parking.",
    "The structure is planned as RCC framed construction with {concrete} concrete and {steel} reinforcement.",
    "Amenities include a clubhouse, swimming pool, landscaped podium and rainwater harvesting.",
    "The project is registered under RERA and possession is expected by {completion}.",
    "Civil works are estimated to take about {months} months from mobilisation.",
    "The building is designed to IGBC Green Homes Gold standards with solar water heating and STP.",
    "Piling and excavation are to be followed by the podium slab and tower cores.",
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
