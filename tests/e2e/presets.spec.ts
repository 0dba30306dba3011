// The preset picker: presets are listed by the symptom each shows, and the chosen one's
// source (the seed scenario or data it rests on) shows beneath it as a subtitle.
import { expect, test } from "@playwright/test";
import { openLab, simulationsDone } from "./lab";

test("presets are listed by symptom and the chosen one shows its source", async ({ page }) => {
  await openLab(page);
  const option = page.locator('#preset option[value="picket-fence"]');
  await expect(option).toHaveText("Reads wait behind each sync's burst");
  await expect(option).toHaveAttribute("title", "Seed S5, picket-fencing (Leventhal, Delphix, 2013)");
  await expect(page.getByTestId("preset-source")).toHaveCount(0);
  await page.locator("#preset").selectOption("fast-then-slow");
  await simulationsDone(page, 2);
  await expect(page.getByTestId("preset-source")).toHaveText(
    "A customer's symptom; the write delay of seed S7 (Leventhal, Delphix, 2013)",
  );
  await expect(page.locator(".preset-description")).toContainText("the first moments run at memory speed");
});
