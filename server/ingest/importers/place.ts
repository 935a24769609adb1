// Where a tender is: the state and district its source names, normalised to the product's lists
// (common/taxonomy.ts INDIAN_STATES; the districts and their main cities in ../india-data.ts),
// with the importer's --state only as a fallback. FORMATS.md says which fields each source offers.
//
// A clue is one field of the source, in the importer's order of trust. The first clue that names
// a state (or a district, whose state it implies) sets the state; the first that names a district
// of that state sets the district. Names are read conservatively, because a wrong place is worse
// than none: states as words anywhere in a clue (their names are distinctive); districts only as a
// whole field or a whole segment of it ("Pune", "District Pune", "Pune Municipal Corporation"),
// because district and town names also occur as ordinary words in titles and office names.
// PIN codes are not read: no published prefix table was at hand to write down.
import { INDIAN_STATES } from "../../../common/taxonomy.js";
import { STATES } from "../india-data.js";

export interface PlaceClue {
  /** The field's text as published (null or blank: no clue). */
  text: string | null;
  /** field: the whole value is a place (region, locality, Location); text: an address or organisation chain. */
  kind: "field" | "text";
  /** false: the clue may name the state, not the district (an office address far from the works). */
  district?: boolean;
}

export interface Place {
  state: string | null;
  district: string | null;
  /** source: the file named the state; fallback: --state; foreign: the file places it outside India; none. */
  from: "source" | "fallback" | "foreign" | "none";
  /** --state was given and the file names another place (the file's is kept). */
  disagreed: boolean;
}

/** Lower case, '&' as 'and', other punctuation as spaces, padded with one space each side. */
export function placeKey(s: string): string {
  const words = s.normalize("NFKD").replace(/[\u0300-\u036f]/g, "").toLowerCase().replace(/&/g, " and ").replace(/[^a-z0-9]+/g, " ").trim();
  return words ? ` ${words} ` : "";
}

// Older official names and common spellings, all in use on Indian portals.
const STATE_ALIASES: Record<string, string> = {
  orissa: "Odisha", pondicherry: "Puducherry", uttaranchal: "Uttarakhand", tamilnadu: "Tamil Nadu", chattisgarh: "Chhattisgarh",
  "nct of delhi": "Delhi", "national capital territory of delhi": "Delhi", "new delhi": "Delhi",
  "andaman and nicobar": "Andaman and Nicobar Islands", "dadra and nagar haveli": "Dadra and Nagar Haveli and Daman and Diu",
  "daman and diu": "Dadra and Nagar Haveli and Daman and Diu", "j and k": "Jammu and Kashmir",
};

/** [key, canonical state], longest first so 'jammu and kashmir' is tried before any shorter name. */
const STATE_KEYS: [string, string][] = [
  ...INDIAN_STATES.map((s): [string, string] => [placeKey(s), s]),
  ...Object.entries(STATE_ALIASES).map(([k, s]): [string, string] => [placeKey(k), s]),
].sort((a, b) => b[0].length - a[0].length);

interface DistrictRef {
  state: string;
  district: string;
}

/** Districts by name, then by their main city (a city that is also a state's name is left out: 'Delhi'). */
const DISTRICTS = new Map<string, DistrictRef>();
const CITIES = new Map<string, DistrictRef>();
for (const s of STATES) {
  for (const d of s.districts) DISTRICTS.set(placeKey(d.name), { state: s.name, district: d.name });
}
for (const s of STATES) {
  for (const d of s.districts) {
    const key = placeKey(d.city);
    // india-data lists the district a city belongs to first (Guwahati: Kamrup Metropolitan).
    if (!CITIES.has(key) && !STATE_KEYS.some(([k]) => k === key)) CITIES.set(key, { state: s.name, district: d.name });
  }
}

/** The canonical state for a state's name or alias as a whole ('assam', 'ORISSA'); null otherwise. */
export function canonicalState(name: string | null | undefined): string | null {
  const key = placeKey(name ?? "");
  return key ? (STATE_KEYS.find(([k]) => k === key)?.[1] ?? null) : null;
}

/** The first state named as words in the text. */
function stateIn(key: string): string | null {
  return STATE_KEYS.find(([k]) => key.includes(k))?.[1] ?? null;
}

// Words around a district's name in a segment: 'District Pune', 'Pune Dist.', 'Zilla Parishad Pune'.
const DISTRICT_LABELS = / (district|dist|distt|zilla|zila|jila|parishad|division|municipal corporation|municipality|nagar nigam|city|urban|rural) /g;

/** The district a whole segment names (its name or its main city), labels stripped. */
function districtOf(segment: string): DistrictRef | null {
  // Numbers are PIN codes and house numbers ('Guwahati-6', 'Guwahati 781029'), never part of a name.
  const key = placeKey(segment.replace(/\d+/g, " "));
  if (!key) return null;
  const bare = key.replace(DISTRICT_LABELS, " ").replace(DISTRICT_LABELS, " ").replace(/ +/g, " ");
  return DISTRICTS.get(key) ?? DISTRICTS.get(bare) ?? CITIES.get(key) ?? CITIES.get(bare) ?? null;
}

/** What one clue names: a state, a district (with its state), or nothing. */
export function readClue(clue: PlaceClue): { state: string | null; district: DistrictRef | null } {
  if (!clue.text?.trim()) return { state: null, district: null };
  // Segments: an organisation chain's '||' levels, an address's comma-separated parts.
  const segments = clue.kind === "field" ? [clue.text] : clue.text.split(/\|\||[,;]/);
  let district: DistrictRef | null = null;
  for (const seg of segments) {
    district = districtOf(seg);
    if (district) break;
  }
  const state = stateIn(placeKey(clue.text)) ?? district?.state ?? null;
  return { state, district: clue.district === false ? null : district };
}

const INDIA = new Set(["india", "in", "ind", "bharat", "republic of india"]);

/** true when a country name or code is given and is not India. */
export function isForeign(country: string | null | undefined): boolean {
  const key = placeKey(country ?? "").trim();
  return key !== "" && !INDIA.has(key);
}

/**
 * The place from the clues (most trusted first) and the fallback (--state, canonical). A source
 * that places the tender outside India (`foreign`) keeps it out of every state, fallback included.
 */
export function resolvePlace(clues: PlaceClue[], fallback: string | null, foreign = false): Place {
  let state: string | null = null;
  let district: string | null = null;
  if (!foreign) {
    for (const clue of clues) {
      const found = readClue(clue);
      state ??= found.state;
      if (!district && found.district && found.district.state === state) district = found.district.district;
      if (state && district) break;
    }
  }
  if (foreign) return { state: null, district: null, from: "foreign", disagreed: fallback !== null };
  if (state) return { state, district, from: "source", disagreed: fallback !== null && fallback !== state };
  return fallback ? { state: fallback, district: null, from: "fallback", disagreed: false } : { state: null, district: null, from: "none", disagreed: false };
}

const GOV_HOST = /\.(gov|nic)\.in$/;
// GePNIC state portals named by an abbreviation rather than the state's name.
// A Map: a host's label ('__proto__') must never reach an object's prototype.
const PORTAL_ABBREVIATIONS = new Map(Object.entries({
  maha: "Maharashtra", tn: "Tamil Nadu", wb: "West Bengal", hp: "Himachal Pradesh", jk: "Jammu and Kashmir", uk: "Uttarakhand",
  mp: "Madhya Pradesh", up: "Uttar Pradesh", hry: "Haryana", pudu: "Puducherry", cg: "Chhattisgarh",
}));

/**
 * The state whose portal an address or host is: an Indian government host (*.gov.in, *.nic.in)
 * whose name carries the state's name or its portal abbreviation, e.g. assamtenders.gov.in,
 * etenders.kerala.gov.in, mahatenders.gov.in, etender.up.nic.in. Central portals
 * (eprocure.gov.in, etenders.gov.in) name none.
 */
export function portalState(address: string | null | undefined): string | null {
  const raw = (address ?? "").trim().toLowerCase();
  if (!raw) return null;
  let host: string;
  try {
    host = new URL(/^[a-z][a-z0-9+.-]*:\/\//.test(raw) ? raw : `https://${raw}`).hostname;
  } catch {
    return null;
  }
  if (!GOV_HOST.test(host)) return null;
  const labels = host.replace(GOV_HOST, "").split(".");
  for (const label of labels) {
    const word = label.replace(/^(e|eproc|eprocure|etenders?)(?=[a-z])/, "").replace(/(e?tenders?|eproc|eprocure)$/, "");
    const state = canonicalState(word) ?? canonicalState(label) ?? PORTAL_ABBREVIATIONS.get(word) ?? null;
    if (state) return state;
    // A state's name run together: 'tamilnadu', 'westbengal', 'arunachal' is not one (left out).
    const joined = STATE_KEYS.find(([k]) => k.replace(/ /g, "") !== "" && word === k.replace(/ /g, ""));
    if (joined) return joined[1];
  }
  return null;
}
