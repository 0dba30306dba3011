import { describe, expect, it } from "vitest";
import { qrPath } from "./qr";

describe("qrPath", () => {
  it("grows with the text and keeps the finder patterns in the corners", () => {
    const short = qrPath("https://example.org/lab/#v=1");
    const long = qrPath(`https://example.org/lab/#v=1&${"zfs_txg_timeout=7&".repeat(30)}`);
    expect(short).not.toBeNull();
    expect(long).not.toBeNull();
    // Version n has 4n + 17 modules a side.
    expect(((short?.size ?? 0) - 17) % 4).toBe(0);
    expect(long?.size ?? 0).toBeGreaterThan(short?.size ?? 0);
    // The top-left finder pattern: its corner module and the ring's inside.
    expect(short?.d).toContain("M0 0h1v1h-1z");
    expect(short?.d).not.toContain("M1 1h1v1h-1z");
  });

  it("says when a link is too long for any QR code", () => {
    expect(qrPath("x".repeat(4000))).toBeNull();
  });
});
