// Label-and-figure rows (a <dl>): the order ticket's review and receipt, and Your Holdings.
import type { ReactNode } from 'react';

export function FigureRows({ rows }: { rows: [label: string, value: ReactNode, testId?: string][] }) {
  return (
    <dl className="divide-y divide-gray-100 text-sm">
      {rows.map(([label, value, testId]) => (
        <div key={label} className="flex justify-between gap-4 py-2">
          <dt className="text-gray-600">{label}</dt>
          <dd className="text-right font-medium tabular-nums text-gray-900" data-testid={testId}>
            {value}
          </dd>
        </div>
      ))}
    </dl>
  );
}
