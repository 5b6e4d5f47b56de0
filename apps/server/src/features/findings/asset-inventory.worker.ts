// Worker-thread entry: reads a big asset inventory (importers/off-thread.ts) while the main
// thread writes the records it has already sent.
import { serveParsing } from "../../importers/off-thread";
import { sourceFromFile } from "../../importers/types";
import { readAssetInventory } from "./asset-inventory";

serveParsing((job: { path: string }) => readAssetInventory(sourceFromFile(job.path)));
