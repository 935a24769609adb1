// The value lists subscribers choose preferences from and leads are tagged with. The demo data
// generator and importers use the same lists, so a preference always matches something.

export const SECTORS = [
  "Residential",
  "Commercial",
  "Hospitality",
  "Healthcare",
  "Education",
  "Infrastructure",
  "Cement",
  "Steel",
  "Pharmaceuticals",
  "Chemicals",
  "Food Processing",
  "Automobile",
  "Textiles",
  "Power",
  "Warehousing & Logistics",
  "Data Centre",
  "Renewable Energy",
] as const;

export const INDIAN_STATES = [
  "Andhra Pradesh", "Arunachal Pradesh", "Assam", "Bihar", "Chhattisgarh", "Goa", "Gujarat", "Haryana",
  "Himachal Pradesh", "Jharkhand", "Karnataka", "Kerala", "Madhya Pradesh", "Maharashtra", "Manipur",
  "Meghalaya", "Mizoram", "Nagaland", "Odisha", "Punjab", "Rajasthan", "Sikkim", "Tamil Nadu", "Telangana",
  "Tripura", "Uttar Pradesh", "Uttarakhand", "West Bengal",
  "Andaman and Nicobar Islands", "Chandigarh", "Dadra and Nagar Haveli and Daman and Diu", "Delhi",
  "Jammu and Kashmir", "Ladakh", "Lakshadweep", "Puducherry",
] as const;
