// Project sectors for the demo data. Each title names what it builds, so it carries its project
// type, its keyword group (project-kinds.ts) and, where the title promises a size, the value
// range that size costs: a 20-bed hospital is not a medical college, a medical college is not
// a ₹5 crore job. Placeholders in braces are filled by the generator.

/** [title, project type, keyword group, min value, max value] (values in rupees; 0 = the sector's). */
export type TitleEntry = readonly [string, string, string, number, number];

export interface SectorInfo {
  name: string;
  category: "construction" | "industrial";
  weight: number;
  /** The types the titles carry (a lead is tagged with its title's type). */
  types: string[];
  titles: readonly TitleEntry[];
  /** Value range in rupees [min, max] (log-uniform between them). */
  value: [number, number];
  /** Index keys of the companies that own such projects (gen-companies.ts). */
  owners: string[];
}

const CR = 1e7;

function sector(name: string, category: SectorInfo["category"], weight: number, value: [number, number], owners: string[], titles: TitleEntry[]): SectorInfo {
  return { name, category, weight, value, owners, titles, types: [...new Set(titles.map((t) => t[1]))] };
}

export const SECTORS: SectorInfo[] = [
  sector("Residential", "construction", 30, [5e6, 2e10], ["ind|Real Estate", "ind|Real Estate", "builder"], [
    ["Construction of {floors}-storey residential towers at {loc}, {city}", "Apartments", "highrise", 40 * CR, 0],
    ["Development of {units} premium apartments in {towers} towers at {loc}, {city}", "Apartments", "highrise", 60 * CR, 0],
    ["Construction of {storeys}-storey residential apartment building at {loc}, {city}", "Residential Building", "highrise", 5 * CR, 80 * CR],
    ["Affordable housing project of {units} EWS and LIG units at {loc}, {city}", "Affordable Housing", "lowrise", 10 * CR, 500 * CR],
    ["Development of {units} villas on {acres} acres at {loc}, {city}", "Villas", "lowrise", 8 * CR, 600 * CR],
    ["Construction of {units} row houses at {loc}, {city}", "Row Houses", "lowrise", 2 * CR, 150 * CR],
    ["Integrated township with {towers} residential towers at {loc}, {city}", "Township", "highrise", 300 * CR, 0],
    ["Redevelopment of housing society into {storeys}-storey building at {loc}, {city}", "Residential Building", "highrise", 25 * CR, 150 * CR],
  ]),
  sector("Commercial", "construction", 14, [1e7, 2e10], ["ind|Real Estate", "ind|Real Estate", "builder"], [
    ["Construction of {storeys}-storey commercial office tower at {loc}, {city}", "Office Building", "office", 30 * CR, 0],
    ["Development of IT park with {sqft} lakh sq ft built-up area at {loc}, {city}", "IT Park", "office", 100 * CR, 0],
    ["Construction of shopping mall and multiplex at {loc}, {city}", "Mall", "mall", 80 * CR, 0],
    ["Construction of commercial complex with shops and offices at {loc}, {city}", "Commercial Complex", "retail", 3 * CR, 150 * CR],
    ["Mixed-use development with retail and offices at {loc}, {city}", "Mixed Use Development", "office", 100 * CR, 0],
  ]),
  sector("Hospitality", "construction", 5, [2e7, 8e9], ["ind|Hospitality", "ind|Real Estate"], [
    ["Construction of {keys}-key five-star hotel at {loc}, {city}", "Hotel", "hotel", 150 * CR, 0],
    ["Construction of {keys}-room business hotel at {loc}, {city}", "Hotel", "hotel", 15 * CR, 200 * CR],
    ["Development of resort with {keys} cottages near {city}", "Resort", "resort", 10 * CR, 300 * CR],
    ["Construction of convention centre with {keys}-room hotel at {loc}, {city}", "Convention Centre", "hotel", 150 * CR, 0],
  ]),
  sector("Healthcare", "construction", 6, [2e7, 1e10], ["ind|Healthcare"], [
    ["Construction of {beds}-bed multi-speciality hospital at {loc}, {city}", "Hospital", "hospital", 40 * CR, 0],
    ["Expansion of hospital block with {beds} beds and ICU at {loc}, {city}", "Hospital", "hospital", 8 * CR, 150 * CR],
    ["Construction of medical college and {beds}-bed teaching hospital at {city}", "Medical College", "hospital", 300 * CR, 0],
    ["Construction of diagnostic centre and day-care clinic at {loc}, {city}", "Diagnostic Centre", "clinic", 2 * CR, 40 * CR],
  ]),
  sector("Education", "construction", 5, [1e7, 5e9], ["ind|Education"], [
    ["Construction of school building with {rooms} classrooms at {loc}, {city}", "School", "school", 1 * CR, 40 * CR],
    ["Development of university campus on {acres} acres near {city}", "University Campus", "campus", 150 * CR, 0],
    ["Construction of engineering college academic block at {loc}, {city}", "College", "campus", 15 * CR, 200 * CR],
    ["Construction of {rooms}-room student hostel at {loc}, {city}", "Hostel", "school", 3 * CR, 60 * CR],
  ]),
  sector("Infrastructure", "construction", 8, [5e7, 5e10], ["contractor"], [
    ["Construction of {km} km four-lane elevated corridor at {city}", "Road", "road", 300 * CR, 0],
    ["Construction of flyover and grade separator at {loc}, {city}", "Flyover", "bridge", 30 * CR, 400 * CR],
    ["Construction of {mld} MLD sewage treatment plant at {city}", "Sewerage", "water", 10 * CR, 600 * CR],
    ["Construction of {mld} MLD water treatment plant and pumping main at {city}", "Water Supply", "water", 10 * CR, 600 * CR],
    ["Construction of bridge across {river} river near {city}", "Bridge", "bridge", 20 * CR, 800 * CR],
    ["Construction of metro depot and stabling yard at {loc}, {city}", "Metro Rail", "metro", 150 * CR, 0],
  ]),
  sector("Retail", "construction", 3, [5e6, 3e9], ["ind|Real Estate", "builder"], [
    ["Construction of hypermarket and retail store at {loc}, {city}", "Hypermarket", "retail", 5 * CR, 0],
    ["Construction of automobile showroom and workshop at {loc}, {city}", "Showroom", "retail", 1 * CR, 40 * CR],
  ]),
  sector("Cement", "industrial", 4, [5e8, 3e10], ["ind|Cement"], [
    ["Setting up of {mtpa} MTPA cement grinding unit at {loc}, {district}", "Grinding Unit", "heavy", 0, 0],
    ["Expansion of integrated cement plant by {mtpa} MTPA clinker capacity at {district}", "Clinker Unit", "heavy", 500 * CR, 0],
    ["Installation of waste heat recovery power plant at cement works in {district}", "Cement Plant", "power", 0, 600 * CR],
  ]),
  sector("Steel", "industrial", 4, [3e8, 5e10], ["ind|Steel"], [
    ["Expansion of integrated steel plant to {mtpa} MTPA at {loc}, {district}", "Steel Plant", "heavy", 1000 * CR, 0],
    ["Setting up of TMT rolling mill of {tpd} TPD at {loc}, {district}", "Rolling Mill", "heavy", 0, 1500 * CR],
    ["Construction of pellet plant and beneficiation unit at {loc}, {district}", "Pellet Plant", "heavy", 200 * CR, 0],
    ["Setting up of sponge iron plant of {tpd} TPD at {loc}, {district}", "Sponge Iron Plant", "heavy", 0, 1500 * CR],
  ]),
  sector("Pharmaceuticals", "industrial", 4, [1e8, 1e10], ["ind|Pharmaceuticals"], [
    ["Construction of API manufacturing block at {loc}, {district}", "API Unit", "cleanroom", 0, 0],
    ["Setting up of oral solid dosage formulation plant at {loc}, {district}", "Formulation Unit", "cleanroom", 0, 0],
    ["Construction of pharmaceutical R&D centre at {loc}, {city}", "R&D Centre", "cleanroom", 0, 600 * CR],
  ]),
  sector("Chemicals", "industrial", 4, [1e8, 2e10], ["ind|Chemicals"], [
    ["Setting up of specialty chemicals plant of {tpd} TPD at {loc}, {district}", "Specialty Chemicals Unit", "process", 0, 0],
    ["Expansion of agrochemicals formulation unit at {loc}, {district}", "Chemical Plant", "process", 0, 800 * CR],
    ["Construction of caustic soda and chlorine plant at {loc}, {district}", "Chemical Plant", "process", 0, 0],
  ]),
  sector("Food Processing", "industrial", 3, [3e7, 3e9], ["ind|Food Processing"], [
    ["Setting up of dairy processing plant of {lpd} lakh litres per day at {loc}, {district}", "Dairy Plant", "industrial", 0, 0],
    ["Construction of food processing unit and cold storage at {loc}, {district}", "Food Processing Unit", "industrial", 0, 0],
    ["Construction of multi-commodity cold storage at {loc}, {district}", "Cold Storage", "warehouse", 0, 150 * CR],
  ]),
  sector("Automobile", "industrial", 3, [2e8, 3e10], ["ind|Automobile"], [
    ["Construction of auto component manufacturing facility at {loc}, {district}", "Auto Component Unit", "industrial", 0, 2000 * CR],
    ["Setting up of electric vehicle assembly plant at {loc}, {district}", "Automobile Plant", "industrial", 300 * CR, 0],
    ["Construction of lithium-ion battery pack plant at {loc}, {district}", "EV Battery Plant", "cleanroom", 0, 0],
  ]),
  sector("Textiles", "industrial", 2, [5e7, 5e9], ["ind|Textiles"], [
    ["Setting up of spinning mill with {spindles} spindles at {loc}, {district}", "Spinning Unit", "industrial", 0, 0],
    ["Construction of integrated textile processing unit at {loc}, {district}", "Textile Mill", "industrial", 0, 0],
    ["Construction of garment factory at {loc}, {district}", "Garment Factory", "industrial", 0, 150 * CR],
  ]),
  sector("Power", "industrial", 3, [5e8, 5e10], ["ind|Power"], [
    ["Construction of {mw} MW thermal power plant extension at {district}", "Thermal Power Plant", "power", 1000 * CR, 0],
    ["Construction of 400/220 kV GIS substation at {loc}, {district}", "Substation", "power", 0, 800 * CR],
    ["Construction of 400 kV transmission line of {km} km in {district}", "Transmission Line", "power", 0, 0],
  ]),
  sector("Warehousing & Logistics", "industrial", 4, [5e7, 8e9], ["ind|Warehousing & Logistics"], [
    ["Development of Grade-A warehousing park of {sqft} lakh sq ft at {loc}, {district}", "Warehouse", "warehouse", 50 * CR, 0],
    ["Construction of PEB warehouse and fulfilment centre at {loc}, {district}", "Warehouse", "warehouse", 0, 400 * CR],
    ["Development of multi-modal logistics park on {acres} acres at {loc}, {district}", "Logistics Park", "warehouse", 100 * CR, 0],
  ]),
  sector("Data Centre", "industrial", 2, [5e8, 5e10], ["ind|Data Centre"], [
    ["Construction of {mw} MW hyperscale data centre campus at {loc}, {city}", "Hyperscale Campus", "datacentre", 1000 * CR, 0],
    ["Setting up of Tier III data centre building at {loc}, {city}", "Data Centre", "datacentre", 0, 2000 * CR],
  ]),
  sector("Renewable Energy", "industrial", 3, [2e8, 5e10], ["ind|Renewable Energy"], [
    ["Setting up of {mw} MW solar power plant at {district}", "Solar Power Plant", "solar", 0, 0],
    ["Development of {mw} MW wind-solar hybrid project in {district}", "Wind Farm", "solar", 0, 0],
    ["Setting up of green hydrogen and ammonia plant at {loc}, {district}", "Green Hydrogen", "process", 500 * CR, 0],
  ]),
  sector("Oil & Gas", "industrial", 1, [5e8, 5e10], ["ind|Oil & Gas"], [
    ["Expansion of refinery secondary processing units at {loc}, {district}", "Refinery", "process", 1000 * CR, 0],
    ["City gas distribution network of {km} km in {district}", "City Gas Distribution", "pipeline", 0, 0],
  ]),
  sector("Electronics", "industrial", 1, [3e8, 3e10], ["ind|Electronics"], [
    ["Setting up of electronics manufacturing cluster unit at {loc}, {district}", "Electronics Manufacturing", "cleanroom", 0, 0],
    ["Construction of semiconductor assembly and test facility at {loc}, {district}", "ATMP Unit", "cleanroom", 500 * CR, 0],
  ]),
];
