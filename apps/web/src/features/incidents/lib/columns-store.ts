import { columnsStore } from "@/lib/columns-store";
import { defaultIncidentColumns, incidentColumnIds } from "../components/incident-columns";

/** The incident list's columns: from the URL (`cols`), else the person's last choice on this browser, else the default. */
export const incidentColumnsStore = columnsStore(
  "watchfloor.incident-columns",
  incidentColumnIds,
  defaultIncidentColumns,
  "title",
);
