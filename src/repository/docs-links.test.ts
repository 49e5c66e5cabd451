import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

// The documents and comments a newcomer reads must point at things they can open: files, decision records and
// headings of this repository, never at notes kept elsewhere.
const root = path.resolve(import.meta.dirname, "../..");
const decisionsDir = path.join(root, "docs/decisions");
const thisFile = path.relative(root, import.meta.filename);

function filesUnder(dir: string, keep: (name: string) => boolean): string[] {
  return readdirSync(path.join(root, dir), { withFileTypes: true }).flatMap((entry) => {
    const relative = path.join(dir, entry.name);
    if (entry.isDirectory()) return filesUnder(relative, keep);
    return keep(entry.name) ? [relative] : [];
  });
}

const markdownFiles = ["README.md", ...filesUnder("docs", (name) => name.endsWith(".md")), "bench/RESULTS.md"];
const codeFiles = ["src", "e2e", "bench", "build", "scripts"].flatMap((dir) => filesUnder(dir, (name) => /\.(ts|tsx|mjs|css)$/.test(name)));
const read = (file: string) => readFileSync(path.join(root, file), "utf8");

/** GitHub's anchor of a heading: lower case, punctuation dropped, spaces to hyphens. */
function anchorOf(heading: string): string {
  return heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, "")
    .replace(/\s/g, "-");
}

function anchorsOf(file: string): Set<string> {
  const anchors = new Set<string>();
  let inFence = false;
  for (const line of read(file).split("\n")) {
    if (line.startsWith("```")) inFence = !inFence;
    const heading = !inFence && /^#{1,6} (.+)$/.exec(line);
    if (heading) anchors.add(anchorOf(heading[1] ?? ""));
  }
  return anchors;
}

const decisionFiles = readdirSync(decisionsDir).filter((name) => /^\d{3}-.+\.md$/.test(name));
const decisionNumbers = new Set(decisionFiles.map((name) => Number(name.slice(0, 3))));

/** Where a link of `from` leads, or why it leads nowhere. */
function brokenLink(from: string, target: string): string | null {
  if (/^(https?:|mailto:|tel:)/.test(target)) return null;
  const [file = "", anchor] = target.split("#");
  const resolved = file ? path.normalize(path.join(path.dirname(from), file)) : from;
  if (!existsSync(path.join(root, resolved))) return `${target}: no such file`;
  if (anchor && resolved.endsWith(".md") && !anchorsOf(resolved).has(anchor)) return `${target}: no such heading`;
  return null;
}

/** Every decision number a text names: "decision 111", "decisions 112–118", "docs/decisions/020". */
function decisionsNamed(text: string): number[] {
  const numbers: number[] = [];
  for (const match of text.matchAll(/\bdecisions? (\d{3})(?:\s*(?:–|-|to)\s*(\d{3}))?/gi)) {
    numbers.push(Number(match[1]));
    if (match[2]) numbers.push(Number(match[2]));
  }
  for (const match of text.matchAll(/docs\/decisions\/(\d{3})/g)) numbers.push(Number(match[1]));
  return numbers;
}

const outsideReferences = [
  /\bissues? \d+/i,
  /\bthe specification\b/i,
  /\bSPEC(\.md)?\s*§/,
  /\bARCHITECTURE(\.md)?\s*§/,
  /\b(SPEC|ARCHITECTURE|CONSTRUCTION)\.md\b/,
];

describe("documentation links", () => {
  it("every link of a document reaches a file of the repository, and its heading", () => {
    const broken = markdownFiles.flatMap((file) =>
      [...read(file).matchAll(/\]\(([^)\s]+)\)/g)].flatMap((match) => {
        const problem = brokenLink(file, match[1] ?? "");
        return problem ? [`${file}: ${problem}`] : [];
      }),
    );
    expect(broken).toEqual([]);
  });

  it("every repository path a document or comment names in code quotes exists", () => {
    const pathPattern = /`((?:src|docs|e2e|bench|build|scripts|content|public|\.ci)\/[\w./-]*\w)(?:#[\w-]+)?`/g;
    const missing = [...markdownFiles, ...codeFiles].flatMap((file) =>
      [...read(file).matchAll(pathPattern)].flatMap((match) => {
        const named = match[1] ?? "";
        return existsSync(path.join(root, named)) ? [] : [`${file}: ${named}`];
      }),
    );
    expect(missing).toEqual([]);
  });

  it("every anchor a comment points at (docs/….md#anchor) exists", () => {
    const broken = codeFiles.flatMap((file) =>
      [...read(file).matchAll(/\b(docs\/[\w./-]+\.md)#([\w-]+)/g)].flatMap((match) => {
        const problem = brokenLink("x", `${match[1]}#${match[2]}`);
        return problem ? [`${file}: ${problem}`] : [];
      }),
    );
    expect(broken).toEqual([]);
  });

  it("every decision a document or comment names exists", () => {
    const missing = [...markdownFiles, ...codeFiles].flatMap((file) =>
      decisionsNamed(read(file))
        .filter((number) => !decisionNumbers.has(number))
        .map((number) => `${file}: decision ${number}`),
    );
    expect(missing).toEqual([]);
  });

  it("the decision index lists every decision record", () => {
    const index = read("docs/decisions/README.md");
    const unlisted = decisionFiles.filter((name) => !index.includes(`](${name})`));
    expect(unlisted).toEqual([]);
  });

  it("no document or comment points at something outside the repository", () => {
    const found = [...markdownFiles, ...codeFiles]
      .filter((file) => file !== thisFile)
      .flatMap((file) =>
        read(file)
          .split("\n")
          .flatMap((line, index) =>
            outsideReferences.some((pattern) => pattern.test(line)) ? [`${file}:${index + 1}: ${line.trim()}`] : [],
          ),
      );
    expect(found).toEqual([]);
  });

  it("knows a heading's anchor as GitHub writes it", () => {
    expect(anchorOf("Administration (`/api/admin/...`, admins only: 401 without a session, 403 for clients and staff)")).toBe(
      "administration-apiadmin-admins-only-401-without-a-session-403-for-clients-and-staff",
    );
    expect(statSync(decisionsDir).isDirectory()).toBe(true);
  });
});
