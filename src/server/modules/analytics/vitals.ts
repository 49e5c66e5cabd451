import { VITAL_MIN_SAMPLES, type WebVital } from "../../../shared/analytics.js";

/**
 * The width of the bins the daily roll-up counts Web Vitals in: the 75th percentile of any period is read from
 * the summed bins, so it is known to within one bin (50 ms; 0.01 for CLS).
 */
export const VITAL_BIN_WIDTH: Record<WebVital, number> = { LCP: 50, INP: 50, CLS: 0.01, TTFB: 50 };

/**
 * The 75th percentile from bin counts (bin index → samples): the upper edge of the bin holding it; null below
 * VITAL_MIN_SAMPLES samples, too few for one visitor's beacons not to decide it.
 */
export function p75FromBins(metric: WebVital, bins: { bin: number; count: number }[]): { p75: number | null; samples: number } {
  const samples = bins.reduce((total, { count }) => total + count, 0);
  if (samples < VITAL_MIN_SAMPLES) return { p75: null, samples };
  const rank = Math.ceil(samples * 0.75);
  let seen = 0;
  for (const { bin, count } of [...bins].sort((a, b) => a.bin - b.bin)) {
    seen += count;
    if (seen >= rank) return { p75: Number(((bin + 1) * VITAL_BIN_WIDTH[metric]).toFixed(2)), samples };
  }
  return { p75: null, samples };
}
