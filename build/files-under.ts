import { readdir } from "node:fs/promises";
import path from "node:path";

/** Every file under a folder, at any depth, as full paths. */
export async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries.filter((entry) => entry.isFile()).map((entry) => path.join(entry.parentPath, entry.name));
}
