import { describe, expect, it } from "vitest";
import { setUpTestServer } from "../../testing/set-up-test-server.js";

const { call, upload, people, createProject } = setUpTestServer({}, { once: true });

describe("the structured site diary", () => {
  it("keeps the weather, the workers on site, the equipment and the delays, answers them and records them in the evidence log", async () => {
    const admin = await people.admin();
    const client = await people.client("diary-fields@example.com");
    const projectId = await createProject(admin, { clientId: client.id });
    const posted = await upload(`/projects/${projectId}/updates`, [], admin.auth, {
      body: "Blockwork to the first floor.",
      weather: "rain",
      workersOnSite: "24",
      equipment: " Mixer, scaffold towers ",
      delays: "Two hours lost to the rain.",
    });
    expect(posted.status, JSON.stringify(posted.body)).toBe(201);
    const said = { weather: "rain", workersOnSite: 24, equipment: "Mixer, scaffold towers", delays: "Two hours lost to the rain." };
    expect(posted.body.data).toMatchObject({ body: "Blockwork to the first floor.", ...said });
    const listed = (await call(`/projects/${projectId}/updates`, undefined, client.auth)).body.data.items;
    expect(listed[0]).toMatchObject(said);
    const log = (await call(`/projects/${projectId}/evidence`, undefined, client.auth)).body.data.items;
    expect(log.find((entry: { kind: string }) => entry.kind === "diary_entry")?.content).toMatchObject(said);

    // An older client sends the text alone; none is also a whole number, 0 workers on a rest day.
    const plain = await upload(`/projects/${projectId}/updates`, [], admin.auth, {
      body: "Site closed for the holiday.",
      workersOnSite: "0",
      weather: "",
    });
    expect(plain.body.data).toMatchObject({ weather: null, workersOnSite: 0, equipment: null, delays: null });
  });

  it("refuses bad values with a message each and keeps nothing", async () => {
    const admin = await people.admin();
    const projectId = await createProject(admin);
    const refusals: [Record<string, string>, Record<string, string>][] = [
      [{ workersOnSite: "12.5" }, { workersOnSite: "Workers on site must be a whole number from 0 to 10,000." }],
      [{ workersOnSite: "-1" }, { workersOnSite: "Workers on site must be a whole number from 0 to 10,000." }],
      [{ workersOnSite: "10001" }, { workersOnSite: "Workers on site must be a whole number from 0 to 10,000." }],
      [{ workersOnSite: "many" }, { workersOnSite: "Workers on site must be a whole number from 0 to 10,000." }],
      [{ weather: "snow" }, { weather: "Choose the weather: Sunny, Cloudy, Rain or Storm." }],
      [{ equipment: "x".repeat(1001) }, { equipment: "Keep the equipment under 1,000 characters." }],
      [{ delays: "x".repeat(1001) }, { delays: "Keep the delays under 1,000 characters." }],
    ];
    for (const [fields, messages] of refusals) {
      const refused = await upload(`/projects/${projectId}/updates`, [], admin.auth, { body: "Concrete poured.", ...fields });
      expect(refused.status).toBe(400);
      expect(refused.body.fields).toEqual(messages);
    }
    expect((await upload(`/projects/${projectId}/updates`, [], admin.auth, { body: "Done.", workersOnSite: "10000" })).status).toBe(201);
    const kept = (await call(`/projects/${projectId}/updates`, undefined, admin.auth)).body.data.items;
    expect(kept.map((entry: { workersOnSite: number }) => entry.workersOnSite)).toEqual([10_000]);
  });
});
