import { Bar, BarChart, CartesianGrid, Legend, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";

/** The brand's accent, neutral mid and a deep teal read on both the light and the dark background. */
const COLOURS = ["#aa7452", "#969a9e", "#2f7f86"];
const axis = { tick: { fill: "currentColor", fontSize: 12 }, stroke: "currentColor" };
const tooltip = { contentStyle: { color: "#051822" }, cursor: { fill: "currentColor", fillOpacity: 0.08 } };

export type Series = { key: string; name: string };

/* Drawn at once: the figures change with the timeframe, and a chart that grows each time helps no one. */

/** Figures over time: one line per series, a point per bucket (`label` names it). */
export function TimeChart({ data, series }: { data: Record<string, string | number>[]; series: Series[] }) {
  return (
    <ResponsiveContainer width="100%" height="100%">
      <LineChart data={data} accessibilityLayer={false} margin={{ top: 8, right: 8, bottom: 8, left: 0 }}>
        <CartesianGrid strokeDasharray="3 3" stroke="currentColor" strokeOpacity={0.2} />
        <XAxis dataKey="label" {...axis} minTickGap={16} />
        <YAxis allowDecimals={false} width={40} {...axis} />
        <Tooltip {...tooltip} />
        <Legend />
        {series.map((line, index) => (
          <Line
            key={line.key}
            dataKey={line.key}
            name={line.name}
            stroke={COLOURS[index % COLOURS.length]}
            strokeWidth={2}
            dot={false}
            isAnimationActive={false}
          />
        ))}
      </LineChart>
    </ResponsiveContainer>
  );
}

/** A breakdown (by role, page, device…): one horizontal bar per entry. */
export function BreakdownChart({ data }: { data: { name: string; value: number }[] }) {
  return (
    <ResponsiveContainer width="100%" height="100%">
      <BarChart data={data} layout="vertical" accessibilityLayer={false} margin={{ top: 8, right: 8, bottom: 8, left: 0 }}>
        <CartesianGrid strokeDasharray="3 3" stroke="currentColor" strokeOpacity={0.2} />
        <XAxis type="number" allowDecimals={false} {...axis} />
        <YAxis type="category" dataKey="name" width={110} {...axis} />
        <Tooltip {...tooltip} />
        <Bar dataKey="value" name="Count" fill={COLOURS[0]} isAnimationActive={false} />
      </BarChart>
    </ResponsiveContainer>
  );
}
