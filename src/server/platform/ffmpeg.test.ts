import { execFileSync } from "node:child_process";
import { existsSync, mkdtempSync, rmSync, statSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { convertVideo, findFfmpeg, probeVideo } from "./ffmpeg.js";

const folder = mkdtempSync(path.join(tmpdir(), "crestbuild-ffmpeg-test-"));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

// The binary npm installs: what a machine without the system's ffmpeg uses.
const bundled = (createRequire(import.meta.url)("@ffmpeg-installer/ffmpeg") as { path: string }).path;
const binaries = [bundled, ...["/usr/bin/ffmpeg"].filter((binary) => existsSync(binary))];

describe.each(binaries)("ffmpeg at %s", (binary) => {
  it("reads a phone's MOV (time, place, size) and converts it to a 480p MP4 and a poster", async () => {
    const input = path.join(folder, `${path.basename(path.dirname(binary))}.mov`);
    execFileSync(binary, [
      ...["-hide_banner", "-loglevel", "error", "-f", "lavfi", "-i", "testsrc=duration=3:size=1280x720:rate=10"],
      ...["-c:v", "libx264", "-preset", "ultrafast", "-metadata", "location=+09.0826+007.4951/"],
      ...["-metadata", "creation_time=2026-11-27T10:00:00Z", "-y", input],
    ]);
    const probe = await probeVideo(binary, input);
    expect(probe).toMatchObject({ width: 1280, height: 720, position: { latitude: 9.0826, longitude: 7.4951 } });
    expect(probe.createdAt?.toISOString()).toBe("2026-11-27T10:00:00.000Z");
    expect(probe.durationSeconds).toBeCloseTo(3, 1);

    const output = { video: `${input}.mp4`, poster: `${input}.jpg` };
    await convertVideo(binary, input, output, probe.durationSeconds);
    const converted = await probeVideo(binary, output.video);
    expect(converted).toMatchObject({ width: 854, height: 480, position: null, createdAt: null });
    expect(statSync(output.poster).size).toBeGreaterThan(1000);
  });
});

describe("findFfmpeg", () => {
  it("takes FFMPEG_PATH first, then the system's, then the one npm installed", () => {
    expect(findFfmpeg("/opt/ffmpeg/bin/ffmpeg")).toBe("/opt/ffmpeg/bin/ffmpeg");
    const path = process.env.PATH;
    try {
      process.env.PATH = "/nowhere";
      expect(findFfmpeg(undefined)).toBe(bundled);
    } finally {
      process.env.PATH = path;
    }
  });
});
