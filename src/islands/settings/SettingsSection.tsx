// A settings page's heading and body card.
import type { ReactNode } from 'react';

export function SettingsSection({ title, description, children }: { title: string; description?: string; children?: ReactNode }) {
  return (
    <section className="rounded-xl border border-gray-200 bg-white p-6">
      <h1 className="text-xl font-semibold text-gray-900">{title}</h1>
      {description && <p className="mt-1 text-sm text-gray-600">{description}</p>}
      {children && <div className="mt-6">{children}</div>}
    </section>
  );
}
