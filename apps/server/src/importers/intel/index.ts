export { importCweCsv, importCweJson, type CweEvent } from "./cwe";
export { detectIntelFormat } from "./detect";
export { importEpss, parseEpssComment, type EpssEvent } from "./epss";
export { importKevCsv, importKevJson, kevColumns, type KevEvent } from "./kev";
export { importNvd, type NvdEvent } from "./nvd";
export {
  ImportFileError,
  type IntelEvent,
  type IntelSummary,
  sourceFromFile,
  sourceFromString,
  summariseIntel,
} from "./types";
