/**
 * A hot-seat page: one table in memory, East's panel. The table lives as long as the component; nothing is stored
 * (a persisted table is secret: it holds every rack, the wall and the seed).
 */
import { useEffect, useState, type ReactElement } from 'react';
import { createCharleston, type CharlestonOptions } from 'charleston-engine';
import { SeatPanel } from './SeatPanel.js';

/** The page: `options` set up the table (a seed for a repeatable deal in tests; none for a live, unpredictable one). */
export function App({ options = {} }: { options?: CharlestonOptions }): ReactElement {
  const [table] = useState(() => createCharleston(options));
  useEffect(() => () => table.stop(), [table]);
  return <SeatPanel table={table} seat="east" />;
}
