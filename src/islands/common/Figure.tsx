// One labelled figure of an account screen (a balance, buying power): the label, then the value large.
export function Figure({ label, value, testId }: { label: string; value: string; testId: string }) {
  return (
    <div className="rounded-xl border border-gray-200 bg-white p-4">
      <p className="text-sm text-gray-600">{label}</p>
      <p className="mt-1 text-2xl font-semibold text-gray-900" data-testid={testId}>
        {value}
      </p>
    </div>
  );
}
