// The fault catalogue is the records of the finding codes (app/config/finding-records.ts, read from
// content/faults/security-header-faults.json): rendered by the catalogue page and served as it is at
// /areaOE/downloads/security-header-faults.json.
export {
  faultCatalogue,
  type AuthorityFault,
  type FaultCatalogueData,
  type FaultEntry,
  type FaultOrigin,
  type LocalisedList,
  type LocalisedText,
} from "~/config/finding-records";
