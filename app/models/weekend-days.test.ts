import { describe, expect, it } from "vitest";
import { dayKey, minutesOf } from "./weekend-days";

describe("My weekend's days and times from the host's texts", () => {
  it("puts ISO dates, written dates and schedule labels on one day", () => {
    expect(dayKey("2026-06-13")).toBe("06-13");
    expect(dayKey("Saturday, June 13, 2026")).toBe("06-13");
    expect(dayKey("Day 1 (June 12th)")).toBe("06-12");
    expect(dayKey("Sometime")).toBeNull();
  });
  it("orders 12- and 24-hour times", () => {
    expect(minutesOf("4:30-6:30 PM")).toBe(16 * 60 + 30);
    expect(minutesOf("10:00 PM-2:00 AM")).toBe(22 * 60);
    expect(minutesOf("19:30")).toBe(19 * 60 + 30);
    expect(minutesOf("11:00 AM")).toBe(11 * 60);
    expect(minutesOf("")).toBe(24 * 60);
  });
});
