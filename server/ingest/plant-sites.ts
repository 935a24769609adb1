// Where plants of a kind exist. A refinery, a coal-fired power station, an integrated steel or
// cement plant, or an NTPC station is built where such plants are (refinery towns and ports,
// coal belts, iron-ore and limestone districts), and an Airports Authority tender comes from a
// city with an airport it runs: never a district drawn at random, which a buyer from the trade
// spots at once (a refinery in Bhiwadi). Pairs of [state, district] from india-data.ts.
import { STATE_WEIGHTS, STATES, type District, type StateInfo } from "./india-data.js";
import type { Rng } from "./prng.js";

type Site = [state: string, district: string];

const REFINERIES: Site[] = [
  ["Maharashtra", "Mumbai Suburban"], ["Gujarat", "Vadodara"], ["Karnataka", "Dakshina Kannada"], ["Tamil Nadu", "Chennai"], ["Kerala", "Ernakulam"],
  ["Andhra Pradesh", "Visakhapatnam"], ["Haryana", "Panipat"], ["West Bengal", "Purba Medinipur"], ["Odisha", "Jagatsinghpur"], ["Bihar", "Begusarai"],
  ["Assam", "Kamrup Metropolitan"], ["Punjab", "Bathinda"],
];
const THERMAL_STATIONS: Site[] = [
  ["Chhattisgarh", "Korba"], ["Chhattisgarh", "Raigarh"], ["Chhattisgarh", "Bilaspur"], ["Odisha", "Angul"], ["Odisha", "Sundargarh"], ["Maharashtra", "Nagpur"],
  ["Maharashtra", "Nashik"], ["Gujarat", "Kachchh"], ["Tamil Nadu", "Thoothukudi"], ["Tamil Nadu", "Chennai"], ["Andhra Pradesh", "Nellore"],
  ["Andhra Pradesh", "Visakhapatnam"], ["Rajasthan", "Kota"], ["Bihar", "Bhagalpur"], ["Bihar", "Patna"], ["Bihar", "Begusarai"], ["West Bengal", "Paschim Bardhaman"],
  ["West Bengal", "Purba Medinipur"], ["Jharkhand", "Bokaro"], ["Jharkhand", "Dhanbad"], ["Uttar Pradesh", "Gautam Buddha Nagar"], ["Haryana", "Panipat"], ["Haryana", "Jhajjar"],
];
const STEEL_WORKS: Site[] = [
  ["Chhattisgarh", "Durg"], ["Chhattisgarh", "Raigarh"], ["Odisha", "Sundargarh"], ["Odisha", "Jajpur"], ["Odisha", "Angul"], ["Jharkhand", "Bokaro"],
  ["Jharkhand", "East Singhbhum"], ["West Bengal", "Paschim Bardhaman"], ["Andhra Pradesh", "Visakhapatnam"], ["Maharashtra", "Raigad"],
];
const PELLET_PLANTS: Site[] = [
  ["Odisha", "Sundargarh"], ["Odisha", "Jajpur"], ["Odisha", "Angul"], ["Chhattisgarh", "Raigarh"], ["Chhattisgarh", "Durg"], ["Jharkhand", "East Singhbhum"],
  ["Andhra Pradesh", "Visakhapatnam"],
];
const CEMENT_WORKS: Site[] = [
  ["Rajasthan", "Chittorgarh"], ["Madhya Pradesh", "Satna"], ["Karnataka", "Kalaburagi"], ["Chhattisgarh", "Raipur"], ["Chhattisgarh", "Durg"], ["Chhattisgarh", "Bilaspur"],
  ["Gujarat", "Kachchh"], ["Tamil Nadu", "Tiruchirappalli"], ["Andhra Pradesh", "Guntur"], ["Odisha", "Sundargarh"],
];

/** Project types built only where such plants are (a grinding unit or rolling mill can be anywhere). */
export const PLANT_SITES: Record<string, Site[]> = {
  Refinery: REFINERIES, "Thermal Power Plant": THERMAL_STATIONS, "Steel Plant": STEEL_WORKS, "Pellet Plant": PELLET_PLANTS,
  "Clinker Unit": CEMENT_WORKS, "Cement Plant": CEMENT_WORKS,
};

/** Tendering bodies with offices only where they operate, by abbreviation (templates.ts TENDER_ORGS). */
export const ORG_SITES: Record<string, Site[]> = {
  NTPC: [
    ["Chhattisgarh", "Korba"], ["Chhattisgarh", "Bilaspur"], ["Chhattisgarh", "Raigarh"], ["Odisha", "Angul"], ["Odisha", "Sundargarh"], ["Maharashtra", "Nagpur"],
    ["Andhra Pradesh", "Visakhapatnam"], ["Bihar", "Bhagalpur"], ["Bihar", "Patna"], ["Bihar", "Begusarai"], ["Uttar Pradesh", "Gautam Buddha Nagar"],
    ["Haryana", "Faridabad"], ["Haryana", "Jhajjar"], ["Gujarat", "Surat"], ["Gujarat", "Bharuch"], ["Delhi", "New Delhi"],
  ],
  AAI: [
    ["Maharashtra", "Pune"], ["Maharashtra", "Chhatrapati Sambhajinagar"], ["Maharashtra", "Kolhapur"], ["Gujarat", "Surat"], ["Gujarat", "Vadodara"], ["Gujarat", "Rajkot"],
    ["Gujarat", "Kachchh"], ["Karnataka", "Mysuru"], ["Karnataka", "Belagavi"], ["Karnataka", "Dharwad"], ["Tamil Nadu", "Chennai"], ["Tamil Nadu", "Coimbatore"],
    ["Tamil Nadu", "Madurai"], ["Tamil Nadu", "Tiruchirappalli"], ["Tamil Nadu", "Thoothukudi"], ["Kerala", "Kozhikode"], ["Andhra Pradesh", "Visakhapatnam"],
    ["Andhra Pradesh", "NTR"], ["Andhra Pradesh", "Tirupati"], ["Uttar Pradesh", "Varanasi"], ["Uttar Pradesh", "Agra"], ["Uttar Pradesh", "Prayagraj"],
    ["Rajasthan", "Jodhpur"], ["Rajasthan", "Udaipur"], ["Madhya Pradesh", "Indore"], ["Madhya Pradesh", "Bhopal"], ["Madhya Pradesh", "Jabalpur"],
    ["Madhya Pradesh", "Gwalior"], ["West Bengal", "Kolkata"], ["Odisha", "Khordha"], ["Assam", "Dibrugarh"], ["Assam", "Cachar"], ["Bihar", "Patna"],
    ["Bihar", "Gaya"], ["Punjab", "Amritsar"], ["Chhattisgarh", "Raipur"], ["Jharkhand", "Ranchi"], ["Uttarakhand", "Dehradun"],
  ],
};

export interface Place {
  state: StateInfo;
  district: District;
}

/** The sites as places; a name missing from india-data.ts fails at start-up, not as a wrong row. */
function resolve(sites: Site[]): Place[] {
  return sites.map(([s, d]) => {
    const state = STATES.find((x) => x.name === s);
    const district = state?.districts.find((x) => x.name === d);
    if (!state || !district) throw new Error(`plant site ${d}, ${s} is not in india-data.ts`);
    return { state, district };
  });
}
const RESOLVED = new Map<Site[], Place[]>([...Object.values(PLANT_SITES), ...Object.values(ORG_SITES)].map((s) => [s, resolve(s)]));

/** One of the sites (weighted alike), or null when the kind may be anywhere. */
export function sitedPlace(rng: Rng, sites: Site[] | undefined): Place | null {
  return sites ? rng.pick(RESOLVED.get(sites)!) : null;
}

/** A state by the demo's weights, unless the kind is sited. */
export function stateFor(rng: Rng, sited: Place | null): StateInfo {
  return sited?.state ?? rng.weighted(STATE_WEIGHTS);
}
