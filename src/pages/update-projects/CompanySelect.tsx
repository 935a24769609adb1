// The staff forms use the app's one company picker (typo-tolerant company/suggest_company/ by
// name or CIN); kept as this module so the editor's imports stay as they are.
export { CompanySelect } from "../../components/companies/CompanySelect";
