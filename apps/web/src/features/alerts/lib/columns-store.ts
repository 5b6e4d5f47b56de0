import { columnId } from "@/components/ui/data-table";
import { columnsStore } from "@/lib/columns-store";
import { alertColumns, defaultColumns } from "../components/alert-columns";

/** The alert list's columns: from the URL (`cols`), else the person's last choice on this browser, else the default. */
export const alertColumnsStore = columnsStore("watchfloor.alert-columns", alertColumns.map(columnId), defaultColumns, "name");
