import {
  Bar,
  BarChart,
  CartesianGrid,
  Legend,
  Line,
  LineChart,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
  type YAxisTickContentProps,
} from "recharts";

/** The brand's accent, neutral mid and a deep teal read on both the light and the dark background. */
const COLOURS = ["#aa7452", "#969a9e", "#2f7f86"];
const axis = { tick: { fill: "currentColor", fontSize: 12 }, stroke: "currentColor" };
const tooltip = { contentStyle: { color: "#051822" }, cursor: { fill: "currentColor", fillOpacity: 0.08 } };

export type Series = { key: string; name: string };

/** A chart's height; a breakdown with many rows is taller. */
const CHART_PX = 256;

/* Drawn at once: the figures change with the timeframe, and a chart that grows each time helps no one. */

/** Figures over time: one line per series, a point per bucket (`label` names it). */
export function TimeChart({ data, series }: { data: Record<string, string | number>[]; series: Series[] }) {
  return (
    <ResponsiveContainer width="100%" height={CHART_PX}>
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

/** About the width of a character of the axes' 12 px type, and the room the labels of a breakdown may take. */
const CHARACTER_PX = 6.5;
/** A breakdown's row: room for its 12 px label, so that no label is dropped for lack of it (the chart grows instead). */
const ROW_PX = 24;
/** The room the axes and margins of a chart take beside its rows. */
const FRAME_PX = 48;
const LABEL_PX = { min: 48, max: 160 };

/**
 * A breakdown's label on one line, as written ('Digital Marketing'): the chart's own labels break into one line per
 * word, which reads as 'DigitalMarketing'. A label too long for the axis ends in '…', its whole text in its title.
 */
function CategoryTick({ x, y, payload, characters }: Pick<YAxisTickContentProps, "x" | "y" | "payload"> & { characters: number }) {
  const name = String(payload.value);
  const shown = name.length > characters ? `${name.slice(0, characters - 1).trimEnd()}…` : name;
  return (
    <text x={x} y={y} dy="0.355em" textAnchor="end" fill="currentColor" fontSize={12}>
      {shown === name ? null : <title>{name}</title>}
      {shown}
    </text>
  );
}

/** A breakdown (by role, page, device…): one horizontal bar per entry. */
export function BreakdownChart({ data }: { data: { name: string; value: number }[] }) {
  // The labels' column as wide as the longest label needs, within bounds (the bars keep the rest at 360 px).
  const longest = Math.max(0, ...data.map((entry) => entry.name.length));
  const labelWidth = Math.min(LABEL_PX.max, Math.max(LABEL_PX.min, longest * CHARACTER_PX + 8));
  const characters = Math.floor((labelWidth - 8) / CHARACTER_PX);
  return (
    <ResponsiveContainer width="100%" height={Math.max(CHART_PX, data.length * ROW_PX + FRAME_PX)}>
      <BarChart data={data} layout="vertical" accessibilityLayer={false} margin={{ top: 8, right: 8, bottom: 8, left: 0 }}>
        <CartesianGrid strokeDasharray="3 3" stroke="currentColor" strokeOpacity={0.2} />
        <XAxis type="number" allowDecimals={false} {...axis} />
        <YAxis
          type="category"
          dataKey="name"
          width={labelWidth}
          interval={0}
          {...axis}
          tick={(props: YAxisTickContentProps) => <CategoryTick x={props.x} y={props.y} payload={props.payload} characters={characters} />}
        />
        <Tooltip {...tooltip} />
        <Bar dataKey="value" name="Count" fill={COLOURS[0]} isAnimationActive={false} />
      </BarChart>
    </ResponsiveContainer>
  );
}
