/**
 * Bar charts of counts (recharts), one per series, and the same numbers as a table for
 * screen readers. Loaded lazily: recharts is large and only dashboards with a chart need it.
 */
import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import type { ChartSeries } from './chart-series';

/**
 * @example <StatsChart series={chartSeries(meta, 'tickets', ['byStatus'], stats)} />
 */
export function StatsChart({ series }: { readonly series: readonly ChartSeries[] }) {
  return (
    <div className="charts">
      {series.map((s) => (
        <figure key={s.name} className="chart">
          <figcaption>{s.title}</figcaption>
          <div className="chart-box" aria-hidden="true">
            <ResponsiveContainer width="100%" height="100%">
              <BarChart
                accessibilityLayer={false}
                data={[...s.points]}
                margin={{ top: 8, right: 8, bottom: 8, left: -16 }}
              >
                <CartesianGrid strokeDasharray="3 3" stroke="var(--border)" vertical={false} />
                <XAxis dataKey="label" tick={{ fill: 'var(--muted)', fontSize: 12 }} interval={0} />
                <YAxis allowDecimals={false} tick={{ fill: 'var(--muted)', fontSize: 12 }} />
                <Tooltip
                  cursor={{ fill: 'var(--surface)' }}
                  contentStyle={{
                    background: 'var(--bg)',
                    border: '1px solid var(--border)',
                    color: 'var(--text)',
                  }}
                />
                <Bar
                  dataKey="value"
                  name="Count"
                  fill="var(--accent)"
                  radius={[4, 4, 0, 0]}
                  isAnimationActive={false}
                />
              </BarChart>
            </ResponsiveContainer>
          </div>
          <table className="visually-hidden">
            <caption>{s.title}</caption>
            <tbody>
              {s.points.map((p) => (
                <tr key={p.key}>
                  <th scope="row">{p.label}</th>
                  <td>{p.value}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </figure>
      ))}
    </div>
  );
}
