// Worker-thread entry: reads and maps a big alert file (importers/off-thread.ts) while the main
// thread writes the rows it has already sent.
import type { AlertImportFormat } from "@watchfloor/shared";
import { importerFor } from "../../importers";
import { serveParsing } from "../../importers/off-thread";
import { sourceFromFile } from "../../importers/types";

serveParsing((job: { format: AlertImportFormat; path: string }) => importerFor(job.format)(sourceFromFile(job.path)));
