/** A small line chart of recent samples (SVG, one path). The label describes it for screen readers. */
export function Sparkline({
  values,
  label,
  width = 120,
  height = 32,
  className = 'text-indigo-500 dark:text-indigo-400',
  max,
}: {
  values: readonly number[];
  label: string;
  width?: number;
  height?: number;
  className?: string;
  max?: number;
}) {
  const top = Math.max(max ?? 0, ...values, 1);
  const step = values.length > 1 ? width / (values.length - 1) : width;
  const points = values.map((v, i) => `${(i * step).toFixed(1)},${(height - 2 - (v / top) * (height - 4)).toFixed(1)}`);
  return (
    <svg role="img" aria-label={label} width={width} height={height} viewBox={`0 0 ${width} ${height}`} preserveAspectRatio="none" className={className}>
      <line x1="0" x2={width} y1={height - 1} y2={height - 1} stroke="currentColor" strokeOpacity="0.2" />
      {points.length > 1 ? (
        <>
          <path d={`M0,${height - 1} L${points.join(' L')} L${width},${height - 1} Z`} fill="currentColor" fillOpacity="0.12" />
          <polyline points={points.join(' ')} fill="none" stroke="currentColor" strokeWidth="1.5" strokeLinejoin="round" />
        </>
      ) : null}
    </svg>
  );
}
