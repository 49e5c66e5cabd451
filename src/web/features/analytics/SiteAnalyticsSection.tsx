import { useQuery } from "@tanstack/react-query";
import { type Timeframe, timeframeLabels, VITAL_MIN_SAMPLES, type WebVital, webVitals } from "../../../shared/analytics";
import { StatCard, StatGrid } from "../../components/ui/StatCard";
import { ErrorMessage, LoadingMessage } from "../../components/ui/StatusMessage";
import { TableHead } from "../../components/ui/TableHead";
import { formatPercent } from "../../lib/format";
import { siteAnalyticsQuery } from "./api";
import { ChartPanel } from "./ChartPanel";
import { BreakdownChart, TimeChart } from "./charts";
import { breakdownFigures, timeFigures } from "./tables";

const series = [
  { key: "views", name: "Page views" },
  { key: "visitors", name: "Visitors" },
  { key: "conversions", name: "Contact-form inquiries" },
];

/** web.dev's 'good' thresholds of each metric at the 75th percentile. */
const vitalGoals: Record<WebVital, { name: string; good: number; unit: string }> = {
  LCP: { name: "Largest Contentful Paint", good: 2500, unit: "ms" },
  INP: { name: "Interaction to Next Paint", good: 200, unit: "ms" },
  CLS: { name: "Cumulative Layout Shift", good: 0.1, unit: "" },
  TTFB: { name: "Time to First Byte", good: 800, unit: "ms" },
};

/** GET /api/admin/analytics/site: the public website's visits, pages, referrers, devices and real-user Web Vitals. */
export function SiteAnalyticsSection({ timeframe }: { timeframe: Timeframe }) {
  const figures = useQuery(siteAnalyticsQuery(timeframe));
  if (figures.isPending) return <LoadingMessage>Counting visits...</LoadingMessage>;
  if (figures.isError) return <ErrorMessage error={figures.error} onRetry={() => void figures.refetch()} />;
  const { data } = figures;
  const over = timeFigures(data.granularity, data.buckets, series);
  const pages = breakdownFigures(data.topPages, "Page");
  const referrers = breakdownFigures(data.referrers, "Referring site");
  const devices = breakdownFigures(data.devices, "Device");
  const period = `in the last ${timeframeLabels[timeframe]}`;
  return (
    <div className="flex flex-col gap-8">
      <StatGrid label="Website">
        <StatCard label="Page views" value={data.views} hint={period} />
        <StatCard label="Visitors" value={data.visitors} hint="unique per day, added up" />
        <StatCard label="Contact-form inquiries" value={data.conversions} hint={period} />
        <StatCard
          label="Conversion rate"
          value={data.visitors ? formatPercent(data.conversions / data.visitors) : "–"}
          hint="inquiries per visitor"
        />
      </StatGrid>
      <ChartPanel
        id="visits-over-time"
        title="Page views and visitors"
        empty={`No visits counted ${period}.`}
        isEmpty={over.isEmpty}
        table={over.table}
        chart={<TimeChart data={over.data} series={series} />}
      />
      <ChartPanel
        id="top-pages"
        title="Top pages"
        empty={`No page views ${period}.`}
        isEmpty={pages.isEmpty}
        table={pages.table}
        chart={<BreakdownChart data={pages.data} />}
      />
      <ChartPanel
        id="referrers"
        title="Referring sites"
        empty={`No visits from other sites ${period}.`}
        isEmpty={referrers.isEmpty}
        table={referrers.table}
        chart={<BreakdownChart data={referrers.data} />}
      />
      <ChartPanel
        id="devices"
        title="Devices"
        empty={`No page views ${period}.`}
        isEmpty={devices.isEmpty}
        table={devices.table}
        chart={<BreakdownChart data={devices.data} />}
      />
      <section aria-labelledby="web-vitals-heading" className="flex flex-col gap-3">
        <h3 id="web-vitals-heading" className="text-lg font-semibold">
          Web Vitals of real visitors (75th percentile)
        </h3>
        <div className="overflow-x-auto">
          <table className="w-full text-left text-sm tabular-nums">
            <TableHead columns={[{ label: "Metric" }, { label: "75th percentile" }, { label: "Good at most" }, { label: "Samples" }]} />
            <tbody>
              {webVitals.map((metric) => {
                const { p75, samples } = data.vitals[metric];
                const goal = vitalGoals[metric];
                return (
                  <tr key={metric} className="border-b border-neutral-light last:border-0 dark:border-brand-700">
                    <th scope="row" className="py-1.5 pr-3 font-normal">
                      {goal.name} ({metric})
                    </th>
                    <td className="py-1.5 pr-3">
                      {p75 === null
                        ? samples === 0
                          ? "No samples"
                          : `Not enough data (${VITAL_MIN_SAMPLES} samples needed)`
                        : `${p75}${goal.unit ? ` ${goal.unit}` : ""} ${p75 <= goal.good ? "(good)" : "(needs work)"}`}
                    </td>
                    <td className="py-1.5 pr-3">
                      {goal.good}
                      {goal.unit ? ` ${goal.unit}` : ""}
                    </td>
                    <td className="py-1.5">{samples}</td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      </section>
    </div>
  );
}
