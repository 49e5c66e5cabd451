/**
 * The oldest Node.js major the server runs on: a long-term-support line that still gets security fixes. The project
 * installs it with its packages (`node-<platform>` in package.json), so `npm start` uses it whatever the machine has
 * (docs/decisions/129-node-24-from-the-project.md).
 */
export const SUPPORTED_NODE_MAJOR = 24;

/** Why this Node.js cannot run the server (a sentence for the console), or null when it can. */
export function runtimeProblem(version: string = process.versions.node): string | null {
  const major = Number.parseInt(version, 10);
  if (major >= SUPPORTED_NODE_MAJOR) return null;
  return (
    `Crestbuild runs on Node.js ${SUPPORTED_NODE_MAJOR} or newer, and this is Node.js ${version}. ` +
    `Start it with npm start (the project brings Node.js ${SUPPORTED_NODE_MAJOR}), or install Node.js ${SUPPORTED_NODE_MAJOR} LTS (.nvmrc).`
  );
}
