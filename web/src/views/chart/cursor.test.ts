import { describe, expect, it } from "vitest";
import { cursorAfterKey } from "./cursor";

const keys = { step: 25, bigStep: 500, end: 10_000 };

describe("the keyboard cursor", () => {
  it("starts mid-axis on the first arrow", () => {
    expect(cursorAfterKey("ArrowRight", false, null, keys)).toBe(5_025);
    expect(cursorAfterKey("ArrowLeft", true, null, keys)).toBe(4_500);
  });

  it("stops at either end of the axis", () => {
    expect(cursorAfterKey("ArrowRight", true, 9_900, keys)).toBe(10_000);
    expect(cursorAfterKey("ArrowLeft", false, 10, keys)).toBe(0);
  });

  it("jumps to the ends with Home and End, and hides with Escape", () => {
    expect(cursorAfterKey("Home", false, 700, keys)).toBe(0);
    expect(cursorAfterKey("End", false, 700, keys)).toBe(10_000);
    expect(cursorAfterKey("Escape", false, 700, keys)).toBeNull();
  });

  it("leaves other keys alone", () => {
    expect(cursorAfterKey("a", false, 700, keys)).toBeUndefined();
    expect(cursorAfterKey("Tab", false, null, keys)).toBeUndefined();
  });
});
