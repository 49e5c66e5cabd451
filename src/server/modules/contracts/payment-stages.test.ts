import { beforeEach, describe, expect, it } from "vitest";
import { TEST_PASSWORD } from "../../testing/accounts.js";
import type { SignedIn } from "../../testing/people.js";
import { setUpTestServer } from "../../testing/set-up-test-server.js";

const { call, upload, people, createProject } = setUpTestServer();

/** The worked example of the glossary as a CSV: three items, 5,926,000.00 naira. */
const WORKED_EXAMPLE = [
  "bill,item,description,unit,quantity,rate",
  "2 Substructure,2.01,Excavate foundation trench not exceeding 1.5 m deep,m3,48,4500",
  '2 Substructure,2.02,Concrete grade 20 in strip foundation,m3,18,"95,000.00"',
  "4 Walling,4.01,225 mm sandcrete block wall,m2,320,12500",
].join("\r\n");
const SIGNING = { signedOn: "2026-11-20", retentionPercent: 5, defectsPeriodDays: 180 };

let office: SignedIn;
let client: SignedIn;
let projectId: number;
beforeEach(async () => {
  office = await people.staff(`qs-${crypto.randomUUID().slice(0, 8)}@crestbuild.ng`, "Projects");
  client = await people.client(`pay-${crypto.randomUUID().slice(0, 8)}@example.com`);
  projectId = await createProject(office, { clientId: client.id });
  const imported = await upload(
    `/projects/${projectId}/boq`,
    [{ field: "file", name: "boq.csv", type: "text/csv", data: Buffer.from(WORKED_EXAMPLE) }],
    office.auth,
  );
  expect(imported.body.data.contractSum).toBe(592_600_000);
});

const stages = (who: SignedIn = office) => call(`/projects/${projectId}/payment-stages`, undefined, who.auth);
const addStage = (stage: Record<string, unknown>, who: SignedIn = office) => call(`/projects/${projectId}/payment-stages`, stage, who.auth);
const addMilestone = async (title: string) =>
  (await call(`/projects/${projectId}/milestones`, { title }, office.auth)).body.data.milestone.id as number;

describe("the payment schedule", () => {
  it("makes 30 % mobilisation of 5,926,000.00 exactly 1,777,800.00, due once the contract is signed", async () => {
    const added = await addStage({ name: "Mobilisation", percent: 30 });
    expect(added.status, JSON.stringify(added.body)).toBe(201);
    expect(added.body.data).toEqual({
      stages: [
        {
          id: expect.any(Number),
          name: "Mobilisation",
          percent: 30,
          amount: 177_780_000,
          milestoneId: null,
          milestoneTitle: null,
          status: "scheduled",
        },
      ],
      contractSum: 592_600_000,
      totalScheduled: 177_780_000,
      equalsContractSum: false,
    });
    expect((await call(`/projects/${projectId}/contract`, SIGNING, office.auth)).status).toBe(201);
    expect((await stages(client)).body.data.stages[0]).toMatchObject({ amount: 177_780_000, status: "due" });

    // An approved variation of 1,000,000.00 moves the contract sum, and a share with it.
    const variation = await call(
      `/projects/${projectId}/variations`,
      { title: "Fence", reason: "Asked for", lines: [{ description: "Fence", unit: "item", quantity: 1, rate: 1_000_000 }] },
      office.auth,
    );
    expect(
      (await call(`/projects/${projectId}/variations/${variation.body.data.id}/approve`, { password: TEST_PASSWORD }, client.auth)).status,
    ).toBe(200);
    expect((await stages(client)).body.data).toMatchObject({ contractSum: 692_600_000, stages: [{ amount: 207_780_000 }] });
  });

  it("keeps a share as basis points, worked out from the current sum and rounded half up to the kobo", async () => {
    // 12.35 % of 592,600,000 kobo is 73,186,100 kobo exactly; 0.01 % is 59,260 kobo.
    await addStage({ name: "Roofing", percent: 12.35 });
    await addStage({ name: "Retention release", percent: 0.01 });
    // 1,000,001 kobo re-imported: 33.33 % is 333,300.3333 kobo, so 333,300; 0.05 % is 500.0005, so 500.
    const small = await upload(
      `/projects/${projectId}/boq`,
      [
        {
          field: "file",
          name: "boq.csv",
          type: "text/csv",
          data: Buffer.from("bill,item,description,unit,quantity,rate\n1,1.01,Sum,item,1,10000.01"),
        },
      ],
      office.auth,
    );
    expect(small.body.data.contractSum).toBe(1_000_001);
    await addStage({ name: "Thirds", percent: 33.33 });
    await addStage({ name: "Half up", percent: 0.05 });
    const { data } = (await stages()).body;
    expect(data.stages.map((stage: { amount: number }) => stage.amount)).toEqual([123_500, 100, 333_300, 500]);
    expect(data.totalScheduled).toBe(123_500 + 100 + 333_300 + 500);
  });

  it("answers the stages in order, their total, and whether it is the contract sum", async () => {
    const roof = await addMilestone("Roof on");
    await addStage({ name: "Mobilisation", percent: 30 });
    await addStage({ name: "Roof", amount: 300_000_000, milestoneId: roof });
    const last = await addStage({ name: "Completion", amount: 114_820_000 });
    expect(last.body.data).toMatchObject({
      stages: [
        { name: "Mobilisation" },
        { name: "Roof", milestoneId: roof, milestoneTitle: "Roof on", percent: null },
        { name: "Completion" },
      ],
      totalScheduled: 592_600_000,
      equalsContractSum: true,
    });
  });

  it("makes a stage due when its milestone is ticked, and scheduled again when it is reopened", async () => {
    const roof = await addMilestone("Roof on");
    await call(`/projects/${projectId}/contract`, SIGNING, office.auth);
    await addStage({ name: "Roof", percent: 20, milestoneId: roof });
    expect((await stages()).body.data.stages[0]).toMatchObject({ amount: 118_520_000, status: "scheduled" });
    expect((await call(`/projects/${projectId}/milestones/${roof}`, { done: true }, office.auth, "PUT")).status).toBe(200);
    expect((await stages(client)).body.data.stages[0].status).toBe("due");
    await call(`/projects/${projectId}/milestones/${roof}`, { done: false }, office.auth, "PUT");
    expect((await stages()).body.data.stages[0].status).toBe("scheduled");
    // A deleted milestone leaves its stage without one: due, as the contract is signed.
    await call(`/projects/${projectId}/milestones/${roof}`, undefined, office.auth, "DELETE");
    expect((await stages()).body.data.stages[0]).toMatchObject({ milestoneId: null, status: "due" });
  });

  it("refuses bad stages with a message for each field", async () => {
    const other = await createProject(office, { clientId: client.id });
    const foreign = (await call(`/projects/${other}/milestones`, { title: "Elsewhere" }, office.auth)).body.data.milestone.id;
    const refusals: [Record<string, unknown>, Record<string, string>][] = [
      [{ name: "Both", amount: 100, percent: 10 }, { amount: "Give the stage an amount or a percentage of the contract sum, not both." }],
      [{ name: "Neither" }, { amount: "Give the stage an amount or a percentage of the contract sum, not both." }],
      [{ name: "", percent: 10 }, { name: "Name the stage." }],
      [{ name: "x".repeat(121), percent: 10 }, { name: "The stage's name is at most 120 characters." }],
      [{ name: "Zero", amount: 0 }, { amount: "The amount must be more than 0." }],
      [{ name: "Kobo", amount: 10.5 }, { amount: "Give the amount in whole kobo." }],
      [{ name: "Huge", amount: 1e18 }, { amount: "The amount is too large." }],
      [{ name: "Just over", amount: 1_000_000_000_000_001 }, { amount: "The amount is too large." }],
      [{ name: "Text", amount: "500" }, { amount: "Give the amount in kobo." }],
      [{ name: "Nil", percent: 0 }, { percent: "The percentage is more than 0 and at most 100." }],
      [{ name: "Over", percent: 100.01 }, { percent: "The percentage is more than 0 and at most 100." }],
      [{ name: "Fine", percent: 12.345 }, { percent: "Give the percentage with at most 2 decimals." }],
      [{ name: "Foreign", percent: 10, milestoneId: foreign }, { milestoneId: "This milestone is not on the project's schedule." }],
      [{ name: "Nowhere", percent: 10, milestoneId: 2_147_483_647 }, { milestoneId: "This milestone is not on the project's schedule." }],
    ];
    for (const [stage, fields] of refusals) {
      const refused = await addStage(stage);
      expect(refused.status, JSON.stringify(stage)).toBe(400);
      expect(refused.body.fields, JSON.stringify(stage)).toEqual(fields);
    }
    expect((await addStage({ name: "Full", percent: 100 })).status).toBe(201);
    expect((await stages()).body.data.stages).toHaveLength(1);
  });

  it("holds at most 50 stages, and removes one with 204", async () => {
    for (let index = 0; index < 50; index++) expect((await addStage({ name: `Stage ${index + 1}`, amount: 100 })).status).toBe(201);
    expect(await addStage({ name: "One too many", amount: 100 })).toMatchObject({ status: 409, body: { error: "too_many_stages" } });
    const [first] = (await stages()).body.data.stages;
    const removed = await call(`/projects/${projectId}/payment-stages/${first.id}`, undefined, office.auth, "DELETE");
    expect(removed.status).toBe(204);
    expect((await call(`/projects/${projectId}/payment-stages/${first.id}`, undefined, office.auth, "DELETE")).status).toBe(404);
    const after = (await stages()).body.data;
    expect(after.stages).toHaveLength(49);
    expect(after.stages[0].name).toBe("Stage 2");
    expect((await addStage({ name: "Back to 50", amount: 100 })).status).toBe(201);
  });

  it("is the client's and Accounts' to read but the project office's to write; other staff 403, anyone else 404", async () => {
    await addStage({ name: "Mobilisation", percent: 30 });
    const [stage] = (await stages()).body.data.stages;
    const accounts = await people.staff(`acc-${crypto.randomUUID().slice(0, 8)}@crestbuild.ng`, "Accounts");
    const secretariat = await people.staff(`sec-${crypto.randomUUID().slice(0, 8)}@crestbuild.ng`, "Secretariat");
    const stranger = await people.client(`other-${crypto.randomUUID().slice(0, 8)}@example.com`);
    const remove = (id: number | string, who: SignedIn, project: number | string = projectId) =>
      call(`/projects/${project}/payment-stages/${id}`, undefined, who.auth, "DELETE");

    for (const reader of [client, accounts]) {
      expect((await stages(reader)).status).toBe(200);
      expect((await addStage({ name: "Mine", percent: 10 }, reader)).status).toBe(403);
      expect((await remove(stage.id, reader)).status).toBe(403);
    }
    expect((await stages(secretariat)).status).toBe(403);
    expect((await addStage({ name: "Mine", percent: 10 }, secretariat)).status).toBe(403);
    expect((await stages(stranger)).status).toBe(404);
    expect((await addStage({ name: "Mine", percent: 10 }, stranger)).status).toBe(404);
    expect((await remove(stage.id, stranger)).status).toBe(404);
    for (const path of ["/projects/999999/payment-stages", "/projects/not-a-number/payment-stages"])
      expect((await call(path, undefined, office.auth)).status).toBe(404);
    expect((await remove("not-a-number", office)).status).toBe(404);
    // A stage of another project is not found through this one.
    const other = await createProject(office, { clientId: client.id });
    expect((await remove(stage.id, office, other)).status).toBe(404);
    expect((await stages()).body.data.stages).toHaveLength(1);
  });
});
