// What a kind of project implies, for the demo data: the building cost per square foot by
// project type and city tier, the materials and services a supplier would sell it (keywords),
// and the specifications its documents state. Titles carry their type (templates.ts), so a
// villa never gets chillers and a school never reads as a university campus.
import type { Rng } from "./prng.js";

/** Project names by type, as developers and institutions brand them: "<brand> <suffix>". */
const NAME_SUFFIXES: [RegExp, string[]][] = [
  [/^(Apartments|Residential Building|Township)$/, ["Heights", "Residency", "Towers", "Greens", "Enclave", "Park", "Vista", "Meadows", "Skyline"]],
  [/^(Villas|Row Houses)$/, ["Villas", "Greens", "County", "Estate", "Meadows", "Orchards"]],
  [/^Affordable Housing$/, ["Awas", "Nagar", "Homes"]],
  [/^(Office Building|IT Park|Mixed Use Development)$/, ["Business Park", "Corporate Park", "Tech Park", "Trade Centre", "Square"]],
  [/^(Mall|Commercial Complex|Hypermarket|Showroom)$/, ["Mall", "Plaza", "Arcade", "Square", "Central"]],
  [/^(Hotel|Resort|Convention Centre)$/, ["Grand", "Regency", "Residency", "Resort & Spa", "Palace"]],
  [/^(Hospital|Diagnostic Centre)$/, ["Hospital", "Medicity", "Super Speciality Hospital", "Diagnostics"]],
  [/^Medical College$/, ["Institute of Medical Sciences", "Medical College"]],
  [/^(School|Hostel)$/, ["Public School", "International School", "Vidyalaya"]],
  [/^(College|University Campus)$/, ["Institute of Technology", "University", "College of Engineering"]],
];

/** A project name for a building of this type, from its owner's brand; null for types not branded. */
export function projectName(rng: Rng, type: string, brand: string): string | null {
  const suffixes = NAME_SUFFIXES.find(([re]) => re.test(type))?.[1];
  return suffixes ? `${brand} ${rng.pick(suffixes)}` : null;
}

/** Keyword groups: what the project buys. */
export const KEYWORDS: Record<string, string[]> = {
  highrise: ["cement", "TMT bars", "ready-mix concrete", "aluminium formwork", "elevators", "AAC blocks", "tiles", "sanitaryware", "waterproofing", "paints", "fire fighting", "DG sets"],
  lowrise: ["cement", "TMT bars", "red clay bricks", "AAC blocks", "tiles", "sanitaryware", "waterproofing", "paints", "modular kitchens", "UPVC windows"],
  office: ["HVAC", "chillers", "facade glazing", "elevators", "DG sets", "fire fighting", "ready-mix concrete", "raised flooring", "BMS", "structural steel"],
  mall: ["HVAC", "chillers", "escalators", "elevators", "facade glazing", "fire fighting", "DG sets", "structural steel", "false ceiling"],
  hotel: ["HVAC", "chillers", "elevators", "facade glazing", "commercial kitchen equipment", "sanitaryware", "tiles", "fire fighting", "DG sets"],
  resort: ["cement", "TMT bars", "tiles", "sanitaryware", "landscaping", "swimming pool equipment", "solar water heaters", "paints"],
  hospital: ["medical gas pipeline", "HVAC", "chillers", "modular operation theatres", "elevators", "DG sets", "fire fighting", "ready-mix concrete"],
  clinic: ["HVAC", "cement", "TMT bars", "tiles", "medical gas pipeline", "elevators", "paints"],
  school: ["cement", "TMT bars", "fly ash bricks", "tiles", "paints", "sanitaryware", "solar rooftop", "furniture"],
  campus: ["cement", "TMT bars", "ready-mix concrete", "AAC blocks", "elevators", "HVAC", "STP", "solar rooftop", "tiles"],
  retail: ["cement", "TMT bars", "PEB", "facade glazing", "HVAC", "tiles", "fire fighting"],
  road: ["bitumen", "aggregates", "wet mix macadam", "ready-mix concrete", "crash barriers", "road marking paint", "TMT bars"],
  bridge: ["piling", "TMT bars", "prestressing strands", "elastomeric bearings", "expansion joints", "ready-mix concrete", "formwork"],
  metro: ["precast segments", "TMT bars", "structural steel", "ready-mix concrete", "ballastless track", "PEB", "overhead equipment"],
  water: ["DI pipes", "pumps", "valves", "RCC tanks", "MBBR equipment", "electrical panels", "SCADA"],
  industrial: ["PEB", "structural steel", "roofing sheets", "piling", "transformers", "cables", "EOT cranes", "industrial flooring"],
  process: ["structural steel", "piping", "pressure vessels", "piling", "transformers", "cables", "fire fighting", "PEB"],
  cleanroom: ["cleanroom panels", "HVAC", "epoxy flooring", "purified water system", "PEB", "chillers", "fire fighting"],
  heavy: ["structural steel", "refractories", "piling", "conveyors", "transformers", "EOT cranes", "ready-mix concrete"],
  warehouse: ["PEB", "roofing sheets", "FM2 flooring", "dock levellers", "fire sprinklers", "ready-mix concrete"],
  datacentre: ["chillers", "DG sets", "UPS", "transformers", "precision cooling", "fire suppression", "structural steel", "cables"],
  solar: ["solar modules", "module mounting structures", "inverters", "transformers", "cables", "piling"],
  power: ["transformers", "switchgear", "structural steel", "cables", "piling", "ready-mix concrete"],
  pipeline: ["MDPE pipes", "steel pipes", "valves", "HDD", "cathodic protection"],
};

/** Building cost in rupees per sq ft for a tier-2 city, by project type; tiers scale it. */
export const RATE_PER_SQFT: Record<string, [number, number]> = {
  Apartments: [2800, 4200], "Residential Building": [2600, 3800], Villas: [3200, 5500], "Row Houses": [2600, 3800],
  Township: [2600, 3600], "Affordable Housing": [1800, 2500],
  "Office Building": [3800, 6000], "IT Park": [3500, 5500], Mall: [4000, 6500], "Commercial Complex": [3000, 4500], "Mixed Use Development": [3800, 5800],
  Hotel: [7000, 12000], Resort: [5500, 9000], "Convention Centre": [5000, 8000],
  Hospital: [5500, 8500], "Medical College": [4500, 6500], "Diagnostic Centre": [4000, 6000],
  School: [2200, 3200], College: [2500, 3500], "University Campus": [2600, 3800], Hostel: [2200, 3000],
  Showroom: [3000, 4500], Hypermarket: [3000, 4200],
};

/** Metro and large-city tiers as commonly used for construction costing. */
const TIER1 = new Set(["Mumbai", "New Delhi", "Delhi", "Bengaluru", "Chennai", "Hyderabad", "Kolkata", "Pune", "Gurugram", "Noida", "Thane", "Ahmedabad"]);
const TIER2 = new Set([
  "Surat", "Vadodara", "Rajkot", "Jaipur", "Lucknow", "Kanpur", "Nagpur", "Nashik", "Indore", "Bhopal", "Coimbatore", "Kochi", "Visakhapatnam",
  "Vijayawada", "Mysuru", "Mangaluru", "Chandigarh", "Mohali", "Ludhiana", "Bhubaneswar", "Patna", "Ranchi", "Raipur", "Guwahati", "Dehradun",
  "Thiruvananthapuram", "Madurai", "Ghaziabad", "Faridabad", "Panvel", "Gandhinagar", "Agra", "Varanasi", "Jamshedpur", "Aurangabad",
]);

export function cityTier(city: string): 1 | 2 | 3 {
  return TIER1.has(city) ? 1 : TIER2.has(city) ? 2 : 3;
}

export const TIER_FACTOR = { 1: 1.25, 2: 1, 3: 0.88 } as const;

/** Rupees per sq ft for this type in this city (drawn within the type's band). */
export function ratePerSqft(rng: Rng, type: string, city: string): number | null {
  const band = RATE_PER_SQFT[type];
  if (!band) return null;
  return rng.float(band[0], band[1]) * TIER_FACTOR[cityTier(city)];
}

/** 3–7 keywords from the project's groups, always ending with its sector and type. */
export function keywordsFor(rng: Rng, group: string, sector: string, type: string): string[] {
  const pool = KEYWORDS[group] ?? KEYWORDS.industrial;
  return [...new Set([...rng.sample(pool, rng.int(3, Math.min(7, pool.length))), sector.toLowerCase(), type.toLowerCase()])];
}

export interface Spec {
  item: string;
  spec: string;
}

/** Specifications a project brief states for its kind. */
export function specsFor(rng: Rng, group: string, v: { concrete: string; steel: string; area: number | null; floors: number; towers: number; acres: number }): Spec[] {
  const s: Spec[] = [];
  const add = (item: string, spec: string) => s.push({ item, spec });
  add("Concrete", `${v.concrete} (structural members)`);
  const building = ["highrise", "lowrise", "office", "mall", "hotel", "resort", "hospital", "clinic", "school", "campus", "retail"].includes(group);
  if (building) {
    add("Structure", group === "lowrise" || group === "resort" ? `RCC frame, ${v.concrete} concrete, load-bearing masonry infill` : `RCC frame with shear walls, ${v.concrete} concrete`);
    add("Reinforcement", v.steel);
    if (v.area) add("Built-up area", `${v.area.toLocaleString("en-IN")} sq ft`);
    if (group === "highrise" || group === "office" || group === "hotel" || group === "hospital")
      add("Floors", `${v.towers > 1 ? `${v.towers} towers of ` : ""}B+G+${Math.max(2, v.floors - 1)}`);
    add("Masonry", rng.pick(group === "lowrise" || group === "school" ? ["Red clay bricks 230 mm", "Fly ash bricks 230 mm"] : ["AAC blocks 200 mm", "AAC blocks 150 mm"]));
    add("Cement", rng.pick(["OPC 53 grade", "PPC", "PSC"]));
  }
  if (group === "highrise" || group === "office" || group === "hotel" || group === "hospital" || group === "mall" || group === "campus")
    add("Lifts", `${rng.int(2, 6) * Math.max(1, v.towers)} passenger lifts, ${rng.pick(["1.5", "1.75", "2.5"])} m/s`);
  if (group === "office" || group === "mall" || group === "hotel" || group === "hospital" || group === "datacentre")
    add("HVAC", `${rng.pick(["Water-cooled screw chillers", "Magnetic-bearing centrifugal chillers", "VRF system"])}, ${rng.int(2, 12) * 50} TR`);
  if (group === "office" || group === "hotel" || group === "mall") add("Facade", rng.pick(["Unitised glazing, DGU low-e glass", "Semi-unitised glazing with ACP cladding", "Stick glazing with stone cladding"]));
  if (group === "hospital" || group === "clinic") add("Medical gases", "Oxygen, nitrous oxide, vacuum and compressed air pipeline to HTM 02-01");
  if (group === "lowrise" || group === "resort") add("Roofing", rng.pick(["RCC slab with brickbat coba waterproofing", "Sloping roof with Mangalore tiles"]));
  if (group === "road") add("Pavement", `Bituminous: ${rng.int(40, 50)} mm BC over ${rng.int(50, 100)} mm DBM, ${rng.int(200, 250)} mm WMM, ${rng.int(150, 200)} mm GSB`);
  if (group === "bridge") add("Foundation", `${rng.pick([1000, 1200, 1500])} mm dia bored cast-in-situ piles`), add("Superstructure", `PSC box girder, ${v.concrete}`);
  if (group === "metro") add("Viaduct", "Precast segmental box girder, 25 m spans"), add("Track", "Standard gauge, ballastless track");
  if (group === "water") add("Treatment", rng.pick(["SBR process", "MBBR process", "Conventional activated sludge"])), add("Pipes", `DI K-9 class, ${rng.pick([300, 450, 600, 900])} mm dia`);
  if (["industrial", "process", "cleanroom", "heavy", "warehouse"].includes(group)) {
    add("Plant area", `About ${v.acres} acres`);
    add("Sheds", `PEB with ${rng.pick(["0.5 mm", "0.6 mm"])} Galvalume roofing, ${rng.pick([9, 10, 12, 14])} m clear height`);
    add("Foundations", `RCC isolated footings; equipment foundations in ${v.concrete}`);
  }
  if (group === "warehouse") add("Flooring", "FM2 grade VDF flooring, 5 T/sq m"), add("Docks", `${rng.int(12, 60)} dock levellers`);
  if (group === "cleanroom") add("Cleanrooms", `ISO 8 / ISO 7 areas, ${rng.int(2, 8) * 5},000 sq ft`);
  if (group === "heavy" || group === "industrial") add("Cranes", `EOT cranes ${rng.pick([10, 20, 32, 50])} T`);
  if (group === "datacentre") add("Power", `${rng.int(2, 8)} x 2.5 MVA DG sets, N+1 UPS`), add("Tier", "Uptime Tier III design");
  if (group === "solar") add("Modules", `Mono PERC bifacial, ${rng.pick([540, 545, 550, 580])} Wp`), add("Mounting", "Single-axis trackers on driven piles");
  if (group === "power") add("Switchyard", `${rng.pick(["400/220 kV", "220/33 kV"])} GIS`), add("Transformers", `${rng.pick([100, 160, 315, 500])} MVA`);
  if (group === "pipeline") add("Pipes", "MDPE PE-100 SDR 11, steel 8 inch for the trunk line");
  return s;
}
