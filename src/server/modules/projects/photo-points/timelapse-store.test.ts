import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { createDiskStore } from "../../../platform/storage.js";
import type { Stores } from "../../../platform/stores.js";
import { setUpTestServer } from "../../../testing/set-up-test-server.js";
import { photo } from "../test-fixtures.js";

const folder = () => mkdtempSync(path.join(tmpdir(), "crestbuild-timelapse-"));
const documents = createDiskStore(folder());
const stores: Stores = { uploads: createDiskStore(folder()), media: createDiskStore(folder()), documents };
const { call, upload, people, createProject } = setUpTestServer({}, { stores });

const jpeg = (colour: string) =>
  sharp({ create: { width: 64, height: 48, channels: 3, background: colour } })
    .jpeg()
    .toBuffer();

describe("a photo point's kept time-lapse", () => {
  it("is one file with the documents, replaced when the series changes and removed with the project", async () => {
    const admin = await people.admin();
    const projectId = await createProject(admin);
    const point = (await call(`/projects/${projectId}/photo-points`, { name: "Gate" }, admin.auth)).body.data;
    const photoAt = async (colour: string) =>
      expect(
        (await upload(`/projects/${projectId}/images`, [photo(await jpeg(colour))], admin.auth, { photoPointId: String(point.id) })).status,
      ).toBe(201);
    const kept = () => documents.list(`timelapses/${projectId}/`);

    await photoAt("#102030");
    await photoAt("#302010");
    expect((await call(`/projects/${projectId}/photo-points/${point.id}/timelapse`, undefined, admin.auth)).status).toBe(200);
    const [first, ...others] = await kept();
    expect(others).toEqual([]);
    expect(first).toMatch(new RegExp(`^timelapses/${projectId}/${point.id}-\\d+-[0-9a-f]{16}\\.webp$`));

    await photoAt("#203010");
    const longer = await call(`/projects/${projectId}/photo-points/${point.id}/timelapse`, undefined, admin.auth);
    expect(longer.headers.get("content-length")).toBe(String(longer.raw.length));
    const [second, ...more] = await kept();
    expect(more).toEqual([]);
    expect(second).not.toBe(first);

    expect((await call(`/projects/${projectId}`, undefined, admin.auth, "DELETE")).status).toBe(204);
    expect(await kept()).toEqual([]);
  });
});
