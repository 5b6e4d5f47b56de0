// Helpers shared by the start, test and e2e scripts. Plain Node: they run before npm install.
import { spawnSync } from "node:child_process";
import { existsSync, statSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

export function run(command, args, options = {}) {
  const result = spawnSync(command, args, { cwd: root, stdio: "inherit", ...options });
  if (result.status !== 0 && !options.allowFailure) {
    console.error(`\n${command} ${args.join(" ")} failed (exit ${result.status ?? result.signal}).`);
    process.exit(result.status ?? 1);
  }
  return result.status ?? 1;
}

/**
 * Installs from the lockfile when node_modules is missing or older than it. `npm install
 * --no-save` rather than `npm ci`: the registry here serves Biome's binary for Linux only, so
 * the lockfile cannot list its other platforms and `npm ci` refuses it (docs/decisions/0003).
 */
export function ensureDependencies() {
  const marker = path.join(root, "node_modules", ".package-lock.json");
  const lock = path.join(root, "package-lock.json");
  if (existsSync(marker) && statSync(marker).mtimeMs >= statSync(lock).mtimeMs) return;
  console.log("Installing dependencies from package-lock.json (better-sqlite3 compiles: about 2 minutes)...");
  run("npm", ["install", "--no-save", "--no-audit", "--no-fund"]);
}

export const CHROMIUM = "/usr/bin/chromium";

/**
 * Installs a Debian package as root or through password-less sudo; false when neither is allowed.
 * A failing apt-get stops the run unless `allowFailure` (the caller copes without the package).
 */
function aptInstall(pkg, purpose, allowFailure = false) {
  const asRoot = typeof process.getuid === "function" && process.getuid() === 0;
  const sudo = !asRoot && spawnSync("sudo", ["-n", "true"], { stdio: "ignore" }).status === 0;
  if (!asRoot && !sudo) {
    console.error(`${pkg} is missing and this user cannot install packages. Run: sudo apt-get install -y ${pkg}`);
    return false;
  }
  console.log(`Installing Debian's ${pkg} for ${purpose}...`);
  const prefix = sudo ? ["sudo", "-n"] : [];
  const apt = (args) =>
    run(prefix[0] ?? "apt-get", [...prefix.slice(1), ...(sudo ? ["apt-get"] : []), ...args], {
      env: { ...process.env, DEBIAN_FRONTEND: "noninteractive" },
      allowFailure,
    });
  apt(["update", "-qq"]);
  apt(["install", "-y", "-qq", pkg]);
  return true;
}

/** Debian's Chromium for the browser tests, installed when missing and we are allowed to. */
export function ensureChromium() {
  if (existsSync(CHROMIUM)) return true;
  return aptInstall("chromium", "the browser tests") && existsSync(CHROMIUM);
}

/** nmap for the attack-surface importer's test, which scans loopback for real (it skips without nmap). */
export function ensureNmap() {
  if (spawnSync("nmap", ["--version"], { stdio: "ignore" }).status === 0) return true;
  return aptInstall("nmap", "the nmap importer test", true) && spawnSync("nmap", ["--version"], { stdio: "ignore" }).status === 0;
}

/** poppler-utils (pdftotext, pdfdetach, pdftoppm): the report tests read the PDFs the server makes. */
export function ensurePoppler() {
  if (spawnSync("pdftotext", ["-v"], { stdio: "ignore" }).status === 0) return true;
  return aptInstall("poppler-utils", "the report PDF tests") && spawnSync("pdftotext", ["-v"], { stdio: "ignore" }).status === 0;
}
