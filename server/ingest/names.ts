// People and company names for the demo data. Company names are invented combinations of
// surnames, place words and trade words; they are not meant to match any real company.

export type Region = "west" | "gujarat" | "south" | "north" | "east";

export const REGION_OF_STATE: Record<string, Region> = {
  MH: "west", GA: "west", GJ: "gujarat", RJ: "gujarat",
  KA: "south", TN: "south", KL: "south", TG: "south", AP: "south",
  UP: "north", DL: "north", HR: "north", PB: "north", UR: "north", MP: "north", BR: "north", JH: "north", CT: "north",
  WB: "east", OR: "east", AS: "east",
};

export const SURNAMES: Record<Region, string[]> = {
  west: ["Deshmukh", "Kulkarni", "Patil", "Joshi", "Shinde", "Pawar", "Jadhav", "Gokhale", "Deshpande", "Bhosale", "Kale", "Mehta", "Naik", "Sawant", "Gaikwad", "Chavan", "Apte", "Karandikar", "Thakkar", "Kamat"],
  gujarat: ["Patel", "Shah", "Desai", "Parikh", "Trivedi", "Modi", "Joshi", "Bhatt", "Solanki", "Chauhan", "Jain", "Agarwal", "Rathore", "Mathur", "Shekhawat", "Dave", "Vyas", "Sanghvi", "Kothari", "Oza"],
  south: ["Reddy", "Rao", "Naidu", "Iyer", "Iyengar", "Nair", "Menon", "Pillai", "Krishnan", "Subramanian", "Gowda", "Hegde", "Shetty", "Kamath", "Varma", "Chettiar", "Raju", "Murthy", "Prasad", "Thomas"],
  north: ["Sharma", "Verma", "Gupta", "Agarwal", "Singh", "Chaudhary", "Malhotra", "Kapoor", "Khanna", "Arora", "Bansal", "Goyal", "Mittal", "Saxena", "Srivastava", "Tiwari", "Mishra", "Pandey", "Yadav", "Sinha"],
  east: ["Banerjee", "Chatterjee", "Mukherjee", "Das", "Ghosh", "Bose", "Sen", "Dutta", "Roy", "Chakraborty", "Mohanty", "Patnaik", "Mishra", "Sahoo", "Behera", "Bora", "Baruah", "Gogoi", "Saikia", "Kalita"],
};

export const FIRST_NAMES: Record<Region, { male: string[]; female: string[] }> = {
  west: { male: ["Aniket", "Sachin", "Rahul", "Amol", "Sandeep", "Vikram", "Nikhil", "Prasad", "Mahesh", "Ajinkya", "Omkar", "Siddharth"], female: ["Snehal", "Pooja", "Aditi", "Madhuri", "Shruti", "Gauri", "Ketaki", "Rupali"] },
  gujarat: { male: ["Hardik", "Jignesh", "Nirav", "Chirag", "Ketan", "Bhavesh", "Mitesh", "Paresh", "Rajendra", "Dhaval", "Yash", "Vijay"], female: ["Hetal", "Krupa", "Nidhi", "Foram", "Jinal", "Priya", "Komal", "Bhavna"] },
  south: { male: ["Srinivas", "Venkatesh", "Arjun", "Karthik", "Suresh", "Ramesh", "Pradeep", "Anil", "Harish", "Vijay", "Gopal", "Rajesh"], female: ["Lakshmi", "Divya", "Kavya", "Anjali", "Meera", "Revathi", "Swathi", "Deepa"] },
  north: { male: ["Amit", "Rohit", "Vikas", "Sanjay", "Manoj", "Ashish", "Gaurav", "Rakesh", "Deepak", "Ankit", "Vivek", "Rajiv"], female: ["Neha", "Priyanka", "Shalini", "Ritu", "Pooja", "Anjali", "Sonia", "Kavita"] },
  east: { male: ["Subhash", "Arindam", "Debashis", "Sourav", "Prasanta", "Biswajit", "Ranjan", "Sanjib", "Amitabh", "Tapan", "Partha", "Abhijit"], female: ["Moumita", "Sreya", "Ananya", "Rituparna", "Swati", "Madhumita", "Priyanka", "Nandini"] },
};

/** Words that precede a trade word: places, rivers, mountains and auspicious names. */
export const PLACE_WORDS = [
  "Sahyadri", "Vindhya", "Kaveri", "Narmada", "Ganga", "Godavari", "Konkan", "Deccan", "Malabar", "Coromandel",
  "Shivalik", "Aravali", "Himalaya", "Nilgiri", "Satpura", "Brahmaputra", "Tapi", "Krishna", "Sabarmati", "Mahanadi",
  "Shree Ganesh", "Sai Kripa", "Lakshmi", "Om Sai", "Shubh", "Pragati", "Unnati", "Samruddhi", "Vaibhav", "Siddhi",
  "Trimurti", "Navkar", "Suvidha", "Skyline", "Horizon", "Pinnacle", "Landmark", "Greenfield", "Sunrise", "Goldline",
];

export const TRADE_WORDS: Record<string, string[]> = {
  developer: ["Developers", "Realty", "Estates", "Housing", "Properties", "Lifespaces", "Realtors", "Landmarks"],
  builder: ["Buildcon", "Builders", "Constructions", "Homes", "Buildwell"],
  contractor: ["Infra", "Infraprojects", "Constructions", "Projects", "Engineering", "Infrastructure", "Buildcon", "Civil Works", "Infratech", "EPC"],
  architect: ["Architects", "Design Studio", "Architects & Planners", "Design Associates", "Architecture"],
  consultant: ["Consultants", "Project Management Consultants", "Engineering Consultants", "Structural Consultants", "Techno Consultants"],
};

/** Trade words for a manufacturer, by industry. */
export const INDUSTRY_WORDS: Record<string, string[]> = {
  Cement: ["Cements", "Cement Works"],
  Steel: ["Steels", "Ispat", "Alloys", "Metals"],
  Pharmaceuticals: ["Pharmaceuticals", "Lifesciences", "Healthcare", "Drugs & Chemicals"],
  Chemicals: ["Chemicals", "Petrochem", "Specialty Chemicals", "Organics"],
  "Food Processing": ["Foods", "Agro Industries", "Dairy", "Food Products"],
  Automobile: ["Auto Components", "Motors", "Autotech", "Forgings"],
  Textiles: ["Textiles", "Spinning Mills", "Fabrics", "Syntex"],
  Power: ["Power", "Energy", "Power Generation"],
  "Warehousing & Logistics": ["Logistics", "Warehousing", "Logistics Parks", "Supply Chain"],
  "Data Centre": ["Data Centres", "Cloud Infrastructure", "Digital Infrastructure"],
  "Renewable Energy": ["Renewables", "Solar", "Green Energy", "Wind Power"],
  "Oil & Gas": ["Petroleum", "Gas", "Energy Resources"],
  Electronics: ["Electronics", "Technologies", "Semiconductors"],
};

/** NIC-2004 style five-digit activity codes used in the CIN. */
export const NIC_CODES: Record<string, string[]> = {
  developer: ["70100", "70101", "70200", "45201"],
  builder: ["45200", "45201", "45202"],
  contractor: ["45203", "45204", "45209", "45400"],
  architect: ["74210", "74220"],
  consultant: ["74210", "74140", "74900"],
  Healthcare: ["85110", "85191"],
  Education: ["80301", "80302"],
  Hospitality: ["55101", "55102"],
  Cement: ["26942", "26940"],
  Steel: ["27100", "27109", "27310"],
  Pharmaceuticals: ["24232", "24231", "24239"],
  Chemicals: ["24110", "24119", "24299"],
  "Food Processing": ["15400", "15311", "15200"],
  Automobile: ["34100", "34300", "34102"],
  Textiles: ["17111", "17121", "17299"],
  Power: ["40102", "40100", "40101"],
  "Warehousing & Logistics": ["63020", "63090", "60231"],
  "Data Centre": ["72200", "72300", "72900"],
  "Renewable Energy": ["40106", "40108", "40109"],
  "Oil & Gas": ["11101", "23201", "40200"],
  Electronics: ["32100", "32109", "30007"],
};

/** Designations by seniority level (the seven levels of the specification, in order). */
export const DESIGNATIONS: Record<string, string[]> = {
  "CXO/MD/Director/Proprietor": ["Managing Director", "Director", "Chief Executive Officer", "Chief Operating Officer", "Proprietor", "Whole-time Director", "Chief Procurement Officer"],
  "VP/Divisional head": ["Vice President - Projects", "Vice President - Procurement", "Head - Contracts", "Business Head", "Head - Purchase"],
  "Assistant General Manager": ["Assistant General Manager - Projects", "AGM - Purchase", "AGM - Civil", "AGM - Contracts"],
  "General Manager": ["General Manager - Projects", "General Manager - Procurement", "GM - Engineering", "GM - Business Development"],
  "Senior Manager or equivalent": ["Senior Project Manager", "Senior Manager - Purchase", "Senior Manager - Planning", "Senior Architect"],
  "Manager or equivalent": ["Project Manager", "Purchase Manager", "Site Manager", "Planning Engineer", "Project Architect", "Contracts Manager"],
  "Executive or equivalent": ["Site Engineer", "Purchase Executive", "Quantity Surveyor", "Procurement Executive", "Junior Engineer"],
};

export const DIRECTOR_DESIGNATIONS = ["Managing Director", "Director", "Whole-time Director", "Independent Director", "Additional Director", "Nominee Director"];

/** Owners of hospitals, hotels and schools are named for what they run. */
export const OWNER_WORDS: Record<string, string[]> = {
  Healthcare: ["Hospitals", "Healthcare", "Medicare", "Health City"],
  Education: ["Education Society", "Educational Trust", "Vidyapeeth", "Academy"],
  Hospitality: ["Hotels & Resorts", "Hospitality", "Hotels"],
};

/** Consultants by what they design; the name says it. */
export const CONSULTANT_WORDS: Record<string, string[]> = {
  structural: ["Structural Consultants", "Structural Engineers", "Structures", "Engineering Consultants"],
  mep: ["MEP Consultants", "Building Services Consultants", "Services Engineers"],
  pmc: ["Project Management Consultants", "Projects & Management Services", "Techno Consultants"],
};

/** Specialist sub-contractors by trade; the name says it. */
export const TRADE_CONTRACTOR_WORDS: Record<string, string[]> = {
  electrical: ["Electricals", "Power Systems", "Electro Projects"],
  hvac: ["Aircon Engineers", "HVAC Systems", "Cooling Solutions"],
  facade: ["Facades", "Glazing Systems", "Fenestration"],
  piling: ["Piling & Foundations", "Foundation Engineers", "Geotech"],
  fire: ["Fire Protection Systems", "Fire Engineers"],
  plumbing: ["Plumbing Services", "Hydro Systems"],
  lifts: ["Elevators", "Lifts & Escalators"],
  waterproofing: ["Waterproofing Solutions", "Construction Chemicals"],
};

type Desig = readonly [string, string];
const CXO = "CXO/MD/Director/Proprietor", VP = "VP/Divisional head", AGM = "Assistant General Manager", GM = "General Manager";
const SM = "Senior Manager or equivalent", MGR = "Manager or equivalent", EXE = "Executive or equivalent";

/**
 * Designations with their seniority by kind of company: [first contact, second contact, others].
 * An owner's first two are its projects and purchase heads (the people a supplier calls).
 */
export const COMPANY_DESIGNATIONS: Record<string, [Desig[], Desig[], Desig[]]> = {
  owner: [
    [["Vice President - Projects", VP], ["General Manager - Projects", GM], ["Head - Projects", VP], ["Director - Projects", CXO]],
    [["Head - Purchase", VP], ["General Manager - Procurement", GM], ["Senior Manager - Purchase", SM], ["Purchase Manager", MGR]],
    [["Managing Director", CXO], ["AGM - Projects", AGM], ["Project Manager", MGR], ["Senior Manager - Contracts", SM], ["Planning Engineer", MGR], ["Site Engineer", EXE], ["Purchase Executive", EXE]],
  ],
  manufacturer: [
    [["Head - Projects", VP], ["General Manager - Projects", GM], ["Vice President - Engineering", VP], ["Plant Head", VP]],
    [["Head - Procurement", VP], ["General Manager - Materials", GM], ["Senior Manager - Purchase", SM], ["Purchase Manager", MGR]],
    [["Managing Director", CXO], ["Whole-time Director", CXO], ["GM - Engineering", GM], ["AGM - Civil", AGM], ["Project Manager", MGR], ["Procurement Executive", EXE]],
  ],
  architect: [
    [["Principal Architect", CXO], ["Partner", CXO], ["Founder & Principal", CXO]],
    [["Associate Director - Design", VP], ["Senior Architect", SM], ["Project Architect", MGR]],
    [["Senior Architect", SM], ["Project Architect", MGR], ["Architect", EXE], ["Landscape Architect", MGR], ["Interior Designer", EXE]],
  ],
  structural: [
    [["Principal Structural Engineer", CXO], ["Director", CXO]],
    [["Senior Structural Engineer", SM], ["Associate - Structures", AGM]],
    [["Structural Design Engineer", MGR], ["Design Engineer", EXE], ["Senior Structural Engineer", SM]],
  ],
  mep: [
    [["Director - MEP", CXO], ["Principal Consultant - Building Services", CXO]],
    [["MEP Design Manager", MGR], ["Senior HVAC Engineer", SM]],
    [["Electrical Design Engineer", MGR], ["Plumbing & Fire Design Engineer", MGR], ["HVAC Design Engineer", EXE]],
  ],
  pmc: [
    [["Project Director", VP], ["Director", CXO]],
    [["Senior Project Manager", SM], ["Planning Manager", MGR]],
    [["Quantity Surveyor", EXE], ["Contracts Manager", MGR], ["QA/QC Engineer", EXE]],
  ],
  contractor: [
    [["Vice President - Projects", VP], ["Project Manager", MGR], ["General Manager - Projects", GM]],
    [["Head - Procurement", VP], ["Purchase Manager", MGR], ["AGM - Purchase", AGM]],
    [["Managing Director", CXO], ["GM - Business Development", GM], ["Tendering Manager", MGR], ["Planning Engineer", MGR], ["Quantity Surveyor", EXE], ["Site Engineer", EXE]],
  ],
  trade: [
    [["Proprietor", CXO], ["Managing Director", CXO], ["Director", CXO]],
    [["Project Engineer", MGR], ["Sales Manager", MGR], ["Senior Manager - Projects", SM]],
    [["Estimation Engineer", EXE], ["Site Supervisor", EXE], ["Service Engineer", EXE]],
  ],
};
