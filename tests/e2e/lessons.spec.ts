// The lessons walked as a learner would, in real Chromium: each step's check, read from the
// runs' reports, is reached after "Show me" (or at once for a step that only looks), a link
// reopens a lesson at its step, and presenter mode fits a 1280x720 projector with chart text
// of 16 px or more.
import { readdirSync, readFileSync } from "node:fs";
import { expect, test, type Page } from "@playwright/test";
import { collectErrors, openLab } from "./lab";

interface LessonFile {
  name: string;
  title: string;
  steps: { title: string; solution: string }[];
}

const folder = new URL("../../engine-wasm/model/lessons/", import.meta.url);
const lessons: LessonFile[] = readdirSync(folder)
  .filter((f) => f.endsWith(".json"))
  .sort()
  .map((f) => JSON.parse(readFileSync(new URL(f, folder), "utf8")) as LessonFile);

const completed = (page: Page) =>
  page.evaluate(
    () => Number(document.body.dataset["simCompleted"]) + Number(document.body.dataset["compareCompleted"]),
  );

/** Waits for the step shown to be `step` and its check to have a verdict; returns it. */
async function verdict(page: Page, step: number): Promise<string> {
  const lesson = page.getByTestId("lesson");
  await expect(lesson).toHaveAttribute("data-step", String(step));
  const check = page.getByTestId("lesson-check");
  await expect(check).toHaveAttribute("data-passed", /true|false/, { timeout: 60_000 });
  return (await check.getAttribute("data-passed")) ?? "";
}

test("there are at least ten lessons", () => {
  expect(lessons.length).toBeGreaterThanOrEqual(10);
});

for (const lesson of lessons) {
  test(`lesson "${lesson.title}" walks end to end`, async ({ page }) => {
    test.setTimeout(60_000 + 60_000 * lesson.steps.length);
    const errors = collectErrors(page);
    await openLab(page, `#v=1&lesson=${lesson.name}`);
    await expect(page.locator("#lesson-title")).toHaveText(lesson.title);
    for (const [i, step] of lesson.steps.entries()) {
      const n = i + 1;
      await expect(page.getByTestId("lesson").getByRole("heading", { level: 3 }).first()).toHaveText(
        step.title,
      );
      if (step.solution !== "") {
        // The check reads what the learner reached: not yet at the step's start.
        expect(await verdict(page, n), `step ${n} passes before anything is done`).toBe("false");
        const before = await completed(page);
        await page.getByRole("button", { name: "Show me" }).click();
        await page.waitForFunction(
          (b) =>
            Number(document.body.dataset["simCompleted"]) +
              Number(document.body.dataset["compareCompleted"]) >
            b,
          before,
          { timeout: 60_000 },
        );
      }
      await expect(page.getByTestId("link-notices")).toHaveCount(0);
      expect(await verdict(page, n), `step ${n}: ${await page.getByTestId("lesson-check").innerText()}`).toBe(
        "true",
      );
      if (n < lesson.steps.length) await page.getByRole("button", { name: "Next step" }).click();
    }
    await expect(page.getByTestId("lesson-end")).toBeVisible();
    await expect(page.getByTestId("lesson-end")).toContainText("What to tell the customer");
    expect(errors).toEqual([]);
  });
}

test("a link with a lesson step reopens at that step, with its preset's title and source", async ({
  page,
}) => {
  const lesson = lessons.find((l) => l.steps.length >= 2);
  expect(lesson).toBeDefined();
  if (!lesson) return;
  await openLab(page, `#v=1&lesson=${lesson.name}&step=2`);
  await expect(page.getByTestId("lesson")).toHaveAttribute("data-step", "2");
  await expect(page.getByTestId("preset-about")).toBeVisible();
  // The link the page writes carries the lesson, the step and the pinned start; it reopens the same.
  await expect
    .poll(() => new URL(page.url()).hash)
    .toMatch(new RegExp(`lesson=${lesson.name}&step=2.*pinned=1`));
  const link = new URL(page.url()).hash;
  await page.getByRole("button", { name: "Next step" }).click();
  await openLab(page, link);
  await expect(page.getByTestId("lesson")).toHaveAttribute("data-step", "2");
  await expect(page.locator("#lesson-title")).toHaveText(lesson.title);
});

test("a link naming no such lesson says so and opens the lab", async ({ page }) => {
  await openLab(page, "#v=1&lesson=no-such-lesson&step=2");
  await expect(page.getByTestId("link-notices")).toContainText("no-such-lesson");
  await expect(page.getByTestId("lesson")).toHaveCount(0);
});

test.describe("presenter mode at 1280x720", () => {
  test.use({ viewport: { width: 1280, height: 720 } });

  /** Every SVG text on screen at 16 px or more, as drawn, and nothing outside the viewport. */
  async function checkFits(page: Page) {
    const problems = await page.evaluate(() => {
      const found: string[] = [];
      const { innerWidth: w, innerHeight: h } = window;
      // Content inside a box that scrolls (the lesson's text) is reached by scrolling that
      // box: the box itself must fit, not what it holds.
      const inScrollBox = (e: Element) => {
        for (let p = e.parentElement; p && p !== document.body; p = p.parentElement) {
          const o = getComputedStyle(p).overflowY;
          if (o === "auto" || o === "scroll") return true;
        }
        return false;
      };
      if (document.documentElement.scrollHeight > h + 0.5 || document.documentElement.scrollWidth > w + 0.5)
        found.push(
          `the page scrolls: ${document.documentElement.scrollWidth}x${document.documentElement.scrollHeight}`,
        );
      for (const e of document.querySelectorAll<Element>("body *")) {
        const r = e.getBoundingClientRect();
        if (r.width === 0 && r.height === 0) continue;
        if (getComputedStyle(e).visibility === "hidden" || inScrollBox(e)) continue;
        if (r.left < -0.5 || r.top < -0.5 || r.right > w + 0.5 || r.bottom > h + 0.5)
          found.push(
            `${e.tagName}.${e.getAttribute("class") ?? ""} at ${r.left},${r.top},${r.right},${r.bottom}`,
          );
      }
      for (const t of document.querySelectorAll<SVGTextElement>("svg text")) {
        if (t.getBoundingClientRect().width === 0) continue;
        const px = parseFloat(getComputedStyle(t).fontSize);
        const scale = t.ownerSVGElement?.getScreenCTM()?.a ?? 1;
        if (px < 16 || px * scale < 15.9)
          found.push(`text "${t.textContent}" at ${px} px × ${scale.toFixed(2)}`);
      }
      return found;
    });
    expect(problems.slice(0, 10), problems.length > 0 ? `${problems.length} problems` : "").toEqual([]);
  }

  test("a lesson steps with the arrow keys, one panel at a time, text of 16 px or more", async ({ page }) => {
    const lesson = lessons.find((l) => l.steps.length >= 2);
    if (!lesson) throw new Error("no lesson with two steps");
    await openLab(page, `#v=1&lesson=${lesson.name}&present=1`);
    await expect(page.locator(".presenter")).toBeVisible();
    await expect(page.locator(".controls")).toBeHidden();
    await expect(page.getByTestId("link-qr")).toBeVisible();
    await expect(page.locator("main [data-panel]:visible")).toHaveCount(1);
    await checkFits(page);
    await page.keyboard.press("ArrowRight");
    await expect(page.getByTestId("lesson")).toHaveAttribute("data-step", "2");
    await expect.poll(() => new URL(page.url()).hash).toContain("step=2");
    await checkFits(page);
    // Every panel, one after another.
    const panels = await page.getByTestId("presenter-panel").locator("option").count();
    for (let i = 0; i < panels; i++) {
      await page.keyboard.press("ArrowDown");
      await expect(page.locator("main [data-panel]:visible")).toHaveCount(1);
      await checkFits(page);
    }
    await page.keyboard.press("Escape");
    await expect(page.locator(".presenter")).toHaveCount(0);
    await expect.poll(() => new URL(page.url()).hash).not.toContain("present=1");
  });
});
