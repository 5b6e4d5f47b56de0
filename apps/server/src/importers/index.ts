import type { AlertImportFormat } from "@watchfloor/shared";
import { importEcs } from "./ecs";
import { importOcsf } from "./ocsf";
import { importSampleCsv, importSampleJson } from "./sample";
import { importSuricataEve } from "./suricata-eve";
import { importTheHive } from "./thehive";
import type { AlertImporter } from "./types";
import { importWazuh } from "./wazuh";
import { importZeekJson } from "./zeek";
import { importZeekTsv } from "./zeek-tsv";

export { detectAlertFormat } from "./detect";
export {
  type AlertImporter,
  type ImportEvent,
  ImportFileError,
  type ImportSource,
  sourceFromFile,
  sourceFromString,
} from "./types";

const importers: Record<AlertImportFormat, AlertImporter> = {
  "sample-json": importSampleJson,
  "sample-csv": importSampleCsv,
  wazuh: importWazuh,
  "suricata-eve": importSuricataEve,
  ecs: importEcs,
  ocsf: importOcsf,
  thehive: importTheHive,
  "zeek-json": importZeekJson,
  "zeek-tsv": importZeekTsv,
};

export function importerFor(format: AlertImportFormat): AlertImporter {
  return importers[format];
}
