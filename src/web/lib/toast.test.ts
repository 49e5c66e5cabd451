import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { dismissToast, getToasts, TOAST_DURATION_MS, TOAST_REMOVE_DELAY_MS, toast } from "./toast";

beforeEach(() => vi.useFakeTimers());
afterEach(() => {
  dismissToast();
  vi.runAllTimers();
  vi.useRealTimers();
});

describe("toasts (docs/product.md#toasts-and-query-cache)", () => {
  it("shows one toast at a time, the newest, for 5000 ms by default", () => {
    toast.success("Saved");
    toast.error("Failed");
    expect(getToasts()).toHaveLength(1);
    expect(getToasts()[0]).toMatchObject({ type: "error", title: "Failed", open: true, duration: TOAST_DURATION_MS });
    expect(TOAST_DURATION_MS).toBe(5000);
  });

  it("offers every type of docs/product.md#toasts-and-query-cache", () => {
    for (const type of ["success", "error", "info", "warning", "loading", "message", "custom"] as const) {
      toast[type]("x");
      expect(getToasts()[0]?.type).toBe(type);
    }
    toast("plain");
    expect(getToasts()[0]?.type).toBe("default");
  });

  it("keeps a dismissed toast closed for 1,000,000 ms before removing it", () => {
    const id = toast.info("Heads up");
    dismissToast(id);
    expect(getToasts()[0]).toMatchObject({ id, open: false });
    vi.advanceTimersByTime(TOAST_REMOVE_DELAY_MS - 1);
    expect(getToasts()).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(getToasts()).toHaveLength(0);
  });

  it("turns a promise toast from loading into success in the same toast", async () => {
    const work = toast.promise(Promise.resolve(42), { loading: "Saving...", success: (value) => `Saved ${value}`, error: "Failed" });
    const [loading] = getToasts();
    expect(loading).toMatchObject({ type: "loading", title: "Saving..." });
    await work;
    await Promise.resolve();
    expect(getToasts()).toEqual([expect.objectContaining({ id: loading?.id, type: "success", title: "Saved 42" })]);
  });

  it("turns a non-ok HTTP response into an error toast saying its status", async () => {
    const work = toast.promise(Promise.resolve(new Response("", { status: 503 })), {
      loading: "Loading",
      success: "Done",
      error: "Could not load",
    });
    await expect(work).rejects.toBeInstanceOf(Response);
    await Promise.resolve();
    expect(getToasts()[0]).toMatchObject({ type: "error", title: "Could not load", description: "HTTP error! status: 503" });
  });
});
