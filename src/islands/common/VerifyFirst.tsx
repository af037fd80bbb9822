// What an account screen shows a person whose identity is not verified yet: why, and the way to
// identity verification.
export function VerifyFirst({ id, title, body, link }: { id: string; title: string; body: string; link: string }) {
  return (
    <section aria-labelledby={id} className="rounded-xl border border-gray-200 bg-white p-6">
      <h2 id={id} className="text-lg font-semibold text-gray-900">
        {title}
      </h2>
      <p className="mt-2 text-sm text-gray-700">{body}</p>
      <a
        href="/settings/identity"
        className="mt-4 inline-flex min-h-11 items-center justify-center rounded-lg bg-gray-900 px-4 text-sm font-semibold text-white hover:bg-gray-800"
      >
        {link}
      </a>
    </section>
  );
}
