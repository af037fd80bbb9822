// Joins class names, skipping falsy parts: enough for conditional Tailwind classes without a library.
export function cx(...parts: Array<string | false | null | undefined>): string {
  return parts.filter(Boolean).join(' ');
}
