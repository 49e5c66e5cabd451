#!/usr/bin/env node
// Adds to package-lock.json the other platforms' optional packages that npm left out (npm/cli#8320, and a registry
// that lacks them), so that `npm ci` accepts the lock file on any machine. See docs/decisions/080-complete-lock-file.md.
// Each added entry names the version, the platform (read from the package name) and `optional`; npm ci skips it on
// any other platform and fetches it by version on its own.
import { readFileSync, writeFileSync } from "node:fs";

const lockPath = new URL("../package-lock.json", import.meta.url);
const lock = JSON.parse(readFileSync(lockPath, "utf8"));
const packages = lock.packages;

const osNames = ["android", "darwin", "freebsd", "linux", "win32", "openbsd", "sunos", "aix", "netbsd", "wasm32"];
const cpuNames = ["arm64", "x64", "ia32", "arm", "ppc64", "s390x", "riscv64", "loong64", "mips64el", "wasi"];

/** The platform a native package is built for, read from its name (`@biomejs/cli-linux-x64-musl`), or null. */
function platformOf(name) {
  const parts = name.split("/").pop().split("-");
  const os = parts.find((part) => osNames.includes(part));
  const cpu = parts.find((part) => cpuNames.includes(part));
  if (!os || !cpu) return null;
  if (os === "wasm32") return { cpu: ["wasm32"] };
  return { os: [os], cpu: [cpu], ...libcOf(os, parts) };
}

function libcOf(os, parts) {
  if (parts.includes("musl")) return { libc: ["musl"] };
  if (os === "linux" && parts.some((part) => part.startsWith("gnu"))) return { libc: ["glibc"] };
  return {};
}

/** Where npm would look for `name` from the package at `from` (its own node_modules, then each parent's). */
function isLocked(from, name) {
  let dir = from;
  for (;;) {
    if (packages[`${dir ? `${dir}/` : ""}node_modules/${name}`]) return true;
    if (!dir) return false;
    const cut = dir.lastIndexOf("/node_modules/");
    dir = cut === -1 ? "" : dir.slice(0, cut);
  }
}

const added = [];
for (const [location, entry] of Object.entries(packages)) {
  for (const [name, version] of Object.entries(entry.optionalDependencies ?? {})) {
    if (isLocked(location, name)) continue;
    const platform = platformOf(name);
    if (!platform || !/^\d+\.\d+\.\d+/.test(version)) {
      console.error(`left out: ${name}@${version} (needed by ${location || "the project"}): not a pinned native package`);
      process.exitCode = 1;
      continue;
    }
    packages[`node_modules/${name}`] = {
      version,
      ...(entry.dev ? { dev: true } : {}),
      optional: true,
      ...platform,
    };
    added.push(`${name}@${version}`);
  }
}
lock.packages = Object.fromEntries(Object.entries(packages).sort(([a], [b]) => (a === "" ? -1 : b === "" ? 1 : a.localeCompare(b))));
writeFileSync(lockPath, `${JSON.stringify(lock, null, 2)}\n`);
console.log(added.length ? `added to the lock file: ${added.join(", ")}` : "the lock file already holds every platform's packages");
