/**
 * The client drawn as a table, checked in real Chromium at 390×844 in all four languages: a whole solo hand phase
 * by phase; at each step only the controls of the phase are on screen, no text is cut off, every tile has an
 * accessible name, and axe-core finds no serious or critical violation (support/solo-table.ts; the same at
 * 1440×900 is table-desktop.e2e, a file of its own so that two workers share the walks). Also: the direction arrow
 * with the seed's word, the ROLLOR strip in the page's script, received tiles marked new, the blind pass drawn face
 * down in the slots, a fourth tap that says three are chosen. And the axe check of the browser files
 * (support/axe.ts) against @axe-core/playwright's own.
 */
import { AxeBuilder } from '@axe-core/playwright';
import { describe, expect, it } from 'vitest';
import { axeFindings, axeResults } from './support/axe.js';
import { PHONE } from './support/browser.js';
import { useSoloTable, walkChecked } from './support/solo-table.js';

const table = useSoloTable();

describe('the table in the browser', () => {
  for (const locale of ['en', 'ca', 'sw', 'el'] as const) {
    it(`plays a hand at ${PHONE.width}×${PHONE.height} in ${locale}: only the phase's controls, nothing cut off, named tiles, no serious axe violation`, () => walkChecked(table, PHONE, locale), 240_000);
  }

  it('draws the pass as an arrow to its receiver with the seed\'s word, and ROLLOR in the page\'s script', async () => {
    for (const [locale, word, strip] of [
      ['en', 'Right', 'RRightOAcrossLLeftLLeftOAcrossRRight'],
      ['ca', 'Dreta', 'DretaDavantEsquerraEsquerraDavantDreta'],
      ['sw', 'Kulia', 'KuliaMkabalaKushotoKushotoMkabalaKulia'],
      ['el', 'Δεξιά', 'ΔεξιάΑπέναντιΑριστεράΑριστεράΑπέναντιΔεξιά'],
    ] as const) {
      const page = await table.openSolo(`seed=7&botDelay=60000&lang=${locale}`, PHONE);
      expect(await page.locator('.arrow[data-direction="right"] .direction-word').textContent()).toBe(word);
      // East passes right to South, drawn on the right.
      expect(await page.locator('.seat-right').getAttribute('data-seat')).toBe('south');
      expect(await page.locator('.seat-top').getAttribute('data-seat')).toBe('west');
      expect((await page.locator('.rollor li').allTextContents()).join('')).toBe(strip);
      await page.context().close();
    }
  }, 60_000);

  it('says that three are chosen on a fourth tap, and shows the blind tiles face down in the slots', async () => {
    const page = await table.openSolo('seed=2026&botDelay=0', PHONE);
    const naturals = page.locator('[data-tile]:not([data-tile="J"])');
    for (let i = 0; i < 4; i += 1) await naturals.nth(i).click();
    expect(await page.locator('[data-tile][aria-pressed="true"]').count()).toBe(3);
    expect(await naturals.nth(3).getAttribute('aria-pressed')).toBe('false');
    await expect.poll(() => page.locator('[role="alert"]').textContent()).toBe('You have already chosen 3: tap a chosen tile to put it back first.');
    expect(await page.locator('.slots [data-slot]').count()).toBe(3);
    // Tapping a slot puts the tile back.
    await page.locator('.slots [data-slot]').first().click();
    expect(await page.locator('[data-tile][aria-pressed="true"]').count()).toBe(2);
    await naturals.nth(3).click();
    await page.click('[data-action="pass"]');
    await page.click('[data-action="confirm"]');
    await page.locator('[data-phase="firstCharleston.across"]').waitFor();
    // The three received tiles are in the rack, marked new until the next choice.
    expect(await page.locator('[data-tile][data-new]').count()).toBe(3);
    await naturals.first().click();
    expect(await page.locator('[data-tile][data-new]').count()).toBe(0);
    await naturals.first().click();
    for (let i = 0; i < 3; i += 1) await page.locator('[data-tile]:not([data-tile="J"])[aria-pressed="false"]').first().click();
    await page.click('[data-action="pass"]');
    await page.click('[data-action="confirm"]');
    await page.locator('[data-phase="firstCharleston.left"]').waitFor();
    await page.click('[data-action="blind-2"]');
    expect(await page.locator('.slots .back[role="img"]').count()).toBe(2);
    expect(await page.locator('.slots .back[role="img"]').first().getAttribute('aria-label')).toBe('Arriving tile, forwarded unseen');
    await page.context().close();
  }, 60_000);

  it('checks with axe as @axe-core/playwright does: the same rules fail and pass, a bad page is found out, a page with frames is refused', async () => {
    const context = await table.browser.newContext();
    const page = await context.newPage();
    await page.setContent('<html lang="en"><head><title>t</title></head><body><main><img src="data:,"><button></button><p style="color:#777;background:#888">low</p></main></body></html>');
    const ours = await axeResults(page);
    const builder = await new AxeBuilder({ page }).analyze();
    expect(ours.violations.map((rule) => rule.id).sort()).toEqual(builder.violations.map((rule) => rule.id).sort());
    expect(ours.passes.map((rule) => rule.id).sort()).toEqual(builder.passes.map((rule) => rule.id).sort());
    expect(await axeFindings(page)).toEqual(['button-name: button', 'color-contrast: p', 'image-alt: img']);
    await page.setContent('<html lang="en"><body><iframe title="x" srcdoc="<p>x</p>"></iframe></body></html>');
    await expect(axeResults(page)).rejects.toThrow(/without frames/);
    await context.close();
  });
});
