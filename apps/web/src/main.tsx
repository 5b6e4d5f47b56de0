import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { AppProvider } from "./app/provider";
import { applyCachedTheme } from "./lib/theme";
import "./index.css";

// Paint the last-used theme before anything renders (the CSP forbids an inline script in index.html).
applyCachedTheme();

const root = document.getElementById("root");
if (!root) throw new Error("index.html has no #root element");
createRoot(root).render(
  <StrictMode>
    <AppProvider />
  </StrictMode>,
);
