/**
 * The service's heap setting: `charleston serve` (and the bench's node) let V8's heap grow to three times its live
 * size between full collections, unless the process was started with its own growing percent.
 */
import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { SERVICE_HEAP_GROWING_PERCENT, serviceHeapFlag } from '../../src/server/heap.js';

describe('the service heap flag', () => {
  it('is set for a process started without one', () => {
    expect(SERVICE_HEAP_GROWING_PERCENT).toBe(200);
    expect(serviceHeapFlag([])).toBe('--heap-growing-percent=200');
    expect(serviceHeapFlag(['--expose-gc', '--import', 'tsx', '--max-old-space-size=4096'])).toBe('--heap-growing-percent=200');
  });

  it("leaves the operator's own choice alone, in either spelling", () => {
    expect(serviceHeapFlag(['--heap-growing-percent=50'])).toBeNull();
    expect(serviceHeapFlag(['--expose-gc', '--heap_growing_percent=400'])).toBeNull();
    expect(serviceHeapFlag(['--heap-growing-percent', '50'])).toBeNull();
    expect(serviceHeapFlag(['--heap-growing-percentage=5'])).toBe('--heap-growing-percent=200');
  });

  it('is a flag this Node accepts', () => {
    const listed = spawnSync(process.execPath, ['--v8-options'], { encoding: 'utf8' });
    expect(listed.status).toBe(0);
    expect(listed.stdout).toMatch(/--heap-growing-percent \(specifies heap growing factor/);
  });
});
