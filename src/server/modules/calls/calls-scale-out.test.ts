import { describe, expect, it } from "vitest";
import { ringJoinAndNegotiate } from "../../testing/calls.js";
import { connectSignedIn, isEvent } from "../../testing/realtime-client.js";
import { setUpTwoInstances } from "../../testing/two-instances.js";

const redisUrl = process.env.TEST_REDIS_URL;

describe.skipIf(!redisUrl)("calls between two instances sharing one database and Redis (skipped: set TEST_REDIS_URL to run)", () => {
  const { server: first, call, people, second, sockets } = setUpTwoInstances(redisUrl ?? "");

  it("rings a colleague whose tab is on the other instance, and relays the signalling both ways", async () => {
    const ada = await people.staff("ada@crestbuild.ng", "Projects", { firstName: "Ada" });
    const bayo = await people.staff("bayo@crestbuild.ng", "Projects", { firstName: "Bayo" });
    const adaTab = await connectSignedIn(first(), ada.accessToken);
    const bayoTab = await connectSignedIn(second(), bayo.accessToken);
    sockets.push(adaTab, bayoTab);

    await ringJoinAndNegotiate(
      { tab: adaTab, id: ada.id },
      { tab: bayoTab, id: bayo.id },
      { offer: "v=0 across instances", answer: "v=0 answered" },
    );
  });

  it("a department change made on one instance stops the ring and refuses the join on a tab open on the other", async () => {
    const ada = await people.staff("ada@crestbuild.ng", "Projects", { firstName: "Ada" });
    const bayo = await people.staff("bayo@crestbuild.ng", "Projects", { firstName: "Bayo" });
    const adaTab = await connectSignedIn(first(), ada.accessToken);
    const bayoTab = await connectSignedIn(second(), bayo.accessToken);
    sockets.push(adaTab, bayoTab);
    adaTab.send({ type: "call.start", media: "voice" });
    const { callId } = await bayoTab.waitFor(isEvent("call.incoming"));

    const moved = await call(`/admin/users/${bayo.id}/department`, { department: "HR" }, (await people.admin()).auth, "PUT");
    expect(moved.status).toBe(200);
    expect(await bayoTab.waitFor(isEvent("call.ring-ended"))).toEqual({ type: "call.ring-ended", callId, reason: "ended" });
    bayoTab.send({ type: "call.join", callId });
    expect((await bayoTab.waitFor(isEvent("call.refused"))).message).toBe("You can only call your own department's members.");
  });
});
